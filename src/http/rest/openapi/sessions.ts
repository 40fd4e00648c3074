// The sessions operations of the OpenAPI document: access records, the session itself, its photos and notes.
import { z } from 'zod';
import { SimulateBodySchema, SimulationStartedSchema } from '../../../domain/simulation.js';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { AccessRecordSchema, type AccessRecordView } from '../../../auth/access-records.js';
import type { NoteInput } from '../../../domain/notes.js';
import { NoteInputSchema } from '../../../domain/notes.js';
import { sessionBodySchemas } from '../../../domain/session-input.js';
import { NoteSchema, type NoteView, PhotoSchema, type PhotoView, SessionSchema, type SessionView } from '../../../inspections/representation.js';
import { SessionDeletedSchema } from '../../../inspections/session-service.js';
import { DecodedVehicleSchema } from '../../../domain/vehicle-decode.js';
import { EXAMPLE, exampleDecodeFields, exampleVehicle, jsonBody, SessionKeyParam, v1Errors, v1Ok } from './common.js';

const exampleAccessRecord: AccessRecordView = {
  session_id: EXAMPLE.accessRecordId,
  expiration: EXAMPLE.expiration,
  api_key: EXAMPLE.apiKey,
  api_token: EXAMPLE.apiToken,
};

const exampleCreateSession = {
  session: { theme: 'PRO', redirect_url: 'https://dealer.example.com/done', language: 'en', client_id: 'lot-42', reference: { stock_number: 'A1234' } },
  vehicle: { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', odom_reading: 42180, odom_unit: 'km' },
  sms: { to: '+14155550123', to_name: 'Jane Doe' },
} satisfies z.input<ReturnType<typeof sessionBodySchemas>['createBody']>;

export const exampleSession: SessionView = {
  session_key: EXAMPLE.sessionKey,
  theme: 'PRO',
  active: true,
  status: 'IDLE',
  test: false,
  redirect_url: 'https://dealer.example.com/done',
  language: 'en',
  capture_url: `https://capture.example.com/capture/${EXAMPLE.sessionKey}#${EXAMPLE.captureToken}`,
  inspect_started_at: null,
  inspect_ended_at: null,
  created_at: '2026-03-14T09:26:54.120Z',
  updated_at: '2026-03-14T09:26:54.120Z',
  options: {
    client_id: 'lot-42',
    sms: { to: '+14155550123', to_name: 'Jane Doe', from: null, by: null },
    email: null,
    contact: null,
    reference: { stock_number: 'A1234' },
  },
  vehicle: { ...exampleVehicle, transmission: null, ext_col: null, int_col: null, ...exampleDecodeFields, odom_captured: null, odom_match: null },
  review: { state: 'none', revision: null, reopened: null, revisions: [] },
};

const examplePhotoUrl = `https://capture.example.com/photos/${EXAMPLE.photoToken}`;

const examplePhotos: PhotoView[] = [
  {
    photo_code: 1,
    photo_label: 'VIN',
    url: examplePhotoUrl,
    approved: true,
    approved_message: 'ACCEPTED',
    rejection_code: null,
    decoded_vin: '1HGCM82633A004352',
    vehicle_check: null,
    vehicle_box: null,
    odometer_suggested: null,
    created_at: '2026-03-14T09:41:02.514Z',
    updated_at: '2026-03-14T09:41:03.002Z',
  },
  {
    photo_code: 2,
    photo_label: 'Interior',
    url: 'https://capture.example.com/photos/Zp3v0Qm8rT1yXc6WbN4kLs2DfGh7JuAe',
    approved: false,
    approved_message: 'REJECTED: Photo is too dark: average brightness 21 of 255, at least 35 required',
    rejection_code: 'TOO_DARK',
    decoded_vin: null,
    vehicle_check: null,
    vehicle_box: null,
    odometer_suggested: null,
    created_at: '2026-03-14T09:41:40.877Z',
    updated_at: '2026-03-14T09:41:41.301Z',
  },
  {
    photo_code: 3,
    photo_label: 'Cluster',
    url: 'https://capture.example.com/photos/Hn5kT2wQ8vB3xR7mJ1cY4pL6sD9fG0aZ',
    approved: true,
    approved_message: 'ACCEPTED',
    rejection_code: null,
    decoded_vin: null,
    vehicle_check: null,
    vehicle_box: null,
    odometer_suggested: 42315,
    created_at: '2026-03-14T09:41:58.210Z',
    updated_at: '2026-03-14T09:41:59.940Z',
  },
  {
    photo_code: 4,
    photo_label: 'Driver side',
    url: 'https://capture.example.com/photos/Qw7e2Rt5yU9iOp3AsD6fGh1JkL4zXc8V',
    approved: true,
    approved_message: 'ACCEPTED',
    rejection_code: null,
    decoded_vin: null,
    vehicle_check: 'cut_off',
    vehicle_box: { x: 0, y: 0.31, width: 0.84, height: 0.46, score: 0.72 },
    odometer_suggested: null,
    created_at: '2026-03-14T09:42:15.120Z',
    updated_at: '2026-03-14T09:42:15.604Z',
  },
];

const exampleNote: NoteView = {
  title: 'Scratch',
  description: 'Light scratch on the rear bumper.',
  user: EXAMPLE.username,
  created_at: '2026-03-14T09:50:11.045Z',
};
const exampleNoteInput: NoteInput = { title: exampleNote.title, description: exampleNote.description };

function accessPaths(createBody: z.ZodType): ZodOpenApiPathsObject {
  return {
    '/v1/sessions': {
      get: {
        tags: ['Access'],
        summary: 'Issue a session access record',
        description: 'Validates the API headers and records the token so it can be presented again until `expiration` (API-Timestamp + 300 s).',
        operationId: 'getAccessRecord',
        responses: { '200': v1Ok('The access record.', AccessRecordSchema, exampleAccessRecord), ...v1Errors() },
      },
      post: {
        tags: ['Access', 'Sessions'],
        summary: 'Issue an access record (no body) or create an inspection session (non-empty body)',
        description:
          'With no body, a blank body or `{}`: the same as `GET /v1/sessions`. With a non-empty JSON object: creates an inspection ' +
          "session in status IDLE and answers with its representation. The theme defaults to the account's default_theme.",
        operationId: 'createSession',
        requestBody: jsonBody(createBody, { createSession: exampleCreateSession, accessRecord: {} }, false),
        responses: {
          '200': v1Ok('The access record (empty body) or the new session (non-empty body).', z.xor([AccessRecordSchema, SessionSchema]), exampleSession, {
            accessRecord: exampleAccessRecord,
          }),
          ...v1Errors('BadRequest', 'PayloadTooLarge'),
        },
      },
    },
  };
}

function sessionPath(updateBody: z.ZodType): ZodOpenApiPathsObject {
  const updated: SessionView = { ...exampleSession, language: 'es', vehicle: { ...exampleSession.vehicle, odom_reading: 42250 } };
  return {
    '/v1/sessions/{sessionKey}': {
      get: {
        tags: ['Sessions'],
        summary: 'Read an inspection session',
        description:
          'The session representation (docs/rest-guide.md): status, theme, language, vehicle (with the VIN decode), options, photos accepted, timestamps, and capture_url. A session of another account answers 404, like one that does not exist.',
        operationId: 'getSession',
        parameters: [SessionKeyParam],
        responses: { '200': v1Ok('The session.', SessionSchema, exampleSession), ...v1Errors('NotFound') },
      },
      put: {
        tags: ['Sessions'],
        summary: 'Update an inspection session',
        description: '`theme` only while IDLE; `redirect_url`, `language`, `vehicle`, `options` until the session is COMPLETE or EXPIRED. Otherwise 400.',
        operationId: 'updateSession',
        parameters: [SessionKeyParam],
        requestBody: jsonBody(updateBody, { update: { language: 'es', vehicle: { odom_reading: 42250 } } }, false),
        responses: {
          '200': v1Ok('The updated session.', SessionSchema, updated),
          ...v1Errors('BadRequest', 'NotFound', 'Conflict', 'PayloadTooLarge'),
        },
      },
      delete: {
        tags: ['Sessions'],
        summary: 'Delete an inspection session (only while IDLE)',
        description: 'Removes a session that has not started (IDLE) with everything it holds; a session that has started answers 400 and is kept.',
        operationId: 'deleteSession',
        parameters: [SessionKeyParam],
        responses: {
          '200': v1Ok('The session was removed.', SessionDeletedSchema, { message: `Session ${EXAMPLE.sessionKey} has been successfully removed.` }),
          ...v1Errors('BadRequest', 'NotFound'),
        },
      },
    },
  };
}

const PhotoBytes = z.string().meta({ format: 'binary', description: 'The image file: JPEG, PNG or WebP, at most 15 MB.' });

const PhotoCodeParam = z
  .string()
  .regex(/^\d+$/)
  .meta({
    param: {
      name: 'photoCode',
      in: 'path',
      required: true,
      description: "The photo's code in the session's theme (1 VIN … 13 Rear_Left).",
      example: '4',
    },
  });

function photoAndNotePaths(): ZodOpenApiPathsObject {
  return {
    '/v1/sessions/{sessionKey}/photos': {
      get: {
        tags: ['Sessions'],
        summary: 'List the photos captured in a session',
        description: 'Every capture, including rejected ones and retakes.',
        operationId: 'listSessionPhotos',
        parameters: [SessionKeyParam],
        responses: { '200': v1Ok('The captures.', z.array(PhotoSchema), examplePhotos), ...v1Errors('NotFound') },
      },
    },
    '/v1/sessions/{sessionKey}/photos/{photoCode}': {
      post: {
        tags: ['Sessions'],
        summary: 'Upload a photo (capture by API)',
        description: [
          "For an integrator's own capture app: the same quality control, events (SESSION:STAGE_CHANGE, SESSION:STATUS_CHANGE),",
          'limits and status moves as the web capture app. An IDLE session is started first (IDLE → STARTED). The photo is the body',
          '(image/jpeg, image/png or image/webp) or the multipart field `file`, at most 15 MB; its content decides what it is, and',
          'anything that is not a usable image is kept as a rejected capture with its reason (200, `approved: false`).',
          'A retake (the same photo_code) is accepted while STARTED or PROCESS.',
        ].join(' '),
        operationId: 'uploadSessionPhoto',
        parameters: [SessionKeyParam, PhotoCodeParam],
        requestBody: {
          required: true,
          content: {
            'image/jpeg': { schema: PhotoBytes },
            'image/png': { schema: PhotoBytes },
            'image/webp': { schema: PhotoBytes },
            'multipart/form-data': { schema: z.object({ file: PhotoBytes }) },
          },
        },
        responses: {
          '200': v1Ok('The photo entry, as GET …/photos lists it, with the verdict of quality control.', PhotoSchema, examplePhotos[0]),
          ...v1Errors('BadRequest', 'NotFound', 'PayloadTooLarge'),
        },
      },
    },
    '/v1/sessions/{sessionKey}/confirm': {
      post: {
        tags: ['Sessions'],
        summary: 'Confirm the capture',
        description: [
          'Confirms a QC_PASSED session, as GraphQL confirmInspection: QC_PASSED → CONFIRM. With review_mode `auto` the condition report is',
          'generated and the session completes (SESSION:COMPLETE); with `manual` it waits in CONFIRM until the review is completed',
          '(POST /v1/sessions/{sessionKey}/review). Confirming again returns the session unchanged.',
        ].join(' '),
        operationId: 'confirmSession',
        parameters: [SessionKeyParam],
        responses: { '200': v1Ok('The session.', SessionSchema, { ...exampleSession, status: 'CONFIRM' }), ...v1Errors('BadRequest', 'NotFound') },
      },
    },
    '/v1/sessions/{sessionKey}/simulate': {
      post: {
        tags: ['Sessions'],
        summary: 'Simulate the capture of a test session',
        description: [
          'Only for a session created with a test key (`"test": true`; a live session answers 403) that nobody has started (IDLE; else 409).',
          'Answers 202 at once, then runs a whole capture with generated photos through the real pipeline: quality control, the events',
          'and webhooks in their usual order, within a few seconds. `complete` takes every photo (after a rejected, too dark one for the',
          'first `rejected_photos` views), confirms, and completes the review as `api` with no damage found; `expire` takes a photo or two',
          'and lets the session expire. The photos hold no vehicle: the vehicle check flags them, and with VEHICLE_CHECK=reject rejects',
          'the exterior views, so a `complete` simulation stops at the first of them.',
        ].join(' '),
        operationId: 'simulateSession',
        parameters: [SessionKeyParam],
        requestBody: jsonBody(SimulateBodySchema, { complete: { outcome: 'complete', rejected_photos: 2 }, expire: { outcome: 'expire' } }),
        responses: {
          '202': v1Ok('The simulation has started.', SimulationStartedSchema, {
            session_key: EXAMPLE.sessionKey,
            outcome: 'complete',
            rejected_photos: 2,
            message: 'The simulated capture has started: its events and webhooks follow within seconds.',
          }),
          ...v1Errors('BadRequest', 'NotFound', 'Conflict'),
        },
      },
    },
    '/v1/sessions/{sessionKey}/notes': {
      get: {
        tags: ['Sessions'],
        summary: 'List the notes of a session',
        description: "Every note of the session, the integrator's and the capture app's (user `guest`), oldest first.",
        operationId: 'listSessionNotes',
        parameters: [SessionKeyParam],
        responses: { '200': v1Ok('The notes.', z.array(NoteSchema), [exampleNote]), ...v1Errors('NotFound') },
      },
      post: {
        tags: ['Sessions'],
        summary: 'Add a note to a session',
        description: "The note's user is the account username. Emits SESSION:NOTE_INSERT. Refused (400) once the session is EXPIRED.",
        operationId: 'addSessionNote',
        parameters: [SessionKeyParam],
        requestBody: jsonBody(NoteInputSchema, { note: exampleNoteInput }),
        responses: { '200': v1Ok('The note.', NoteSchema, exampleNote), ...v1Errors('BadRequest', 'NotFound', 'PayloadTooLarge') },
      },
    },
  };
}

export function sessionPaths(): ZodOpenApiPathsObject {
  // The bodies' vehicle.year bound is next calendar year, so the document shows the schemas in force today.
  const { createBody, updateBody } = sessionBodySchemas(new Date());
  return { ...accessPaths(createBody), ...sessionPath(updateBody), ...photoAndNotePaths(), ...vinPaths() };
}

const VinParam = z.string().meta({
  param: {
    id: 'Vin',
    name: 'vin',
    in: 'path',
    required: true,
    description: 'A 17-character VIN; case and dashes do not matter.',
    example: '1HGCM82633A004352',
  },
});

function vinPaths(): ZodOpenApiPathsObject {
  return {
    '/v1/vin/{vin}': {
      get: {
        tags: ['Sessions'],
        summary: 'Decode a VIN',
        description:
          "What the VIN's manufacturer codes say, from NHTSA's vPIC data kept inside the service (no outside call). A VIN of the wrong length, with I, O or Q, or (first character 1-5) with a wrong check digit → 400 naming the problem.",
        operationId: 'decodeVin',
        parameters: [VinParam],
        responses: {
          '200': v1Ok('The decode; null where the data says nothing.', DecodedVehicleSchema, exampleDecodeFields.decoded),
          ...v1Errors('BadRequest'),
        },
      },
    },
  };
}
