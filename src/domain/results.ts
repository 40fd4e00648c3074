// The session results object (docs/rest-guide.md): the one builder behind GET .../results and the SESSION:COMPLETE
// payload, so the two can never differ.
import { z } from 'zod';
import {
  DamageSchema,
  GradeSchema,
  maxGradePerItem,
  overallGrade,
  type DamageRecordStatus,
  type DamageRegion,
  type DamageSource,
  type Grade,
  type VehicleItem,
} from './grading.js';
import { SESSION_KEY_PATTERN } from './identifiers.js';
import { latestCapturePerCode } from './photos.js';
import type { SessionOptions } from './session-input.js';
import { SessionSourceSchema, type SessionSource } from './session-source.js';
import { SessionStatusSchema, type SessionStatus } from './statuses.js';
import { hasDamageInspection, photoLabel, PhotoCodeSchema, ThemeSchema, type Theme } from './themes.js';
import { isoTimestamp, OffsetTimestampSchema, wholeSecondsBetween } from './time.js';
import { vehicleApiObject, VehicleSchema, type Vehicle } from './vehicle.js';
import { vinMatch } from './vin.js';
import { vehicleOdometerFields, VehicleOdometerFieldsSchema, type CapturedOdometer } from './odometer.js';
import { decodedVehicleFields, VehicleDecodeFieldsSchema, type DecodedVehicle } from './vehicle-decode.js';

export interface SessionResultsInput {
  session: {
    sessionKey: string;
    theme: Theme;
    status: SessionStatus;
    language: string | null;
    redirectUrl: string | null;
    createdAt: Date;
    /** When the capture link was opened (IDLE → STARTED). */
    inspectStartedAt: Date | null;
    /** When the person confirmed the capture (PROCESS/QC_PASSED → CONFIRM). */
    inspectEndedAt: Date | null;
    /** When the session completed (its first report); null before. */
    completedAt: Date | null;
    /** Who created the session: an integrator's API key or a person in the dashboard. */
    source: SessionSource;
    options: SessionOptions;
  };
  vehicle: Partial<Vehicle> | null;
  /** The VIN the inspection captured, decoded from the VIN photo or typed (see capturedVin in vin.ts); null when none. */
  vinCaptured?: string | null;
  /** The decode of vinCaptured, else of the given VIN (docs/capture.md); null or absent when there is no VIN. */
  decodedVehicle?: DecodedVehicle | null;
  /** The odometer the person confirmed or typed on the capture page (docs/capture.md#odometer-reading); null when neither. */
  odometerCaptured: CapturedOdometer | null;
  /** Every capture may be passed: only the latest per photo code is reported, in photo-code order. */
  photos: readonly {
    photoCode: number;
    /** Defaults to the label of `photoCode`. */
    photoLabel?: string;
    url: string;
    approved: boolean;
    approvedMessage: string;
    capturedAt: Date;
  }[];
  location: { latitude: number; longitude: number; accuracy: number | null; capturedAt: Date } | null;
  /** Every damage record may be passed: only accepted ones count (proposals and declined ones are left out). */
  damages: readonly ResultsDamageInput[];
  /** Who assessed the vehicle (docs/staff.md). */
  review: {
    /** The user, or `api`, who completed a review; null when nobody did. */
    reviewedBy: string | null;
    reviewedAt: Date | null;
    /** True when a damage detector looked at the photos. */
    detectorRan: boolean;
  };
  /** The report's shareable links (docs/staff.md); null only for results assembled before there were any. */
  reportLink?: { url: string; pdfUrl: string; expiresAt: Date; revision?: number } | null;
}

export interface ResultsDamageInput {
  damageId: string | null;
  item: string;
  damageType: string;
  grade: Grade;
  photoCode: number | null;
  region: DamageRegion | null;
  source: DamageSource;
  status: DamageRecordStatus;
}

const nullableTimestamp = OffsetTimestampSchema.nullable();
const JsonObjectSchema = z.record(z.string(), z.unknown());

// The session's options as the results snapshot them (the session representation shows the same four keys).
const ResultsOptionsSchema = z.object({
  client_id: z.string().nullable(),
  contact: JsonObjectSchema.nullable(),
  sms: z.object({ to: z.string(), to_name: z.string().nullable(), from: z.string().nullable(), by: z.string().nullable() }).nullable(),
  reference: JsonObjectSchema.nullable(),
});

const ResultsSessionSchema = z.object({
  session_key: z.string().regex(SESSION_KEY_PATTERN),
  theme: ThemeSchema,
  status: SessionStatusSchema,
  language: z.string().nullable(),
  redirect_url: z.string().nullable(),
  created_at: OffsetTimestampSchema,
  inspect_started_at: nullableTimestamp,
  inspect_ended_at: nullableTimestamp,
  capture_duration: z
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'Whole seconds from the first photo taken to the confirmation (inspect_ended_at); null until both are known.' }),
  inspect_duration: z
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'Whole seconds from the confirmation (inspect_ended_at) to the completion of the report; null until both are known.' }),
  source: z.object({ type: SessionSourceSchema }).meta({ description: 'Who created the session: `api` (an API key) or `dashboard` (a signed-in person).' }),
  options: ResultsOptionsSchema,
});

const ResultsVehicleSchema = VehicleSchema.extend({
  vin_captured: z
    .string()
    .regex(/^[A-HJ-NPR-Z0-9]{17}$/)
    .nullable()
    .meta({ description: "The VIN read from the VIN photo's barcode or typed on the capture page (whichever was given last); null when neither." }),
  vin_match: z.boolean().nullable().meta({ description: 'Whether vin_captured equals `vin`; null when either is missing.' }),
})
  .extend(VehicleDecodeFieldsSchema.shape)
  .extend(VehicleOdometerFieldsSchema.shape)
  .meta({ description: 'The vehicle as the integrator described it, with the VIN and the odometer the inspection captured.' });

const ResultsPhotoSchema = z.object({
  photo_code: PhotoCodeSchema,
  photo_label: z.string(),
  url: z.string(),
  approved: z.boolean(),
  approved_message: z.string(),
});

const ResultsLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  captured_at: OffsetTimestampSchema,
});

/** An accepted damage as the results report it: the Damage answer's identifying and grading fields. */
export const ResultsDamageSchema = DamageSchema.pick({
  damage_id: true,
  item: true,
  damage_type: true,
  damage: true,
  grade: true,
  photo_code: true,
  region: true,
  source: true,
}).extend({
  // Results are kept as they were at completion: those made before damage ids existed keep the null they reported.
  damage_id: DamageSchema.shape.damage_id.meta({ description: 'The damage record reported; null in results completed before damage ids existed.' }),
});

const AssessmentSchema = z
  .enum(['ASSESSED', 'NOT_ASSESSED'])
  .meta({ description: 'ASSESSED when a person completed a review, any damage was accepted, or a detector ran.' });
export type Assessment = z.output<typeof AssessmentSchema>;

/** Who a change made with the account's API headers is recorded as, in reviews and damage records (docs/staff.md). */
export const API_ACTOR = 'api';

const ResultsInspectionSchema = z.object({
  assessment: AssessmentSchema,
  total_damages: z.int().min(0).meta({ description: 'Accepted damages.' }),
  // Null when NOT_ASSESSED: no grade is ever claimed for a vehicle nobody assessed.
  grade: GradeSchema.nullable().meta({ description: 'Overall condition: 5 EXCELLENT, 4 GOOD, 3 FAIR, 2 ROUGH, 1 POOR; null when NOT_ASSESSED.' }),
  max_grade_per_item: z.record(z.string(), GradeSchema).meta({ description: 'Per item, the highest accepted damage severity; {} when NOT_ASSESSED.' }),
  reviewed_by: z
    .string()
    .nullable()
    .meta({ description: `The user, or \`${API_ACTOR}\`, who completed the review.` }),
  reviewed_at: nullableTimestamp,
  damages: z.array(ResultsDamageSchema).meta({ description: 'Accepted damages only.' }),
});

const ResultsReportSchema = z
  .object({
    url: z.url().meta({ description: 'The report page: opens without credentials until expires_at.' }),
    pdf_url: z.url().meta({ description: 'The same report as a PDF.' }),
    expires_at: OffsetTimestampSchema,
    revision: z.int().min(1).meta({ description: 'Which report this is: 1 at the first completion, one more each time a reopened review is completed again.' }),
  })
  .meta({ description: 'Shareable links to the condition report, valid REPORT_LINK_DAYS (default 30) from completion; they show the latest revision.' });

/** The results document: GET /v1/sessions/:key/results and the SESSION:COMPLETE webhook body. */
export const SessionResultsSchema = z
  .object({
    event: z.literal('SESSION:COMPLETE'),
    session: ResultsSessionSchema,
    vehicle: ResultsVehicleSchema,
    photos: z.array(ResultsPhotoSchema).meta({ description: 'The latest capture of each photo code, in photo-code order.' }),
    location: ResultsLocationSchema.nullable(),
    inspection: ResultsInspectionSchema.nullable(),
    // Links that open the report without credentials until `expires_at`.
    report: ResultsReportSchema.nullable(),
  })
  .meta({ id: 'SessionResults', description: 'Identical to the SESSION:COMPLETE webhook payload. `inspection` is null for the CAPT theme.' });
export type SessionResults = z.output<typeof SessionResultsSchema>;

/** The SESSION:COMPLETE webhook body: the results document, open to the callback's own payload attributes. */
export const SessionCompletePayloadSchema = SessionResultsSchema.loose().meta({
  id: 'SessionCompletePayload',
  description:
    "The results document (see SessionResults), plus the callback's payload attributes (the document's own fields win) and `test: true` on a test send.",
});

/** The most a reopening's reason may say. */
export const MAX_REVISION_REASON_LENGTH = 500;

/** The SESSION:REPORT_REVISED body: the revised results document, which revision it is and why the review was reopened. */
export const ReportRevisedPayloadSchema = SessionResultsSchema.extend({
  event: z.literal('SESSION:REPORT_REVISED'),
  revision: z.int().min(2).meta({ description: 'The new report.revision: 2 for the first correction.' }),
  reason: z.string().max(MAX_REVISION_REASON_LENGTH).meta({ description: 'Why the review was reopened, as the person gave it.' }),
})
  .loose()
  .meta({
    id: 'ReportRevisedPayload',
    description:
      "The results document as SESSION:COMPLETE sends it, after a reopened review was completed again, plus `revision` and `reason`, then the callback's payload attributes.",
  });
export type ReportRevisedPayload = z.output<typeof ReportRevisedPayloadSchema>;

export function reportRevisedPayload(results: SessionResults, revision: number, reason: string): ReportRevisedPayload {
  return { ...results, event: 'SESSION:REPORT_REVISED', revision, reason };
}

/**
 * Durations, in whole seconds (null while an end is unknown), as docs/rest-guide.md states them:
 * - capture_duration: the first photo taken (rejected ones count: the person was capturing) → the confirmation;
 * - inspect_duration: the confirmation → the completion (the time the session waited for and spent in review).
 */
export function buildSessionResults(input: SessionResultsInput): SessionResults {
  const { session } = input;
  const photos = latestCapturePerCode(input.photos);
  const firstCapturedAt = input.photos.reduce<Date | null>((first, photo) => (first === null || photo.capturedAt < first ? photo.capturedAt : first), null);
  const sms = session.options.sms;

  return {
    event: 'SESSION:COMPLETE',
    session: {
      session_key: session.sessionKey,
      theme: session.theme,
      status: session.status,
      language: session.language,
      redirect_url: session.redirectUrl,
      created_at: isoTimestamp(session.createdAt),
      inspect_started_at: optionalTimestamp(session.inspectStartedAt),
      inspect_ended_at: optionalTimestamp(session.inspectEndedAt),
      capture_duration: wholeSecondsBetween(firstCapturedAt, session.inspectEndedAt),
      inspect_duration: wholeSecondsBetween(session.inspectEndedAt, session.completedAt),
      source: { type: session.source },
      options: {
        client_id: session.options.clientId,
        contact: session.options.contact,
        sms: sms === null ? null : { to: sms.to, to_name: sms.toName, from: sms.from, by: sms.by },
        reference: session.options.reference,
      },
    },
    vehicle: vehicleResults(input.vehicle, input.vinCaptured ?? null, input.decodedVehicle ?? null, input.odometerCaptured),
    photos: photos.map((photo) => ({
      photo_code: photo.photoCode,
      photo_label: photo.photoLabel ?? photoLabel(photo.photoCode) ?? String(photo.photoCode),
      url: photo.url,
      approved: photo.approved,
      approved_message: photo.approvedMessage,
    })),
    location:
      input.location === null
        ? null
        : {
            latitude: input.location.latitude,
            longitude: input.location.longitude,
            accuracy: input.location.accuracy,
            captured_at: isoTimestamp(input.location.capturedAt),
          },
    inspection: hasDamageInspection(session.theme) ? buildInspection(input.damages, input.review) : null,
    report: input.reportLink
      ? {
          url: input.reportLink.url,
          pdf_url: input.reportLink.pdfUrl,
          expires_at: isoTimestamp(input.reportLink.expiresAt),
          revision: input.reportLink.revision ?? 1,
        }
      : null,
  };
}

function vehicleResults(
  given: Partial<Vehicle> | null,
  vinCaptured: string | null,
  decoded: DecodedVehicle | null,
  odometer: CapturedOdometer | null,
): SessionResults['vehicle'] {
  const { vehicle, fields } = decodedVehicleFields(given, decoded);
  const apiObject = vehicleApiObject(vehicle);
  return { ...apiObject, vin_captured: vinCaptured, vin_match: vinMatch(apiObject.vin, vinCaptured), ...fields, ...vehicleOdometerFields(given, odometer) };
}

/**
 * ASSESSED when a person completed a review, any damage was accepted, or a detector looked at the photos;
 * otherwise nobody looked, and the inspection says so instead of reporting a spotless vehicle.
 */
export function assessmentOf(damages: readonly Pick<ResultsDamageInput, 'status'>[], review: SessionResultsInput['review']): Assessment {
  const anyAccepted = damages.some((damage) => damage.status === 'accepted');
  return review.reviewedBy !== null || anyAccepted || review.detectorRan ? 'ASSESSED' : 'NOT_ASSESSED';
}

function buildInspection(all: SessionResultsInput['damages'], review: SessionResultsInput['review']): NonNullable<SessionResults['inspection']> {
  const damages = all.filter((damage) => damage.status === 'accepted');
  const assessment = assessmentOf(all, review);
  const assessed = assessment === 'ASSESSED';
  return {
    assessment,
    total_damages: damages.length,
    grade: assessed ? overallGrade(damages) : null,
    max_grade_per_item: assessed ? maxGradePerItem(damages) : {},
    reviewed_by: review.reviewedBy,
    reviewed_at: review.reviewedAt === null ? null : isoTimestamp(review.reviewedAt),
    damages: damages.map((damage) => ({
      damage_id: damage.damageId,
      // Every writer takes the item from the catalog (grading.ts, itemOrOther); the input keeps the store's type.
      item: damage.item as VehicleItem,
      damage_type: damage.damageType,
      damage: damage.damageType,
      grade: damage.grade,
      photo_code: damage.photoCode,
      region: damage.region,
      source: damage.source,
    })),
  };
}

function optionalTimestamp(date: Date | null): string | null {
  return date === null ? null : isoTimestamp(date);
}
