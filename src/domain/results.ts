// The session results object (CONTRACT §6): the one builder behind GET .../results and the SESSION:COMPLETE
// payload, so the two can never differ.
import { maxGradePerItem, overallGrade, type DamageRecordStatus, type DamageRegion, type Grade } from './grading.js';
import { latestCapturePerCode } from './photos.js';
import type { SessionOptions } from './session-input.js';
import type { SessionStatus } from './statuses.js';
import { hasDamageInspection, photoLabel, type Theme } from './themes.js';
import { isoTimestamp, wholeSecondsBetween } from './time.js';
import { vehicleApiObject, type Vehicle, type VehicleApiObject } from './vehicle.js';
import { vinMatch } from './vin.js';

export type DamageSource = 'manual' | 'detector';

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
    /** When the inspection ended, as recorded by the workflow. */
    inspectEndedAt: Date | null;
    options: SessionOptions;
  };
  vehicle: Partial<Vehicle> | null;
  /** The VIN the inspection captured, decoded from the VIN photo or typed (see capturedVin in vin.ts); null when none. */
  vinCaptured?: string | null;
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
  /** Who assessed the vehicle (CONTRACT §13). */
  review: {
    /** The user, or `api`, who completed a review; null when nobody did. */
    reviewedBy: string | null;
    reviewedAt: Date | null;
    /** True when a damage detector looked at the photos. */
    detectorRan: boolean;
  };
  /** The report's shareable links (CONTRACT §13); null only for results assembled before there were any. */
  reportLink?: { url: string; pdfUrl: string; expiresAt: Date } | null;
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

export type Assessment = 'ASSESSED' | 'NOT_ASSESSED';

export interface ResultsDamage {
  damage_id: string | null;
  item: string;
  damage_type: string;
  /** The first release's name for damage_type, kept for its integrators. */
  damage: string;
  grade: Grade;
  photo_code: number | null;
  region: DamageRegion | null;
  source: DamageSource;
}

export interface SessionResults {
  event: 'SESSION:COMPLETE';
  session: {
    session_key: string;
    theme: Theme;
    status: SessionStatus;
    language: string | null;
    redirect_url: string | null;
    created_at: string;
    inspect_started_at: string | null;
    inspect_ended_at: string | null;
    capture_duration: number | null;
    inspect_duration: number | null;
    options: {
      client_id: string | null;
      contact: Record<string, unknown> | null;
      sms: { to: string; to_name: string | null; from: string | null; by: string | null } | null;
      reference: Record<string, unknown> | null;
    };
  };
  vehicle: VehicleApiObject & { vin_captured: string | null; vin_match: boolean | null };
  photos: { photo_code: number; photo_label: string; url: string; approved: boolean; approved_message: string }[];
  location: { latitude: number; longitude: number; accuracy: number | null; captured_at: string } | null;
  inspection: {
    assessment: Assessment;
    total_damages: number;
    /** Null when NOT_ASSESSED: no grade is ever claimed for a vehicle nobody assessed. */
    grade: Grade | null;
    max_grade_per_item: Record<string, Grade>;
    reviewed_by: string | null;
    reviewed_at: string | null;
    damages: ResultsDamage[];
  } | null;
  /** Links that open the report without credentials until `expires_at`. */
  report: { url: string; pdf_url: string; expires_at: string } | null;
}

/**
 * Durations, in whole seconds (null while an end is unknown):
 * - capture_duration: inspect_started_at → the latest accepted photo among the reported ones, i.e. the time the
 *   user spent capturing until the set passed quality control (reading and confirming is not counted);
 * - inspect_duration: inspect_started_at → inspect_ended_at.
 */
export function buildSessionResults(input: SessionResultsInput): SessionResults {
  const { session } = input;
  const photos = latestCapturePerCode(input.photos);
  const lastAcceptedAt = photos
    .filter((photo) => photo.approved)
    .reduce<Date | null>((last, photo) => (last === null || photo.capturedAt > last ? photo.capturedAt : last), null);
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
      capture_duration: wholeSecondsBetween(session.inspectStartedAt, lastAcceptedAt),
      inspect_duration: wholeSecondsBetween(session.inspectStartedAt, session.inspectEndedAt),
      options: {
        client_id: session.options.clientId,
        contact: session.options.contact,
        sms: sms === null ? null : { to: sms.to, to_name: sms.toName, from: sms.from, by: sms.by },
        reference: session.options.reference,
      },
    },
    vehicle: vehicleResults(input.vehicle, input.vinCaptured ?? null),
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
    report: input.reportLink ? { url: input.reportLink.url, pdf_url: input.reportLink.pdfUrl, expires_at: isoTimestamp(input.reportLink.expiresAt) } : null,
  };
}

function vehicleResults(vehicle: Partial<Vehicle> | null, vinCaptured: string | null): SessionResults['vehicle'] {
  const apiObject = vehicleApiObject(vehicle);
  return { ...apiObject, vin_captured: vinCaptured, vin_match: vinMatch(apiObject.vin, vinCaptured) };
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
      item: damage.item,
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
