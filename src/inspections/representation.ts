// The session as the API shows it (docs/rest-guide.md), in the spec's snake_case. Each view's zod schema is what the
// OpenAPI document shows; the views' return types derive from them, so tsc keeps the two in step.
import { z } from 'zod';
import type { InspectionSession } from '../domain/inspection-session.js';
import type { SessionOptions } from '../domain/session-input.js';
import type { Note } from '../domain/notes.js';
import type { Capture } from '../domain/capture.js';
import type { DamageRecord } from '../domain/damage-record.js';
import { SESSION_KEY_PATTERN } from '../domain/identifiers.js';
import { SessionStatusSchema } from '../domain/statuses.js';
import { PhotoCodeSchema, ThemeSchema } from '../domain/themes.js';
import { RejectionCodeSchema } from '../domain/rejection-codes.js';
import { VehicleBoxSchema, VehicleCheckSchema } from '../domain/vehicle-check.js';
import { UtcTimestampSchema } from '../domain/time.js';
import { VehicleSchema, vehicleApiObject } from '../domain/vehicle.js';
import { decodedVehicleFields, VehicleDecodeFieldsSchema, type DecodedVehicle } from '../domain/vehicle-decode.js';
import { vehicleOdometerFields, VehicleOdometerFieldsSchema } from '../domain/odometer.js';
import { APPROVED_MESSAGE_PATTERN, approvedMessage } from '../domain/photos.js';
import { itemOrOther } from '../domain/damage-catalog.js';
import type { DamageView, Grade } from '../domain/grading.js';
import type { PublicUrls } from './public-urls.js';

/** An integrator's free-form JSON object (contact, reference), stored as given: any keys, any values. */
const FreeJsonSchema = z.record(z.string(), z.unknown()).meta({
  override: ({ jsonSchema }) => {
    delete jsonSchema.propertyNames;
    jsonSchema.additionalProperties = true;
  },
});

const SmsInviteSchema = z
  .object({ to: z.string(), to_name: z.string().nullable(), from: z.string().nullable(), by: z.string().nullable() })
  .meta({ id: 'SmsInvite' });

const EmailInviteSchema = z.object({ to: z.string(), to_name: z.string().nullable() }).meta({ id: 'EmailInvite' });

export const SessionOptionsSchema = z
  .object({
    client_id: z.string().nullable(),
    sms: SmsInviteSchema.nullable(),
    email: EmailInviteSchema.nullable(),
    contact: FreeJsonSchema.nullable(),
    reference: FreeJsonSchema.nullable(),
  })
  .meta({ id: 'SessionOptions' });
export type SessionOptionsView = z.output<typeof SessionOptionsSchema>;

/** Where a session's review stands (docs/staff.md "Review revisions"). */
export const REVIEW_STATES = ['none', 'pending', 'completed', 'reopened'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const ReviewRevisionSchema = z
  .object({
    revision: z.int().min(2).meta({ description: 'The report.revision this correction made.' }),
    reason: z.string().meta({ description: 'Why the review was reopened.' }),
    reopened_by: z.string().meta({ description: 'The user, or `api`, who reopened it.' }),
    reopened_at: UtcTimestampSchema,
    completed_by: z.string().meta({ description: 'The user, or `api`, who completed it again.' }),
    completed_at: UtcTimestampSchema,
  })
  .meta({ id: 'ReviewRevision' });

export const SessionReviewSchema = z
  .object({
    state: z.enum(REVIEW_STATES).meta({
      description:
        'none: no person reviews it (not yet confirmed, or completed without review); pending: waits for a review; completed: reviewed; reopened: a completed review reopened for a correction.',
    }),
    revision: z.int().min(1).nullable().meta({ description: "The current report's revision (report.revision of the results); null before COMPLETE." }),
    reopened: z
      .object({ reason: z.string(), by: z.string(), at: UtcTimestampSchema })
      .nullable()
      .meta({ description: 'While reopened: why, by whom and when; null otherwise.' }),
    revisions: z.array(ReviewRevisionSchema).meta({ description: 'The corrections completed so far, oldest first.' }),
  })
  .meta({ id: 'SessionReview' });
export type SessionReviewView = z.output<typeof SessionReviewSchema>;

export const SessionSchema = z
  .object({
    session_key: z.string().regex(SESSION_KEY_PATTERN),
    theme: ThemeSchema,
    active: z.boolean().meta({ description: 'False once COMPLETE or EXPIRED.' }),
    status: SessionStatusSchema,
    test: z.boolean().meta({ description: 'Created with a test key: left out of lists unless asked for; may be simulated (docs/rest-guide.md).' }),
    redirect_url: z.string().nullable(),
    language: z.string().nullable(),
    capture_url: z.string().nullable().meta({
      format: 'uri',
      description:
        "`<PUBLIC_URL>/capture/<session_key>#<capture_token>`: the capture app's only credential, for this one session. Shown to the API headers, owners and inspectors; null for a viewer.",
    }),
    inspect_started_at: UtcTimestampSchema.nullable(),
    inspect_ended_at: UtcTimestampSchema.nullable(),
    created_at: UtcTimestampSchema,
    updated_at: UtcTimestampSchema,
    options: SessionOptionsSchema,
    vehicle: VehicleSchema.extend(VehicleDecodeFieldsSchema.shape).extend(VehicleOdometerFieldsSchema.shape),
    review: SessionReviewSchema,
  })
  .meta({ id: 'Session' });
export type SessionView = z.output<typeof SessionSchema>;

export const PhotoSchema = z
  .object({
    photo_code: PhotoCodeSchema,
    photo_label: z.string(),
    url: z.string().meta({ format: 'uri' }).nullable().meta({ description: 'Unguessable URL of the stored image; null when nothing readable was stored.' }),
    approved: z.boolean(),
    approved_message: z.string().regex(APPROVED_MESSAGE_PATTERN),
    rejection_code: RejectionCodeSchema.nullable().meta({ description: 'Why the photo was rejected; null when accepted.' }),
    decoded_vin: z
      .string()
      .regex(/^[A-HJ-NPR-Z0-9]{17}$/)
      .nullable()
      .meta({
        description:
          'The VIN read from the barcode (Code 39, Code 128, DataMatrix, QR) of an accepted VIN photo (photo code 1), validated; null when none was readable and for other photos.',
      }),
    vehicle_check: VehicleCheckSchema.nullable().meta({
      description:
        'The vehicle check on an exterior view (photo codes 4, 5, 7, 8, 10, 11, 12, 13): ok, no_vehicle, cut_off or too_far; null when the photo was not checked (other views, photos QC rejected, VEHICLE_CHECK=off, or the check could not run).',
    }),
    vehicle_box: VehicleBoxSchema.nullable().meta({
      description: 'Where the vehicle the check is about was found; null when none was found or the photo was not checked.',
    }),
    odometer_suggested: z.int().min(0).nullable().meta({
      description:
        'The mileage read (OCR) from an accepted cluster photo (photo code 3): a suggestion the person confirms or corrects (setOdometer); null when nothing plausible was read, for other photos, and with ODOMETER_READING=off.',
    }),
    created_at: UtcTimestampSchema,
    updated_at: UtcTimestampSchema,
  })
  .meta({ id: 'Photo' });
export type PhotoView = z.output<typeof PhotoSchema>;

export const NoteSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    user: z.string().meta({ description: 'The account username, or guest for a note from the capture app.' }),
    created_at: UtcTimestampSchema,
  })
  .meta({ id: 'Note' });
export type NoteView = z.output<typeof NoteSchema>;

/**
 * `captureUrl`: the link as the use case shows it to the caller (SessionService.captureLinkFor), or null. `decoded`: the
 * decode of the session's captured VIN, else of its given VIN (VehicleDecoding.decodedFor).
 */
export function sessionView(session: InspectionSession, captureUrl: string | null, decoded: DecodedVehicle | null): SessionView {
  const { vehicle, fields } = decodedVehicleFields(session.vehicle, decoded);
  return {
    session_key: session.key,
    // Stored only after the theme rule accepted it.
    theme: session.theme,
    active: session.status !== 'COMPLETE' && session.status !== 'EXPIRED',
    status: session.status,
    test: session.test,
    redirect_url: session.redirectUrl,
    language: session.language,
    capture_url: captureUrl,
    inspect_started_at: session.inspectStartedAt?.toISOString() ?? null,
    inspect_ended_at: session.inspectEndedAt?.toISOString() ?? null,
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
    options: optionsView(session.options),
    vehicle: { ...vehicleApiObject(vehicle), ...fields, ...vehicleOdometerFields(session.vehicle, session.capturedOdometer) },
    review: reviewView(session),
  };
}

export function reviewView(session: InspectionSession): SessionReviewView {
  const reopened = session.status === 'COMPLETE' ? session.reviewReopened : null;
  return {
    state: reviewStateOf(session),
    revision: session.status === 'COMPLETE' ? reportRevisionOf(session) : null,
    reopened: reopened ? { reason: reopened.reason, by: reopened.by, at: reopened.at.toISOString() } : null,
    revisions: session.reviewRevisions.map((entry) => ({
      revision: entry.revision,
      reason: entry.reason,
      reopened_by: entry.reopenedBy,
      reopened_at: entry.reopenedAt.toISOString(),
      completed_by: entry.completedBy,
      completed_at: entry.completedAt.toISOString(),
    })),
  };
}

function reviewStateOf(session: InspectionSession): ReviewState {
  if (session.status === 'CONFIRM' && session.reviewPending) return 'pending';
  if (session.status !== 'COMPLETE') return 'none';
  if (session.reviewReopened) return 'reopened';
  return session.reviewedBy ? 'completed' : 'none';
}

/** The report.revision a completed session's stored results carry (migration 006 numbered older ones); 1 without a report. */
export function reportRevisionOf(session: Pick<InspectionSession, 'results'>): number {
  const report = session.results?.report as { revision?: unknown } | null | undefined;
  return typeof report?.revision === 'number' ? report.revision : 1;
}

export function optionsView(options: SessionOptions): SessionOptionsView {
  return {
    client_id: options.clientId ?? null,
    sms: options.sms ? { to: options.sms.to, to_name: options.sms.toName, from: options.sms.from, by: options.sms.by } : null,
    email: options.email ? { to: options.email.to, to_name: options.email.toName } : null,
    contact: options.contact ?? null,
    reference: options.reference ?? null,
  };
}

export function photoView(capture: Capture, urls: PublicUrls): PhotoView {
  return {
    photo_code: capture.photoCode,
    photo_label: capture.photoLabel,
    url: capture.urlToken ? urls.photoUrl(capture.urlToken) : null,
    approved: capture.approved,
    approved_message: approvedMessage(capture.approved, capture.reason),
    rejection_code: capture.rejectionCode,
    decoded_vin: capture.decodedVin,
    vehicle_check: capture.vehicleCheck,
    vehicle_box: capture.vehicleBox,
    odometer_suggested: capture.odometerSuggested,
    created_at: capture.createdAt.toISOString(),
    updated_at: capture.updatedAt.toISOString(),
  };
}

export function noteView(note: Note): NoteView {
  return { title: note.title, description: note.description, user: note.user, created_at: note.createdAt.toISOString() };
}

/** A damage record as docs/staff.md shows it; `damage` repeats `damage_type` for integrators of the first release. */
export function damageView(damage: DamageRecord): DamageView {
  return {
    damage_id: damage.damageId,
    // Records are written through the damage parsers, so these hold; the store types them loosely.
    item: itemOrOther(damage.item),
    damage_type: damage.damageType,
    damage: damage.damageType,
    grade: damage.grade as Grade,
    photo_code: damage.photoCode,
    region: damage.region,
    source: damage.source,
    status: damage.status,
    score: damage.score,
    note: damage.note,
    created_by: damage.createdBy,
    created_at: damage.createdAt.toISOString(),
  };
}
