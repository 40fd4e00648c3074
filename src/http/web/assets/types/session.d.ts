// Shapes of the inspection session as the GraphQL API (schema.graphql) answers it, shared by both pages. A page's
// query selects some of the fields: its types Pick what it asks.

export type SessionStatus = 'IDLE' | 'STARTED' | 'PROCESS' | 'QC_PASSED' | 'CONFIRM' | 'COMPLETE' | 'EXPIRED';

/** The vehicle object (JSONObject) with its API field names. */
export interface Vehicle {
  vin?: string | null;
  year?: number | string | null;
  make?: string | null;
  model?: string | null;
  trim?: string | null;
  body_type?: string | null;
  ext_col?: string | null;
  odom_reading?: number | string | null;
  odom_unit?: string | null;
  [field: string]: unknown;
}

export interface Brand {
  name: string | null;
  color: string | null;
  /** The account's logo (a public, cacheable URL), or null. */
  logoUrl?: string | null;
}

export interface RequiredPhoto {
  photoCode: number;
  photoLabel: string;
  hint: string;
}

export interface Photo {
  photoCode: number;
  photoLabel: string;
  approved: boolean;
  approvedMessage: string;
  rejectionCode: string | null;
  decodedVin: string | null;
  /** The vehicle check on an exterior view: OK, NO_VEHICLE, CUT_OFF or TOO_FAR; null when not checked. */
  vehicleCheck: string | null;
  /** The mileage read from an accepted cluster photo (photo code 3): a suggestion to confirm or correct; null when none. */
  odometerSuggested: number | null;
  url: string | null;
  createdAt: string;
}

export type OdometerUnit = 'KM' | 'MI';

/** The odometer reading the person confirmed (PHOTO: the cluster photo's suggestion) or typed (setOdometer). */
export interface CapturedOdometer {
  reading: number;
  unit: OdometerUnit;
  source: 'PHOTO' | 'TYPED';
}

export interface Note {
  title: string;
  description: string;
  user: string;
  createdAt: string;
}

export interface Location {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  capturedAt: string;
}

/** The payload of a session event: the webhook body of its event (src/domain/events.ts), every field of any. */
export interface EventPayload {
  session_key?: string;
  event?: string;
  timestamp?: string;
  status?: string;
  photo_code?: number;
  photo_label?: string;
  photo_url?: string;
  photo_status?: 'accepted' | 'rejected';
  message?: string;
  title?: string;
  description?: string;
  user?: string;
  [field: string]: unknown;
}

/** The payload of SESSION:STAGE_CHANGE: a photo's QC verdict. */
export interface StageChangePayload {
  photo_code: number;
  photo_label: string;
  photo_url: string;
  photo_status: 'accepted' | 'rejected';
  message: string;
  timestamp: string;
}

/** The payload of SESSION:NOTE_INSERT. */
export interface NoteInsertPayload {
  title: string;
  description: string;
  user: string;
  timestamp: string;
}

export interface SessionEvent {
  id: string;
  event: string;
  sessionKey: string;
  timestamp: string;
  payload: EventPayload | null;
}
