/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Where a confirmed odometer reading came from. */
export type OdometerSource =
  /** The person confirmed the reading suggested from the cluster photo. */
  | 'PHOTO'
  /** The person typed it (nothing was read, or they corrected the suggestion). */
  | 'TYPED';

/** The unit of an odometer reading. */
export type OdometerUnit =
  /** Kilometres. */
  | 'KM'
  /** Miles. */
  | 'MI';

/** Why quality control rejected a photo. Quality control stops at the first check that fails, in the order listed (docs/capture.md). */
export type RejectionCode =
  /** Not sharp enough: blurred, shaken or a featureless picture. */
  | 'BLURRY'
  /** The same picture as an accepted photo of another view of the session. */
  | 'DUPLICATE'
  /** No vehicle found on an exterior view (vehicle check, VEHICLE_CHECK=reject only). */
  | 'NO_VEHICLE'
  /** Too bright: the mean brightness is too high, or too many pixels are blown white. */
  | 'TOO_BRIGHT'
  /** Too dark: the mean brightness is too low, or too many pixels are crushed black. */
  | 'TOO_DARK'
  /** The vehicle is too small in an exterior view: step closer (vehicle check, VEHICLE_CHECK=reject only). */
  | 'TOO_FAR'
  /** The file is larger than the size limit (15 MB by default). */
  | 'TOO_LARGE'
  /** More pixels than MAX_PHOTO_MEGAPIXELS allows (50 megapixels by default), refused before decoding. */
  | 'TOO_MANY_PIXELS'
  /** Smaller than the minimum width and height after EXIF rotation (1024 × 768 by default). */
  | 'TOO_SMALL'
  /** The file cannot be decoded as an image; an empty upload too. */
  | 'UNREADABLE'
  /** Not a JPEG, PNG or WebP image, judged by its content, not its name. */
  | 'UNSUPPORTED_TYPE'
  /** The vehicle runs past the edge of an exterior view (vehicle check, VEHICLE_CHECK=reject only). */
  | 'VEHICLE_CUT_OFF';

/** Where a session is in its lifecycle (docs/events.md); COMPLETE and EXPIRED are final. */
export type SessionStatus =
  /** The condition report is generated. Final. */
  | 'COMPLETE'
  /** The person confirmed the inspection; the damage review and the condition report are under way. */
  | 'CONFIRM'
  /** The session stayed idle longer than the account's `expiration_hours`. Final. */
  | 'EXPIRED'
  /** Created; nobody has opened the capture link yet. */
  | 'IDLE'
  /** Photos are being taken. */
  | 'PROCESS'
  /** Every photo the theme requires has an accepted capture. */
  | 'QC_PASSED'
  /** The capture link was opened; no photo yet. */
  | 'STARTED';

/** What the vehicle check saw on an exterior view: the whole vehicle, none, one cut off by the edge, or one too small in the picture. */
export type VehicleCheck =
  /** The vehicle runs past the left, right or top edge of the photo. */
  | 'CUT_OFF'
  /** No vehicle was found. */
  | 'NO_VEHICLE'
  /** The whole vehicle is in the picture and fills enough of it. */
  | 'OK'
  /** The vehicle is too small in the picture: less than 40 % of its width and of its height. */
  | 'TOO_FAR';

export type CaptureSessionQueryVariables = Exact<{
  sessionKey: string;
}>;


export type CaptureSessionQuery = { inspectionSession: { sessionKey: string, status: SessionStatus, language: string | null, theme: string, vehicle: Record<string, unknown>, redirectUrl: string | null, vinCaptured: string | null, odometerCaptured: { reading: number, unit: OdometerUnit, source: OdometerSource } | null, brand: { name: string | null, color: string | null, logoUrl: string | null }, requiredPhotos: Array<{ photoCode: number, photoLabel: string, hint: string }>, photos: Array<{ photoCode: number, approved: boolean, rejectionCode: RejectionCode | null, decodedVin: string | null, vehicleCheck: VehicleCheck | null, odometerSuggested: number | null, url: string | null, createdAt: string }>, notes: Array<{ title: string, description: string, user: string, createdAt: string }>, location: { latitude: number, longitude: number, accuracy: number | null } | null } };

export type StartCaptureMutationVariables = Exact<{
  sessionKey: string;
}>;


export type StartCaptureMutation = { startCapture: { status: SessionStatus } };

export type CapturePhotoMutationVariables = Exact<{
  sessionKey: string;
  photoCode: number;
  file: File;
}>;


export type CapturePhotoMutation = { capturePhoto: { photoCode: number, approved: boolean, rejectionCode: RejectionCode | null, decodedVin: string | null, vehicleCheck: VehicleCheck | null, odometerSuggested: number | null, url: string | null, createdAt: string } };

export type SetLocationMutationVariables = Exact<{
  sessionKey: string;
  latitude: number;
  longitude: number;
  accuracy?: number | null | undefined;
}>;


export type SetLocationMutation = { setLocation: { location: { latitude: number, longitude: number, accuracy: number | null } | null } };

export type SetVinMutationVariables = Exact<{
  sessionKey: string;
  vin: string;
}>;


export type SetVinMutation = { setVin: { vinCaptured: string | null } };

export type SetOdometerMutationVariables = Exact<{
  sessionKey: string;
  reading: number;
  unit?: OdometerUnit | null | undefined;
}>;


export type SetOdometerMutation = { setOdometer: { odometerCaptured: { reading: number, unit: OdometerUnit, source: OdometerSource } | null } };

export type AddNoteMutationVariables = Exact<{
  sessionKey: string;
  title: string;
  description: string;
}>;


export type AddNoteMutation = { addNote: { title: string, description: string, user: string, createdAt: string } };

export type ConfirmInspectionMutationVariables = Exact<{
  sessionKey: string;
}>;


export type ConfirmInspectionMutation = { confirmInspection: { status: SessionStatus } };

export type CaptureEventsSubscriptionVariables = Exact<{
  sessionKey: string;
  after?: string | null | undefined;
}>;


export type CaptureEventsSubscription = { sessionEvents: { id: string, event: string, timestamp: string, payload: unknown } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const CaptureSessionDocument = new TypedDocumentString(`
    query CaptureSession($sessionKey: String!) {
  inspectionSession(sessionKey: $sessionKey) {
    sessionKey
    status
    language
    theme
    vehicle
    redirectUrl
    vinCaptured
    odometerCaptured {
      reading
      unit
      source
    }
    brand {
      name
      color
      logoUrl
    }
    requiredPhotos {
      photoCode
      photoLabel
      hint
    }
    photos {
      photoCode
      approved
      rejectionCode
      decodedVin
      vehicleCheck
      odometerSuggested
      url
      createdAt
    }
    notes {
      title
      description
      user
      createdAt
    }
    location {
      latitude
      longitude
      accuracy
    }
  }
}
    `) as unknown as TypedDocumentString<CaptureSessionQuery, CaptureSessionQueryVariables>;
export const StartCaptureDocument = new TypedDocumentString(`
    mutation StartCapture($sessionKey: String!) {
  startCapture(sessionKey: $sessionKey) {
    status
  }
}
    `) as unknown as TypedDocumentString<StartCaptureMutation, StartCaptureMutationVariables>;
export const CapturePhotoDocument = new TypedDocumentString(`
    mutation CapturePhoto($sessionKey: String!, $photoCode: Int!, $file: File!) {
  capturePhoto(sessionKey: $sessionKey, photoCode: $photoCode, file: $file) {
    photoCode
    approved
    rejectionCode
    decodedVin
    vehicleCheck
    odometerSuggested
    url
    createdAt
  }
}
    `) as unknown as TypedDocumentString<CapturePhotoMutation, CapturePhotoMutationVariables>;
export const SetLocationDocument = new TypedDocumentString(`
    mutation SetLocation($sessionKey: String!, $latitude: Float!, $longitude: Float!, $accuracy: Float) {
  setLocation(
    sessionKey: $sessionKey
    latitude: $latitude
    longitude: $longitude
    accuracy: $accuracy
  ) {
    location {
      latitude
      longitude
      accuracy
    }
  }
}
    `) as unknown as TypedDocumentString<SetLocationMutation, SetLocationMutationVariables>;
export const SetVinDocument = new TypedDocumentString(`
    mutation SetVin($sessionKey: String!, $vin: String!) {
  setVin(sessionKey: $sessionKey, vin: $vin) {
    vinCaptured
  }
}
    `) as unknown as TypedDocumentString<SetVinMutation, SetVinMutationVariables>;
export const SetOdometerDocument = new TypedDocumentString(`
    mutation SetOdometer($sessionKey: String!, $reading: Int!, $unit: OdometerUnit) {
  setOdometer(sessionKey: $sessionKey, reading: $reading, unit: $unit) {
    odometerCaptured {
      reading
      unit
      source
    }
  }
}
    `) as unknown as TypedDocumentString<SetOdometerMutation, SetOdometerMutationVariables>;
export const AddNoteDocument = new TypedDocumentString(`
    mutation AddNote($sessionKey: String!, $title: String!, $description: String!) {
  addNote(sessionKey: $sessionKey, title: $title, description: $description) {
    title
    description
    user
    createdAt
  }
}
    `) as unknown as TypedDocumentString<AddNoteMutation, AddNoteMutationVariables>;
export const ConfirmInspectionDocument = new TypedDocumentString(`
    mutation ConfirmInspection($sessionKey: String!) {
  confirmInspection(sessionKey: $sessionKey) {
    status
  }
}
    `) as unknown as TypedDocumentString<ConfirmInspectionMutation, ConfirmInspectionMutationVariables>;
export const CaptureEventsDocument = new TypedDocumentString(`
    subscription CaptureEvents($sessionKey: String!, $after: String) {
  sessionEvents(sessionKey: $sessionKey, after: $after) {
    id
    event
    timestamp
    payload
  }
}
    `) as unknown as TypedDocumentString<CaptureEventsSubscription, CaptureEventsSubscriptionVariables>;