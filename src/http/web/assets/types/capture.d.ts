// Shapes the capture page (capture.js) reads: its configuration block, capture.html's early start, its GraphQL answers.
import type { Brand, CapturedOdometer, Location, Note, Photo, RequiredPhoto, SessionStatus, Vehicle } from './session';

/** The capture-config JSON block the server writes into capture.html (src/http/web/capture-page-config.ts). */
export interface CaptureConfig {
  sessionKeyPattern: string;
  languages: string[];
  maxPhotoBytes: number;
  noteTitleMax: number;
  noteDescriptionMax: number;
}

/** A message catalog (/capture/i18n/<lang>.json): key → text with {placeholders}. */
export type Catalog = Record<string, unknown>;

/** What capture.html's inline script starts before capture.js arrives (window.captureEarly). */
export interface CaptureEarly {
  language: string;
  catalog: Promise<Catalog | null>;
  /** The answer to the session query, as text; null once capture.js took it, or when it was not sent or failed. */
  session: Promise<{ status: number; text: string } | null> | null;
}

declare global {
  interface Window {
    captureEarly?: CaptureEarly;
  }
}

export type CapturePhoto = Pick<Photo, 'photoCode' | 'approved' | 'rejectionCode' | 'decodedVin' | 'vehicleCheck' | 'odometerSuggested' | 'url' | 'createdAt'>;

/** The session as capture.html's session query selects it. */
export interface CaptureSession {
  sessionKey: string;
  status: SessionStatus;
  language: string | null;
  theme: string;
  vehicle: Vehicle;
  redirectUrl?: string | null;
  vinCaptured?: string | null;
  odometerCaptured?: CapturedOdometer | null;
  brand: Brand | null;
  requiredPhotos: RequiredPhoto[];
  photos: CapturePhoto[];
  notes: Note[];
  location: Pick<Location, 'latitude' | 'longitude' | 'accuracy'> | null;
}

/** A QC verdict on a view's photo: from the answer to an upload, the photos list, or a live event. */
export interface Verdict {
  approved: boolean;
  rejectionCode: string | null;
  decodedVin?: string | null;
  vehicleCheck?: string | null;
  odometerSuggested?: number | null;
  url: string | null;
  /** When the photo was taken (ms); NaN when unknown. */
  at: number;
  fromEvent?: boolean;
}

export type PhotoPhase = 'empty' | 'preparing' | 'uploading' | 'checking' | 'accepted' | 'rejected' | 'failed';

/** What the page knows of one view's photo (capture.js photoSlot). */
export interface PhotoSlot {
  phase: PhotoPhase;
  progress: number;
  rejectionCode: string | null;
  decodedVin: string | null;
  /** The vehicle check's flag on the accepted photo (docs/capture.md#vehicle-check); null when none. */
  vehicleCheck: string | null;
  /** The person chose to keep a flagged photo. */
  vehicleKept: boolean;
  /** The mileage read from the accepted cluster photo (docs/capture.md#odometer-reading); null when none. */
  odometerSuggested: number | null;
  url: string | null;
  /** An object URL of the photo taken on this phone. */
  preview: string | null;
  at: number | null;
  accepted: { url: string | null; preview: string | null; decodedVin: string | null } | null;
  pending: File | null;
  failure: string;
  inFlight: boolean;
  heardVerdict: Verdict | null;
}

export type Screen = 'loading' | 'problem' | 'welcome' | 'capture' | 'done';
export type Problem = 'unknown' | 'incomplete' | 'expired' | 'offline' | 'error';
