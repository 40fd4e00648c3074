// An inspection session as the code works with it: the record the session store returns and takes, whatever shape the
// database keeps it in (src/store/inspection-sessions.ts maps one to the other). The API's names for it are the
// faces' business (inspections/representation.ts, the GraphQL types, the results).
import type { AccountId } from './account.js';
import type { CapturedOdometer } from './odometer.js';
import type { SessionOptions } from './session-input.js';
import type { SessionSource } from './session-source.js';
import type { SessionStatus } from './statuses.js';
import type { Theme } from './themes.js';
import type { Vehicle } from './vehicle.js';

/** The capture that stands for one photo code. */
export interface PhotoSlot {
  captureId: string;
  approved: boolean;
  /** Perceptual hash of an accepted capture, for the duplicate check of later photos. */
  hash: string | null;
  capturedAt: Date;
}

export interface SessionLocation {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  capturedAt: Date;
}

export interface ReviewReopening {
  reason: string;
  /** A user's username, or `api`. */
  by: string;
  at: Date;
}

export interface ReviewRevision {
  /** The report revision this correction produced: 2 for the first. */
  revision: number;
  reason: string;
  reopenedBy: string;
  reopenedAt: Date;
  completedBy: string;
  completedAt: Date;
}

/** What became of the SMS invitation: sent to the provider, only logged (the log provider), or failed. */
export type SmsDelivery = 'sent' | 'logged' | 'failed';

export interface InspectionSession {
  key: string;
  accountId: AccountId;
  apiKey: string;
  captureToken: string;
  captureTokenHash: string;
  theme: Theme;
  status: SessionStatus;
  redirectUrl: string | null;
  language: string | null;
  options: SessionOptions;
  vehicle: Vehicle;
  /** The latest capture of each photo code, keyed by the code as a string. */
  photos: Record<string, PhotoSlot>;
  location: SessionLocation | null;
  /** A VIN typed on the capture page (docs/capture.md); null until one is typed. */
  typedVin: { vin: string; typedAt: Date } | null;
  /** The odometer the person confirmed or typed on the capture page (docs/capture.md#odometer-reading); null until then. */
  capturedOdometer: (CapturedOdometer & { capturedAt: Date }) | null;
  expirationHours: number;
  /** Idle deadline: the session expires when nothing happens before it (IDLE, STARTED and PROCESS only). */
  expiresAt: Date;
  inspectStartedAt: Date | null;
  inspectEndedAt: Date | null;
  /** Who created the session (docs/rest-guide.md, results `session.source`). */
  source: SessionSource;
  /**
   * The API key the session was created with (the account's own key for the dashboard): its callbacks hear of the
   * session's events (docs/rest-guide.md "Test keys").
   */
  createdWithKey: string;
  /** Created with a test key: left out of lists unless asked for, and may be simulated. */
  test: boolean;
  /** Uploads counted against the session's capture limit (docs/limits.md). */
  captureCount: number;
  /** The results object, fixed when the report is generated (docs/rest-guide.md), in the API's own names. */
  results: Record<string, unknown> | null;
  /** When the session became COMPLETE: the capture token works for 30 days after it. */
  completedAt: Date | null;
  /** Slots taken by the session's notes and damage records (docs/limits.md caps). */
  notesCount: number;
  damagesCount: number;
  /** docs/staff.md: true while a confirmed session waits for a person to complete its review (manual mode). */
  reviewPending: boolean;
  /** True once a damage detector looked at the photos. */
  detectorRan: boolean;
  /** The photo codes the damage detector could not analyse (down, timing out), which the report names. */
  detectorUnanalysed: number[];
  /** Who completed the review (a user's username, or `api`) and when; null when nobody reviewed. */
  reviewedBy: string | null;
  reviewedAt: Date | null;
  /** Set when report generation begins (null before); from then on no new damage record write starts. */
  reportStarted: string | null;
  /** The report's shareable link (docs/staff.md): a random token that opens it without credentials until it expires. */
  reportLink: { token: string; expiresAt: Date } | null;
  /**
   * While a completed review is reopened for a correction (docs/staff.md "Review revisions"): why, by whom and when;
   * null otherwise. Damage records may change again while it is set.
   */
  reviewReopened: ReviewReopening | null;
  /** Set when a reopened review's completion begins: from then on no new damage record write starts. */
  revisionStarted: string | null;
  /** The corrections completed so far, oldest first: each a revision of the report after the first. */
  reviewRevisions: ReviewRevision[];
  /** A fresh value with each damage record write (a write that changes nothing would not count as taken). */
  damagesVersion: string;
  /** The words the search's `q` matches (domain/session-search.ts), rewritten with the options and the vehicle. */
  searchTerms: string[];
  /** What became of the SMS invitation; null without one. */
  smsDelivery: SmsDelivery | null;
  createdAt: Date;
  updatedAt: Date;
  /**
   * The latest thing that happened to the session: a status move, a capture, a note, a damage record change, an
   * update. The dashboard lists sessions by it. Every write that sets `updatedAt` sets it too.
   */
  lastActivityAt: Date;
}

/** The fields a session is created with and never changes afterwards, or changes only through their own writes. */
type FixedField = 'key' | 'accountId' | 'apiKey' | 'captureToken' | 'captureTokenHash' | 'source' | 'createdWithKey' | 'test' | 'createdAt';

/** The counters a session's slots are taken from (docs/limits.md). */
export type SessionCounter = 'notesCount' | 'damagesCount' | 'captureCount';

/**
 * What one write of a session changes: any field but the fixed ones and the counters (which only slots change), and
 * `photo`, which puts one capture in its photo code's slot and leaves the other slots as they are.
 */
export type SessionChanges = Partial<Omit<InspectionSession, FixedField | SessionCounter | 'photos'>> & {
  photo?: { code: number; slot: PhotoSlot };
};

/** What a session holds of its counters, review and later events before anything happened to it (a fresh object each call). */
export function untouchedSessionFields(damagesVersion: string) {
  return {
    notesCount: 0,
    damagesCount: 0,
    captureCount: 0,
    damagesVersion,
    reviewPending: false,
    detectorRan: false,
    detectorUnanalysed: [],
    reviewedBy: null,
    reviewedAt: null,
    reviewReopened: null,
    revisionStarted: null,
    reviewRevisions: [],
    typedVin: null,
    reportStarted: null,
    reportLink: null,
    smsDelivery: null,
  } satisfies Partial<InspectionSession>;
}
