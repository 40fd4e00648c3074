// Webhook event names and the default payload of each event, field for field as the spec's tables.
// The same objects are webhook bodies and the `payload` of GraphQL sessionEvents items.
import { z } from 'zod';
import { isStatusChangeStatus, STATUS_CHANGE_STATUSES, type StatusChangeStatus } from './statuses.js';
import { PhotoCodeSchema } from './themes.js';
import { isoTimestamp, OffsetTimestampSchema } from './time.js';

/** In the order of docs/webhooks.md. */
export const WEBHOOK_EVENTS = [
  'SESSION:SMS_PROCESS',
  'SESSION:STAGE_CHANGE',
  'SESSION:STATUS_CHANGE',
  'SESSION:COMPLETE',
  'SESSION:NOTE_INSERT',
  'SESSION:REPORT_REVISED',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(', ')}.` }).meta({ id: 'WebhookEvent' });

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

// Optional fields: every field of a table is always present, so receivers never test for absence.
// `message` is the error text: non-empty exactly when status is error / photo_status is rejected, "" otherwise
// (a generic text stands in when a failure comes without one). `name` is "" when the recipient is unknown.

const UNKNOWN_SMS_ERROR = 'The SMS message could not be delivered.';
const UNKNOWN_PHOTO_REJECTION = 'The photo did not pass quality control.';

export const SmsProcessPayloadSchema = z
  .object({
    session_key: z.string(),
    event: z.literal('SESSION:SMS_PROCESS'),
    name: z.string().meta({ description: 'Recipient name; "" when unknown.' }),
    phone: z.string(),
    status: z.enum(['success', 'error']),
    message: z.string().meta({ description: 'Error text when status is error; "" otherwise.' }),
    timestamp: OffsetTimestampSchema,
  })
  .meta({ id: 'SmsProcessPayload' });
export type SmsProcessPayload = z.output<typeof SmsProcessPayloadSchema>;

export function smsProcessPayload(input: {
  sessionKey: string;
  name?: string | null;
  phone: string;
  status: 'success' | 'error';
  message?: string | null;
  at: Date;
}): SmsProcessPayload {
  return {
    session_key: input.sessionKey,
    event: 'SESSION:SMS_PROCESS',
    name: input.name ?? '',
    phone: input.phone,
    status: input.status,
    message: errorMessage(input.status === 'error', input.message, UNKNOWN_SMS_ERROR),
    timestamp: isoTimestamp(input.at),
  };
}

export const StageChangePayloadSchema = z
  .object({
    session_key: z.string(),
    event: z.literal('SESSION:STAGE_CHANGE'),
    photo_code: PhotoCodeSchema,
    photo_label: z.string(),
    photo_url: z.string(),
    photo_status: z.enum(['accepted', 'rejected']),
    message: z.string().meta({ description: 'Rejection reason when photo_status is rejected; "" otherwise.' }),
    timestamp: OffsetTimestampSchema,
  })
  .meta({ id: 'StageChangePayload' });
export type StageChangePayload = z.output<typeof StageChangePayloadSchema>;

export function stageChangePayload(input: {
  sessionKey: string;
  photoCode: number;
  photoLabel: string;
  photoUrl: string;
  photoStatus: 'accepted' | 'rejected';
  message?: string | null;
  at: Date;
}): StageChangePayload {
  return {
    session_key: input.sessionKey,
    event: 'SESSION:STAGE_CHANGE',
    photo_code: input.photoCode,
    photo_label: input.photoLabel,
    photo_url: input.photoUrl,
    photo_status: input.photoStatus,
    message: errorMessage(input.photoStatus === 'rejected', input.message, UNKNOWN_PHOTO_REJECTION),
    timestamp: isoTimestamp(input.at),
  };
}

export const StatusChangePayloadSchema = z
  .object({
    session_key: z.string(),
    event: z.literal('SESSION:STATUS_CHANGE'),
    status: z.enum(STATUS_CHANGE_STATUSES),
    timestamp: OffsetTimestampSchema,
  })
  .meta({ id: 'StatusChangePayload' });
export type StatusChangePayload = z.output<typeof StatusChangePayloadSchema>;

/** Throws RangeError for a status that is not announced with STATUS_CHANGE (IDLE, COMPLETE, EXPIRED). */
export function statusChangePayload(input: { sessionKey: string; status: StatusChangeStatus; at: Date }): StatusChangePayload {
  if (!isStatusChangeStatus(input.status)) {
    throw new RangeError(`SESSION:STATUS_CHANGE is not sent for status ${String(input.status)}`);
  }
  return {
    session_key: input.sessionKey,
    event: 'SESSION:STATUS_CHANGE',
    status: input.status,
    timestamp: isoTimestamp(input.at),
  };
}

export const NoteInsertPayloadSchema = z
  .object({
    session_key: z.string(),
    event: z.literal('SESSION:NOTE_INSERT'),
    timestamp: OffsetTimestampSchema,
    title: z.string(),
    description: z.string(),
    user: z.string(),
  })
  .meta({ id: 'NoteInsertPayload' });
export type NoteInsertPayload = z.output<typeof NoteInsertPayloadSchema>;

/** `user` is the account username, or "guest" for a note from the capture app. */
export function noteInsertPayload(input: { sessionKey: string; title: string; description: string; user: string; at: Date }): NoteInsertPayload {
  return {
    session_key: input.sessionKey,
    event: 'SESSION:NOTE_INSERT',
    timestamp: isoTimestamp(input.at),
    title: input.title,
    description: input.description,
    user: input.user,
  };
}

/**
 * A delivery body: the default payload, then the callback's extra attributes (docs/webhooks.md). On a name clash the
 * default field wins. Extra keys are defined as plain own properties, so even "__proto__" stays data.
 */
export function mergeCallbackPayload(defaultPayload: object, extra?: Readonly<Record<string, unknown>> | null): Record<string, unknown> {
  const body: Record<string, unknown> = { ...defaultPayload };
  for (const [key, value] of Object.entries(extra ?? {})) {
    if (Object.hasOwn(body, key)) continue;
    Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return body;
}

function errorMessage(failed: boolean, message: string | null | undefined, fallback: string): string {
  if (!failed) return '';
  const text = message?.trim() ?? '';
  return text === '' ? fallback : text;
}
