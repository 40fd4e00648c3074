// Webhook event names and the default payload of each event, field for field as the spec's tables.
// The same objects are webhook bodies and the `payload` of GraphQL sessionEvents items.
import { z } from 'zod';
import { isStatusChangeStatus, type StatusChangeStatus } from './statuses.js';
import { isoTimestamp } from './time.js';

/** In the order of CONTRACT §7. */
export const WEBHOOK_EVENTS = ['SESSION:SMS_PROCESS', 'SESSION:STAGE_CHANGE', 'SESSION:STATUS_CHANGE', 'SESSION:COMPLETE', 'SESSION:NOTE_INSERT'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS).meta({ id: 'WebhookEvent' });

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

// Optional fields: every field of a table is always present, so receivers never test for absence.
// `message` is the error text: non-empty exactly when status is error / photo_status is rejected, "" otherwise
// (a generic text stands in when a failure comes without one). `name` is "" when the recipient is unknown.

const UNKNOWN_SMS_ERROR = 'The SMS message could not be delivered.';
const UNKNOWN_PHOTO_REJECTION = 'The photo did not pass quality control.';

export interface SmsProcessPayload {
  session_key: string;
  event: 'SESSION:SMS_PROCESS';
  name: string;
  phone: string;
  status: 'success' | 'error';
  message: string;
  timestamp: string;
}

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

export interface StageChangePayload {
  session_key: string;
  event: 'SESSION:STAGE_CHANGE';
  photo_code: number;
  photo_label: string;
  photo_url: string;
  photo_status: 'accepted' | 'rejected';
  message: string;
  timestamp: string;
}

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

export interface StatusChangePayload {
  session_key: string;
  event: 'SESSION:STATUS_CHANGE';
  status: StatusChangeStatus;
  timestamp: string;
}

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

export interface NoteInsertPayload {
  session_key: string;
  event: 'SESSION:NOTE_INSERT';
  timestamp: string;
  title: string;
  description: string;
  user: string;
}

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
 * A delivery body: the default payload, then the callback's extra attributes (CONTRACT §8). On a name clash the
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
