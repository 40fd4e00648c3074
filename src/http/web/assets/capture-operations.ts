// The capture page's GraphQL operations. Their result and variables types are generated from schema.graphql
// (`npm run pages:types` reads each /* GraphQL */ string here, and capture.html's session query, into ./graphql/);
// only the types are imported, so the script carries each operation's text once.
import type { Operation } from './graphql-client.js';
import type {
  AddNoteMutation,
  AddNoteMutationVariables,
  CaptureEventsSubscription,
  CaptureEventsSubscriptionVariables,
  CapturePhotoMutation,
  CapturePhotoMutationVariables,
  CaptureSessionQuery,
  CaptureSessionQueryVariables,
  ConfirmInspectionMutation,
  ConfirmInspectionMutationVariables,
  SetLocationMutation,
  SetLocationMutationVariables,
  SetOdometerMutation,
  SetOdometerMutationVariables,
  SetVinMutation,
  SetVinMutationVariables,
  StartCaptureMutation,
  StartCaptureMutationVariables,
} from './graphql/graphql.js';
import { byId } from './ui.js';

/** The session query lives in capture.html, whose early start sends it before this script arrives. */
export const LOAD_SESSION: Operation<CaptureSessionQuery, CaptureSessionQueryVariables> = byId('session-query').textContent ?? '';
export const START_CAPTURE: Operation<StartCaptureMutation, StartCaptureMutationVariables> =
  /* GraphQL */ `mutation StartCapture($sessionKey: String!) { startCapture(sessionKey: $sessionKey) { status } }`;
export const CAPTURE_PHOTO: Operation<CapturePhotoMutation, CapturePhotoMutationVariables> =
  /* GraphQL */ `mutation CapturePhoto($sessionKey: String!, $photoCode: Int!, $file: File!) {
  capturePhoto(sessionKey: $sessionKey, photoCode: $photoCode, file: $file) { photoCode approved rejectionCode decodedVin vehicleCheck odometerSuggested url createdAt }
}`;
export const SET_LOCATION: Operation<SetLocationMutation, SetLocationMutationVariables> =
  /* GraphQL */ `mutation SetLocation($sessionKey: String!, $latitude: Float!, $longitude: Float!, $accuracy: Float) {
  setLocation(sessionKey: $sessionKey, latitude: $latitude, longitude: $longitude, accuracy: $accuracy) { location { latitude longitude accuracy } }
}`;
export const SET_VIN: Operation<SetVinMutation, SetVinMutationVariables> =
  /* GraphQL */ `mutation SetVin($sessionKey: String!, $vin: String!) { setVin(sessionKey: $sessionKey, vin: $vin) { vinCaptured } }`;
export const SET_ODOMETER: Operation<SetOdometerMutation, SetOdometerMutationVariables> =
  /* GraphQL */ `mutation SetOdometer($sessionKey: String!, $reading: Int!, $unit: OdometerUnit) {
  setOdometer(sessionKey: $sessionKey, reading: $reading, unit: $unit) { odometerCaptured { reading unit source } }
}`;
export const ADD_NOTE: Operation<AddNoteMutation, AddNoteMutationVariables> =
  /* GraphQL */ `mutation AddNote($sessionKey: String!, $title: String!, $description: String!) {
  addNote(sessionKey: $sessionKey, title: $title, description: $description) { title description user createdAt }
}`;
export const CONFIRM: Operation<ConfirmInspectionMutation, ConfirmInspectionMutationVariables> =
  /* GraphQL */ `mutation ConfirmInspection($sessionKey: String!) { confirmInspection(sessionKey: $sessionKey) { status } }`;
export const SESSION_EVENTS: Operation<CaptureEventsSubscription, CaptureEventsSubscriptionVariables> =
  /* GraphQL */ `subscription CaptureEvents($sessionKey: String!, $after: String) {
  sessionEvents(sessionKey: $sessionKey, after: $after) { id event timestamp payload }
}`;
