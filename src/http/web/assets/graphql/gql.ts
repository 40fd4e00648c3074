/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query CaptureSession($sessionKey: String!) {\n  inspectionSession(sessionKey: $sessionKey) {\n    sessionKey\n    status\n    language\n    theme\n    vehicle\n    redirectUrl\n    vinCaptured\n    odometerCaptured {\n      reading\n      unit\n      source\n    }\n    brand {\n      name\n      color\n      logoUrl\n    }\n    requiredPhotos {\n      photoCode\n      photoLabel\n      hint\n    }\n    photos {\n      photoCode\n      approved\n      rejectionCode\n      decodedVin\n      vehicleCheck\n      odometerSuggested\n      url\n      createdAt\n    }\n    notes {\n      title\n      description\n      user\n      createdAt\n    }\n    location {\n      latitude\n      longitude\n      accuracy\n    }\n  }\n}": typeof types.CaptureSessionDocument,
    "mutation StartCapture($sessionKey: String!) { startCapture(sessionKey: $sessionKey) { status } }": typeof types.StartCaptureDocument,
    "mutation CapturePhoto($sessionKey: String!, $photoCode: Int!, $file: File!) {\n  capturePhoto(sessionKey: $sessionKey, photoCode: $photoCode, file: $file) { photoCode approved rejectionCode decodedVin vehicleCheck odometerSuggested url createdAt }\n}": typeof types.CapturePhotoDocument,
    "mutation SetLocation($sessionKey: String!, $latitude: Float!, $longitude: Float!, $accuracy: Float) {\n  setLocation(sessionKey: $sessionKey, latitude: $latitude, longitude: $longitude, accuracy: $accuracy) { location { latitude longitude accuracy } }\n}": typeof types.SetLocationDocument,
    "mutation SetVin($sessionKey: String!, $vin: String!) { setVin(sessionKey: $sessionKey, vin: $vin) { vinCaptured } }": typeof types.SetVinDocument,
    "mutation SetOdometer($sessionKey: String!, $reading: Int!, $unit: OdometerUnit) {\n  setOdometer(sessionKey: $sessionKey, reading: $reading, unit: $unit) { odometerCaptured { reading unit source } }\n}": typeof types.SetOdometerDocument,
    "mutation AddNote($sessionKey: String!, $title: String!, $description: String!) {\n  addNote(sessionKey: $sessionKey, title: $title, description: $description) { title description user createdAt }\n}": typeof types.AddNoteDocument,
    "mutation ConfirmInspection($sessionKey: String!) { confirmInspection(sessionKey: $sessionKey) { status } }": typeof types.ConfirmInspectionDocument,
    "subscription CaptureEvents($sessionKey: String!, $after: String) {\n  sessionEvents(sessionKey: $sessionKey, after: $after) { id event timestamp payload }\n}": typeof types.CaptureEventsDocument,
};
const documents: Documents = {
    "query CaptureSession($sessionKey: String!) {\n  inspectionSession(sessionKey: $sessionKey) {\n    sessionKey\n    status\n    language\n    theme\n    vehicle\n    redirectUrl\n    vinCaptured\n    odometerCaptured {\n      reading\n      unit\n      source\n    }\n    brand {\n      name\n      color\n      logoUrl\n    }\n    requiredPhotos {\n      photoCode\n      photoLabel\n      hint\n    }\n    photos {\n      photoCode\n      approved\n      rejectionCode\n      decodedVin\n      vehicleCheck\n      odometerSuggested\n      url\n      createdAt\n    }\n    notes {\n      title\n      description\n      user\n      createdAt\n    }\n    location {\n      latitude\n      longitude\n      accuracy\n    }\n  }\n}": types.CaptureSessionDocument,
    "mutation StartCapture($sessionKey: String!) { startCapture(sessionKey: $sessionKey) { status } }": types.StartCaptureDocument,
    "mutation CapturePhoto($sessionKey: String!, $photoCode: Int!, $file: File!) {\n  capturePhoto(sessionKey: $sessionKey, photoCode: $photoCode, file: $file) { photoCode approved rejectionCode decodedVin vehicleCheck odometerSuggested url createdAt }\n}": types.CapturePhotoDocument,
    "mutation SetLocation($sessionKey: String!, $latitude: Float!, $longitude: Float!, $accuracy: Float) {\n  setLocation(sessionKey: $sessionKey, latitude: $latitude, longitude: $longitude, accuracy: $accuracy) { location { latitude longitude accuracy } }\n}": types.SetLocationDocument,
    "mutation SetVin($sessionKey: String!, $vin: String!) { setVin(sessionKey: $sessionKey, vin: $vin) { vinCaptured } }": types.SetVinDocument,
    "mutation SetOdometer($sessionKey: String!, $reading: Int!, $unit: OdometerUnit) {\n  setOdometer(sessionKey: $sessionKey, reading: $reading, unit: $unit) { odometerCaptured { reading unit source } }\n}": types.SetOdometerDocument,
    "mutation AddNote($sessionKey: String!, $title: String!, $description: String!) {\n  addNote(sessionKey: $sessionKey, title: $title, description: $description) { title description user createdAt }\n}": types.AddNoteDocument,
    "mutation ConfirmInspection($sessionKey: String!) { confirmInspection(sessionKey: $sessionKey) { status } }": types.ConfirmInspectionDocument,
    "subscription CaptureEvents($sessionKey: String!, $after: String) {\n  sessionEvents(sessionKey: $sessionKey, after: $after) { id event timestamp payload }\n}": types.CaptureEventsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CaptureSession($sessionKey: String!) {\n  inspectionSession(sessionKey: $sessionKey) {\n    sessionKey\n    status\n    language\n    theme\n    vehicle\n    redirectUrl\n    vinCaptured\n    odometerCaptured {\n      reading\n      unit\n      source\n    }\n    brand {\n      name\n      color\n      logoUrl\n    }\n    requiredPhotos {\n      photoCode\n      photoLabel\n      hint\n    }\n    photos {\n      photoCode\n      approved\n      rejectionCode\n      decodedVin\n      vehicleCheck\n      odometerSuggested\n      url\n      createdAt\n    }\n    notes {\n      title\n      description\n      user\n      createdAt\n    }\n    location {\n      latitude\n      longitude\n      accuracy\n    }\n  }\n}"): typeof import('./graphql').CaptureSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation StartCapture($sessionKey: String!) { startCapture(sessionKey: $sessionKey) { status } }"): typeof import('./graphql').StartCaptureDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CapturePhoto($sessionKey: String!, $photoCode: Int!, $file: File!) {\n  capturePhoto(sessionKey: $sessionKey, photoCode: $photoCode, file: $file) { photoCode approved rejectionCode decodedVin vehicleCheck odometerSuggested url createdAt }\n}"): typeof import('./graphql').CapturePhotoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetLocation($sessionKey: String!, $latitude: Float!, $longitude: Float!, $accuracy: Float) {\n  setLocation(sessionKey: $sessionKey, latitude: $latitude, longitude: $longitude, accuracy: $accuracy) { location { latitude longitude accuracy } }\n}"): typeof import('./graphql').SetLocationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetVin($sessionKey: String!, $vin: String!) { setVin(sessionKey: $sessionKey, vin: $vin) { vinCaptured } }"): typeof import('./graphql').SetVinDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetOdometer($sessionKey: String!, $reading: Int!, $unit: OdometerUnit) {\n  setOdometer(sessionKey: $sessionKey, reading: $reading, unit: $unit) { odometerCaptured { reading unit source } }\n}"): typeof import('./graphql').SetOdometerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AddNote($sessionKey: String!, $title: String!, $description: String!) {\n  addNote(sessionKey: $sessionKey, title: $title, description: $description) { title description user createdAt }\n}"): typeof import('./graphql').AddNoteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConfirmInspection($sessionKey: String!) { confirmInspection(sessionKey: $sessionKey) { status } }"): typeof import('./graphql').ConfirmInspectionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription CaptureEvents($sessionKey: String!, $after: String) {\n  sessionEvents(sessionKey: $sessionKey, after: $after) { id event timestamp payload }\n}"): typeof import('./graphql').CaptureEventsDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
