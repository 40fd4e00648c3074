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
};
const documents: Documents = {
    "query CaptureSession($sessionKey: String!) {\n  inspectionSession(sessionKey: $sessionKey) {\n    sessionKey\n    status\n    language\n    theme\n    vehicle\n    redirectUrl\n    vinCaptured\n    odometerCaptured {\n      reading\n      unit\n      source\n    }\n    brand {\n      name\n      color\n      logoUrl\n    }\n    requiredPhotos {\n      photoCode\n      photoLabel\n      hint\n    }\n    photos {\n      photoCode\n      approved\n      rejectionCode\n      decodedVin\n      vehicleCheck\n      odometerSuggested\n      url\n      createdAt\n    }\n    notes {\n      title\n      description\n      user\n      createdAt\n    }\n    location {\n      latitude\n      longitude\n      accuracy\n    }\n  }\n}": types.CaptureSessionDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CaptureSession($sessionKey: String!) {\n  inspectionSession(sessionKey: $sessionKey) {\n    sessionKey\n    status\n    language\n    theme\n    vehicle\n    redirectUrl\n    vinCaptured\n    odometerCaptured {\n      reading\n      unit\n      source\n    }\n    brand {\n      name\n      color\n      logoUrl\n    }\n    requiredPhotos {\n      photoCode\n      photoLabel\n      hint\n    }\n    photos {\n      photoCode\n      approved\n      rejectionCode\n      decodedVin\n      vehicleCheck\n      odometerSuggested\n      url\n      createdAt\n    }\n    notes {\n      title\n      description\n      user\n      createdAt\n    }\n    location {\n      latitude\n      longitude\n      accuracy\n    }\n  }\n}"): typeof import('./graphql').CaptureSessionDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
