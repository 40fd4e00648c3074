// The OpenAPI 3.1 description of the REST surface (/v1, /admin, /photos and the capture app's report documents), built
// from the same constants the code enforces so that integrators can generate clients and the route test can check
// that nothing is undocumented. The browser pages (/capture/:sessionKey, /dashboard, /web/*) and the operational
// endpoints answered before the router (/health, /ready, /metrics) are not part of it.
import { TIMESTAMP_TOLERANCE_SECONDS } from '../../auth/api-timestamp.js';
import { AUTH_FAILURE_MESSAGE, type AuthFailureLabel } from '../../auth/authenticator.js';
import { WEBHOOK_EVENTS } from '../../domain/events.js';
import { VEHICLE_ITEMS } from '../../domain/grading.js';
import { DAMAGE_TYPES, damageCatalog } from '../../domain/damage-catalog.js';
import { SESSION_STATUSES, STATUS_CHANGE_STATUSES } from '../../domain/statuses.js';
import { PHOTO_LABELS, THEME_NAMES } from '../../domain/themes.js';
import { FIRST_VEHICLE_YEAR } from '../../domain/vehicle.js';
import { REJECTION_CODES } from '../../domain/rejection-codes.js';
import { CAPTURE_LANGUAGES } from '../../domain/languages.js';
import { SESSION_KEY_PATTERN as SESSION_KEY_FORMAT } from '../../domain/identifiers.js';
import { DELIVERY_STATUSES } from '../../domain/delivery-statuses.js';
import { MISSING_FIELDS_MESSAGE } from '../../webhooks/callbacks.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../webhooks/deliveries.js';
import { MAX_ATTEMPTS } from '../../webhooks/retry-schedule.js';
import { SAMPLE_SESSION_KEY } from '../../webhooks/sample-payloads.js';
import { RESPONSE_BODY_LIMIT_BYTES, type DeliveryErrorKind } from '../../webhooks/sender.js';
import { JSON_BODY_LIMIT_BYTES } from './http-io.js';

export type JsonObject = { [key: string]: unknown };

export type OperationMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OpenApiOperation {
  tags: string[];
  summary: string;
  description?: string;
  operationId: string;
  /** Overrides the document-wide requirement; `[]` means no authentication. */
  security?: Record<string, string[]>[];
  parameters?: JsonObject[];
  requestBody?: JsonObject;
  responses: Record<string, JsonObject>;
}

export type OpenApiPathItem = Partial<Record<OperationMethod, OpenApiOperation>>;

export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect: string;
  info: { title: string; version: string; summary: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string; description: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, OpenApiPathItem>;
  webhooks: Record<string, OpenApiPathItem>;
  components: {
    securitySchemes: Record<string, JsonObject>;
    parameters: Record<string, JsonObject>;
    headers: Record<string, JsonObject>;
    schemas: Record<string, JsonObject>;
    responses: Record<string, JsonObject>;
  };
}

export const OPENAPI_PATH = '/v1/openapi.json';

// Example values (a consistent set: the token is the real HMAC of "acme:<key>@<timestamp>" keyed with the secret).
const EXAMPLE = {
  username: 'acme',
  apiKey: 'Ug7IBY1By49NZDlnvlocrzDL7wh8Stwh',
  apiSecret: '5qpvrL0GrfZn8TTuFGVk_BeIMFWvNb4DshPLNdSpd9g',
  timestamp: '2026-03-14T09:26:53Z',
  apiToken: 'cefdda12c2938317316fe473bdaf7382b987df6ba01fcfc33cc7cab082c9c00c',
  expiration: '2026-03-14T09:31:53Z',
  accessRecordId: '30833965934401b33a6b2b1c52ab383c',
  sessionKey: 'XKT-7Q2M9D4B1A',
  captureToken: '21OtjcehKKgDwHConikMBMv2iAa8ozFzdwHmufROcBw',
  photoToken: 'z20TXxVdrjXvDqRZrKlBC1KxJPhvf2tb',
  webhookSecret: 'whsec_aP+4n6zxrsYffOyLjJ2jWH8UKXZ5uMHH3U3WdxShUzs=',
  deliveryId: 'msg_Xb3kQ9vT1mLr8WcN2pYhZ5sJd0F',
  testDeliveryId: 'msg_q7Rt2VbN9xKc4LmZ8sWd1FhJ6gP',
  /** The next_cursor of a page ending with the example delivery (created 2026-03-14T09:58:16.402Z). */
  deliveryCursor: 'MTc3MzQ4MjI5NjQwMjptc2dfWGIza1E5dlQxbUxyOFdjTjJwWWhaNXNKZDBG',
} as const;

const AUTH_LABELS: readonly AuthFailureLabel[] = ['Invalid API Key', 'Invalid API Token', 'Invalid API Timestamp'];
const CALLBACK_METHODS = ['POST', 'PUT', 'PATCH'] as const;
const API_TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$';
const SESSION_KEY_PATTERN = SESSION_KEY_FORMAT.source;
const DELIVERY_ERROR_KINDS = [
  'timeout',
  'connection',
  'blocked_target',
  'redirect',
  'http_status',
  'invalid_url',
] as const satisfies readonly DeliveryErrorKind[];
const CAPTURE_TOKEN_REQUIRED_MESSAGE = 'A Capture-Token header is required.';

const API_TOKEN_DESCRIPTION = [
  'The lowercase hex HMAC-SHA256, keyed with the account `api_secret` (its text, as UTF-8 bytes), over the exact string',
  '`<username>:<api_key>@<API-Timestamp>`, where API-Timestamp is the value sent in that header. Hex case is ignored and',
  'the comparison is constant-time. The token is valid only with its own timestamp, which must lie within',
  `±${TIMESTAMP_TOLERANCE_SECONDS} seconds of the server clock, so a token lives ${TIMESTAMP_TOLERANCE_SECONDS / 60} minutes.`,
  'Alternatively, the `api_token` of a session access record issued to this API-Key (`GET /v1/sessions`) is accepted',
  "until that record's `expiration`.",
  '',
  `Example: username \`${EXAMPLE.username}\`, api_key \`${EXAMPLE.apiKey}\`, api_secret \`${EXAMPLE.apiSecret}\`,`,
  `API-Timestamp \`${EXAMPLE.timestamp}\` → API-Token \`${EXAMPLE.apiToken}\`.`,
].join('\n');

// ---------------------------------------------------------------------------------------------------------------
// Small builders

const ref = (kind: 'schemas' | 'responses' | 'parameters' | 'headers', name: string): JsonObject => ({ $ref: `#/components/${kind}/${name}` });
const schema = (name: string) => ref('schemas', name);
const nullable = (type: string, extra: JsonObject = {}): JsonObject => ({ type: [type, 'null'], ...extra });
const anyOfNull = (inner: JsonObject): JsonObject => ({ anyOf: [inner, { type: 'null' }] });

function object(properties: Record<string, JsonObject>, required: string[] = Object.keys(properties), extra: JsonObject = {}): JsonObject {
  return { type: 'object', properties, required, ...extra };
}

function json(schemaObject: JsonObject, examples?: Record<string, unknown>): JsonObject {
  const media: JsonObject = { schema: schemaObject };
  if (examples) media.examples = Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }]));
  return { 'application/json': media };
}

/** A success answer of a /v1 route: every such answer carries the rate-limit headers. */
function v1Ok(description: string, schemaObject: JsonObject, example: unknown, moreExamples: Record<string, unknown> = {}): JsonObject {
  return { description, headers: RATE_LIMIT_HEADERS, content: json(schemaObject, { example, ...moreExamples }) };
}

/** A report document: HTML or PDF, never cached; /v1 answers also carry the rate-limit headers. */
function reportOk(format: 'html' | 'pdf', rateLimited: boolean): JsonObject {
  const mediaType = format === 'html' ? 'text/html' : 'application/pdf';
  const headers: JsonObject = {
    ...(rateLimited ? RATE_LIMIT_HEADERS : {}),
    'Cache-Control': { description: 'Always `private, no-store`.', schema: { type: 'string', const: 'private, no-store' } },
  };
  if (format === 'pdf') {
    headers['Content-Disposition'] = {
      description: 'Shown inline, named after the session.',
      schema: { type: 'string' },
      example: `inline; filename="condition-report-${EXAMPLE.sessionKey}.pdf"`,
    };
  } else {
    headers['Content-Security-Policy'] = {
      description: 'The page runs no script and loads images from this origin only.',
      schema: { type: 'string', const: "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'" },
    };
  }
  return {
    description:
      format === 'html'
        ? 'The condition report as a self-contained HTML page (UTF-8): vehicle, overall grade, damages, photos, location and notes.'
        : 'The condition report as a PDF, with JPEG thumbnails of the reported photos.',
    headers,
    content: { [mediaType]: { schema: { type: 'string', contentMediaType: mediaType } } },
  };
}

function jsonBody(schemaObject: JsonObject, examples: Record<string, unknown>, required = true): JsonObject {
  return { required, content: json(schemaObject, examples) };
}

const RATE_LIMIT_HEADERS: JsonObject = {
  'RateLimit-Limit': ref('headers', 'RateLimit-Limit'),
  'RateLimit-Remaining': ref('headers', 'RateLimit-Remaining'),
  'RateLimit-Reset': ref('headers', 'RateLimit-Reset'),
};

const errorResponse = (name: string) => ref('responses', name);

/** Failures any signed /v1 route can answer with, plus the ones named. */
function v1Errors(...extra: ('BadRequest' | 'NotFound' | 'CallbackNotFound' | 'Conflict' | 'PayloadTooLarge')[]): Record<string, JsonObject> {
  const responses: Record<string, JsonObject> = {};
  const status = { BadRequest: '400', NotFound: '404', CallbackNotFound: '404', Conflict: '409', PayloadTooLarge: '413' } as const;
  for (const name of extra) responses[status[name]] = errorResponse(name);
  responses['403'] = errorResponse('Forbidden');
  responses['429'] = errorResponse('TooManyRequests');
  responses['500'] = errorResponse('InternalError');
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

// ---------------------------------------------------------------------------------------------------------------
// Example bodies (CONTRACT §3, §4, §6, §7)

const exampleVehicle = {
  vin: '1HGCM82633A004352',
  year: 2021,
  make: 'Honda',
  model: 'Accord',
  body_type: 'Sedan',
  trim: 'EX-L',
  transmission: 'Automatic',
  ext_col: 'Blue',
  int_col: 'Black',
  odom_reading: 42180,
  odom_unit: 'km',
};

const exampleAccessRecord = {
  session_id: EXAMPLE.accessRecordId,
  expiration: EXAMPLE.expiration,
  api_key: EXAMPLE.apiKey,
  api_token: EXAMPLE.apiToken,
};

const exampleCreateSession = {
  session: { theme: 'PRO', redirect_url: 'https://dealer.example.com/done', language: 'en', client_id: 'lot-42', reference: { stock_number: 'A1234' } },
  vehicle: { vin: '1HGCM82633A004352', year: 2021, make: 'Honda', model: 'Accord', odom_reading: 42180, odom_unit: 'km' },
  sms: { to: '+14155550123', to_name: 'Jane Doe' },
};

const exampleSession = {
  session_key: EXAMPLE.sessionKey,
  theme: 'PRO',
  active: true,
  status: 'IDLE',
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
    contact: null,
    reference: { stock_number: 'A1234' },
  },
  vehicle: { ...exampleVehicle, body_type: null, trim: null, transmission: null, ext_col: null, int_col: null },
};

const examplePhotoUrl = `https://capture.example.com/photos/${EXAMPLE.photoToken}`;

const examplePhotos = [
  {
    photo_code: 1,
    photo_label: 'VIN',
    url: examplePhotoUrl,
    approved: true,
    approved_message: 'ACCEPTED',
    rejection_code: null,
    decoded_vin: '1HGCM82633A004352',
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
    created_at: '2026-03-14T09:41:40.877Z',
    updated_at: '2026-03-14T09:41:41.301Z',
  },
];

const exampleNote = { title: 'Scratch', description: 'Light scratch on the rear bumper.', user: EXAMPLE.username, created_at: '2026-03-14T09:50:11.045Z' };

const exampleDamage = {
  damage_id: 'c2Vzc2lvbmRhbWFn',
  item: 'rear_bumper',
  damage_type: 'scratch',
  damage: 'scratch',
  grade: 2,
  photo_code: 8,
  region: { x: 0.42, y: 0.55, width: 0.12, height: 0.08 },
  source: 'manual',
  status: 'accepted',
  score: null,
  note: 'Along the top edge.',
  created_by: 'api',
  created_at: '2026-03-14T09:51:30.610Z',
};

const exampleResults = {
  event: 'SESSION:COMPLETE',
  session: {
    session_key: EXAMPLE.sessionKey,
    theme: 'PRO',
    status: 'COMPLETE',
    language: 'en',
    redirect_url: 'https://dealer.example.com/done',
    created_at: '2026-03-14T09:26:54.120+00:00',
    inspect_started_at: '2026-03-14T09:40:12.000+00:00',
    inspect_ended_at: '2026-03-14T09:58:16.123+00:00',
    capture_duration: 902,
    inspect_duration: 1084,
    options: {
      client_id: 'lot-42',
      contact: null,
      sms: { to: '+14155550123', to_name: 'Jane Doe', from: null, by: null },
      reference: { stock_number: 'A1234' },
    },
  },
  vehicle: { ...exampleVehicle, vin_captured: '1HGCM82633A004352', vin_match: true },
  photos: [{ photo_code: 1, photo_label: 'VIN', url: examplePhotoUrl, approved: true, approved_message: 'ACCEPTED' }],
  location: { latitude: 37.7749, longitude: -122.4194, accuracy: 12.5, captured_at: '2026-03-14T09:40:15.000+00:00' },
  inspection: {
    assessment: 'ASSESSED',
    total_damages: 1,
    grade: 4,
    max_grade_per_item: { rear_bumper: 2 },
    reviewed_by: 'api',
    reviewed_at: '2026-03-14T10:05:00.000+00:00',
    damages: [
      {
        damage_id: 'c2Vzc2lvbmRhbWFn',
        item: 'rear_bumper',
        damage_type: 'scratch',
        damage: 'scratch',
        grade: 2,
        photo_code: 8,
        region: { x: 0.42, y: 0.55, width: 0.12, height: 0.08 },
        source: 'manual',
      },
    ],
  },
};

const exampleCallback = {
  api_key: EXAMPLE.apiKey,
  event: 'SESSION:COMPLETE',
  url: 'https://hooks.example.com/inspections',
  method: 'POST',
  headers: { Authorization: 'Bearer receiver-token' },
  payload: { dealer_id: 'D-17' },
  secret: EXAMPLE.webhookSecret,
  active: true,
};

const exampleCallbackRequest = {
  event: 'SESSION:COMPLETE',
  url: 'https://hooks.example.com/inspections',
  method: 'POST',
  headers: { Authorization: 'Bearer receiver-token' },
  payload: { dealer_id: 'D-17' },
};

const exampleAccount = {
  username: EXAMPLE.username,
  api_key: EXAMPLE.apiKey,
  expiration_hours: 72,
  default_theme: 'PRO',
  redirect_url: null,
  review_mode: 'manual',
  display_name: 'Acme Motors',
  brand_color: '#0b5fff',
  created_at: '2026-03-01T12:00:00.000Z',
};

const exampleDelivery = {
  id: EXAMPLE.deliveryId,
  event: 'SESSION:COMPLETE',
  session_key: EXAMPLE.sessionKey,
  event_seq: 42,
  test: false,
  status: 'succeeded',
  url: exampleCallback.url,
  method: 'POST',
  payload: { ...exampleResults, dealer_id: 'D-17' },
  attempt_count: 2,
  next_attempt_at: null,
  last_status_code: 200,
  last_error: null,
  created_at: '2026-03-14T09:58:16.402Z',
  updated_at: '2026-03-14T09:58:21.871Z',
  attempts: [
    {
      attempt: 1,
      attempted_at: '2026-03-14T09:58:16.410Z',
      url: exampleCallback.url,
      method: 'POST',
      status_code: 503,
      duration_ms: 212,
      error_kind: 'http_status',
      error: 'HTTP 503 Service Unavailable',
      response_body: 'upstream busy',
    },
    {
      attempt: 2,
      attempted_at: '2026-03-14T09:58:21.730Z',
      url: exampleCallback.url,
      method: 'POST',
      status_code: 200,
      duration_ms: 87,
      error_kind: null,
      error: null,
      response_body: 'ok',
    },
  ],
};

const exampleRedelivery = {
  ...exampleDelivery,
  status: 'pending',
  next_attempt_at: '2026-03-15T08:00:02.118Z',
  updated_at: '2026-03-15T08:00:02.118Z',
};

const exampleTestDelivery = {
  id: EXAMPLE.testDeliveryId,
  event: 'SESSION:STATUS_CHANGE',
  session_key: SAMPLE_SESSION_KEY,
  event_seq: null,
  test: true,
  status: 'delivering',
  url: exampleCallback.url,
  method: 'POST',
  payload: {
    session_key: SAMPLE_SESSION_KEY,
    event: 'SESSION:STATUS_CHANGE',
    status: 'STARTED',
    timestamp: '2026-03-15T08:01:40.512+00:00',
    test: true,
    dealer_id: 'D-17',
  },
  attempt_count: 0,
  next_attempt_at: null,
  last_status_code: null,
  last_error: null,
  created_at: '2026-03-15T08:01:40.512Z',
  updated_at: '2026-03-15T08:01:40.512Z',
  attempts: [],
};

const forbiddenExample = (error: AuthFailureLabel) => ({ message: AUTH_FAILURE_MESSAGE, error });

// ---------------------------------------------------------------------------------------------------------------
// Schemas

const isoTimestamp: JsonObject = { type: 'string', format: 'date-time', description: 'ISO 8601 in UTC.' };
const isoTimestampWithOffset: JsonObject = { type: 'string', format: 'date-time', description: 'ISO 8601 with the offset +00:00.' };
const freeText = (max: number): JsonObject => nullable('string', { maxLength: max, description: `At most ${max} characters; blank means null.` });
const jsonObjectOrNull: JsonObject = nullable('object', { additionalProperties: true });

/** Users and sign-in (CONTRACT §12). */
function userSchemas(): Record<string, JsonObject> {
  const username = { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]{2,63}$', description: 'Unique across the service.' };
  const role = { type: 'string', enum: ['owner', 'inspector', 'viewer'] };
  return {
    NewUserRequest: object(
      { username, password: { type: 'string', minLength: 12 }, role, name: { type: 'string', description: 'Defaults to the username.' } },
      ['username', 'password', 'role'],
    ),
    User: object({ username: { type: 'string' }, name: { type: 'string' }, role, created_at: { type: 'string', format: 'date-time' } }),
    UserList: object({ data: { type: 'array', items: schema('User') } }),
    SignInRequest: object({ username: { type: 'string' }, password: { type: 'string' } }),
    SignedInUser: object({ username: { type: 'string' }, name: { type: 'string' }, role, account: { type: 'string', description: "The account's username." } }),
    NewOwnerRequest: object({ username, password: { type: 'string', minLength: 12 }, name: { type: 'string' } }, ['username', 'password']),
  };
}

function schemas(): Record<string, JsonObject> {
  return { ...userSchemas(), ...accountAndSessionSchemas() };
}

function accountAndSessionSchemas(): Record<string, JsonObject> {
  const photoCodeList = Object.entries(PHOTO_LABELS)
    .map(([code, label]) => `${code} ${label}`)
    .join(', ');
  const vehicleOutput: Record<string, JsonObject> = {
    vin: nullable('string'),
    year: nullable('integer'),
    make: nullable('string'),
    model: nullable('string'),
    body_type: nullable('string'),
    trim: nullable('string'),
    transmission: nullable('string'),
    ext_col: nullable('string'),
    int_col: nullable('string'),
    odom_reading: nullable('number'),
    odom_unit: { enum: ['km', 'mi', null] },
  };
  const sessionGroup = {
    theme: anyOfNull(schema('Theme')),
    redirect_url: nullable('string', { format: 'uri', maxLength: 2048, description: 'Absolute http(s) URL; blank or null means none.' }),
    language: nullable('string', {
      maxLength: 35,
      examples: ['en', 'pt-BR'],
      description: `The capture page's language: one of ${CAPTURE_LANGUAGES.join(', ')} (a regional tag such as pt-BR is stored as its language, pt); blank means null (English).`,
    }),
    client_id: freeText(200),
    contact: jsonObjectOrNull,
    reference: jsonObjectOrNull,
  };

  return {
    Error: object({ message: { type: 'string' } }, ['message'], { examples: [{ message: 'Malformed JSON body.' }] }),
    AuthenticationError: object(
      {
        message: { const: AUTH_FAILURE_MESSAGE },
        error: { enum: [...AUTH_LABELS], description: 'Which check failed. Missing headers count as invalid.' },
      },
      ['message', 'error'],
    ),
    CallbackNotFoundError: object({ api_key: { type: 'string' }, message: { type: 'string' } }),
    WebhookEvent: { type: 'string', enum: [...WEBHOOK_EVENTS] },
    SessionStatus: { type: 'string', enum: [...SESSION_STATUSES] },
    RejectionCode: { type: 'string', enum: [...REJECTION_CODES], description: 'Why quality control rejected a photo.' },
    Theme: {
      type: 'string',
      enum: [...THEME_NAMES],
      description: 'PRO: photos 1-13 and a damage inspection; LITE: photos 1, 2, 4, 5, 7, 8; CAPT: photos 1-13, no damage inspection.',
    },
    PhotoCode: { type: 'integer', minimum: 1, maximum: 13, description: `Photo codes and labels: ${photoCodeList}.` },
    Grade: { type: 'integer', minimum: 1, maximum: 5 },
    VehicleItem: { type: 'string', enum: [...VEHICLE_ITEMS] },
    AccessRecord: object({
      session_id: { type: 'string', description: 'Identifier of the access record.' },
      expiration: { type: 'string', pattern: API_TIMESTAMP_PATTERN, description: 'API-Timestamp + 300 s, YYYY-MM-DDTHH:MM:SSZ.' },
      api_key: { type: 'string', description: 'The API-Key header, echoed.' },
      api_token: { type: 'string', description: 'The API-Token header, echoed; it may be presented again until `expiration`.' },
    }),
    Vehicle: object(vehicleOutput, undefined, { description: 'Always all 11 keys; null when unknown.' }),
    VehicleInput: object(
      {
        vin: nullable('string', { maxLength: 17, description: 'Up to 17 letters and digits without I, O, Q; upper-cased; blank means null.' }),
        year: nullable('integer', { minimum: FIRST_VEHICLE_YEAR, description: 'At most next calendar year.' }),
        make: freeText(100),
        model: freeText(100),
        body_type: freeText(100),
        trim: freeText(100),
        transmission: freeText(100),
        ext_col: freeText(100),
        int_col: freeText(100),
        odom_reading: nullable('number', { minimum: 0 }),
        odom_unit: { enum: ['km', 'mi', null] },
      },
      [],
      { additionalProperties: false, description: 'Every key optional; unknown keys are refused with 400.' },
    ),
    SmsInvite: object({ to: { type: 'string' }, to_name: nullable('string'), from: nullable('string'), by: nullable('string') }),
    SessionOptions: object({
      client_id: nullable('string'),
      sms: anyOfNull(schema('SmsInvite')),
      contact: jsonObjectOrNull,
      reference: jsonObjectOrNull,
    }),
    SessionGroupInput: object(sessionGroup, [], { additionalProperties: false }),
    CreateSessionRequest: object(
      {
        session: anyOfNull(schema('SessionGroupInput')),
        vehicle: anyOfNull(schema('VehicleInput')),
        sms: anyOfNull(
          object(
            {
              to: {
                type: 'string',
                description: 'Phone number in international format (E.164); spaces, dots, dashes and parentheses are removed.',
                examples: ['+14155550123'],
              },
              to_name: freeText(100),
              from: freeText(32),
              by: freeText(100),
            },
            ['to'],
            {
              additionalProperties: false,
              description: 'When given, an SMS invitation with the capture link is sent and its outcome emitted as SESSION:SMS_PROCESS.',
            },
          ),
        ),
      },
      [],
      { additionalProperties: false, description: 'All fields optional. An empty object `{}` (or no body) issues an access record instead.' },
    ),
    UpdateSessionRequest: object(
      {
        theme: schema('Theme'),
        redirect_url: sessionGroup.redirect_url,
        language: sessionGroup.language,
        vehicle: schema('VehicleInput'),
        options: object({ client_id: freeText(200), contact: jsonObjectOrNull, reference: jsonObjectOrNull }, [], { additionalProperties: false }),
        session: {
          ...schema('SessionGroupInput'),
          description: "The create body's group is also accepted; a field sent both here and at the top level (or in options) is refused.",
        },
      },
      [],
      {
        additionalProperties: false,
        description: '`theme` only while IDLE; the other fields until COMPLETE or EXPIRED. `vehicle` and `options` are merged key by key into the stored ones.',
      },
    ),
    Session: object({
      session_key: { type: 'string', pattern: SESSION_KEY_PATTERN },
      theme: schema('Theme'),
      active: { type: 'boolean', description: 'False once COMPLETE or EXPIRED.' },
      status: schema('SessionStatus'),
      redirect_url: nullable('string'),
      language: nullable('string'),
      capture_url: {
        type: 'string',
        format: 'uri',
        description: "`<PUBLIC_URL>/capture/<session_key>#<capture_token>`: the capture app's only credential, for this one session.",
      },
      inspect_started_at: nullable('string', { format: 'date-time' }),
      inspect_ended_at: nullable('string', { format: 'date-time' }),
      created_at: isoTimestamp,
      updated_at: isoTimestamp,
      options: schema('SessionOptions'),
      vehicle: schema('Vehicle'),
    }),
    SessionDeleted: object({ message: { type: 'string' } }),
    Photo: object({
      photo_code: schema('PhotoCode'),
      photo_label: { type: 'string' },
      url: nullable('string', { format: 'uri', description: 'Unguessable URL of the stored image; null when nothing readable was stored.' }),
      approved: { type: 'boolean' },
      approved_message: { type: 'string', pattern: '^(ACCEPTED|REJECTED: .+)$' },
      rejection_code: { ...anyOfNull(schema('RejectionCode')), description: 'Why the photo was rejected; null when accepted.' },
      decoded_vin: nullable('string', {
        pattern: '^[A-HJ-NPR-Z0-9]{17}$',
        description:
          'The VIN read from the barcode (Code 39, Code 128, DataMatrix, QR) of an accepted VIN photo (photo code 1), validated; null when none was readable and for other photos.',
      }),
      created_at: isoTimestamp,
      updated_at: isoTimestamp,
    }),
    Note: object({
      title: { type: 'string' },
      description: { type: 'string' },
      user: { type: 'string', description: 'The account username, or guest for a note from the capture app.' },
      created_at: isoTimestamp,
    }),
    NoteInput: object({ title: { type: 'string', minLength: 1, maxLength: 200 }, description: { type: 'string', minLength: 1, maxLength: 5000 } }),
    DamageType: { type: 'string', enum: [...DAMAGE_TYPES], description: 'See GET /v1/damage-catalog for labels and what each grade means.' },
    DamageRegion: object(
      {
        x: { type: 'number', minimum: 0, maximum: 1 },
        y: { type: 'number', minimum: 0, maximum: 1 },
        width: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
        height: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      },
      undefined,
      { description: 'A box on the photo in fractions of its width and height; x + width <= 1, y + height <= 1.', additionalProperties: false },
    ),
    DamageInput: object(
      {
        item: {
          type: 'string',
          maxLength: 100,
          description: 'A vehicle item (see VehicleItem); case, spaces and dashes are normalised, e.g. "Rear Bumper" → rear_bumper.',
        },
        damage_type: { type: 'string', maxLength: 100, description: 'A DamageType, normalised like item. Required unless `damage` is given.' },
        damage: { type: 'string', maxLength: 100, description: "The first release's name for damage_type.", deprecated: true },
        grade: { ...schema('Grade'), description: "Severity: 1 minor … 5 severe. Default: the type's default_grade." },
        photo_code: { anyOf: [schema('PhotoCode'), { type: 'null' }], description: "A photo of the session's theme." },
        region: { anyOf: [schema('DamageRegion'), { type: 'null' }], description: 'Needs photo_code.' },
        note: { type: 'string', maxLength: 1000 },
      },
      ['item'],
    ),
    DamageChange: object(
      {
        status: { enum: ['accepted', 'declined'] },
        item: { type: 'string', maxLength: 100 },
        damage_type: { type: 'string', maxLength: 100 },
        grade: schema('Grade'),
        region: { anyOf: [schema('DamageRegion'), { type: 'null' }] },
        note: { type: 'string', maxLength: 1000 },
      },
      [],
      { description: 'At least one field.', minProperties: 1 },
    ),
    Damage: object({
      damage_id: nullable('string', { description: 'Null only on records stored before damage ids existed.' }),
      item: schema('VehicleItem'),
      damage_type: { type: 'string' },
      damage: { type: 'string', description: 'Same as damage_type, for integrators of the first release.' },
      grade: schema('Grade'),
      photo_code: anyOfNull(schema('PhotoCode')),
      region: anyOfNull(schema('DamageRegion')),
      source: { enum: ['manual', 'detector'] },
      status: { enum: ['accepted', 'declined', 'proposed'] },
      score: nullable('number', { minimum: 0, maximum: 1 }),
      note: { type: 'string' },
      created_by: nullable('string', { description: "A user's username, `api`, or the detector's name." }),
      created_at: isoTimestamp,
    }),
    DamageList: { type: 'array', items: schema('Damage') },
    DamageCatalog: object({
      items: { type: 'array', items: object({ code: schema('VehicleItem'), label: { type: 'string' } }) },
      damage_types: {
        type: 'array',
        items: object({ code: schema('DamageType'), label: { type: 'string' }, description: { type: 'string' }, default_grade: schema('Grade') }),
      },
    }),
    ReviewInput: object(
      { no_damage_found: { type: 'boolean', default: false, description: 'Required true when no damage is accepted; refused when some are.' } },
      [],
      { additionalProperties: false },
    ),
    SessionResults: object(
      {
        event: { const: 'SESSION:COMPLETE' },
        session: object({
          session_key: { type: 'string', pattern: SESSION_KEY_PATTERN },
          theme: schema('Theme'),
          status: schema('SessionStatus'),
          language: nullable('string'),
          redirect_url: nullable('string'),
          created_at: isoTimestampWithOffset,
          inspect_started_at: nullable('string', { format: 'date-time' }),
          inspect_ended_at: nullable('string', { format: 'date-time' }),
          capture_duration: nullable('integer', { minimum: 0, description: 'Seconds from inspect_started_at to the latest accepted photo.' }),
          inspect_duration: nullable('integer', { minimum: 0, description: 'Seconds from inspect_started_at to inspect_ended_at.' }),
          options: schema('SessionOptions'),
        }),
        vehicle: object(
          {
            ...vehicleOutput,
            vin_captured: nullable('string', {
              pattern: '^[A-HJ-NPR-Z0-9]{17}$',
              description: "The VIN read from the VIN photo's barcode or typed on the capture page (whichever was given last); null when neither.",
            }),
            vin_match: nullable('boolean', { description: 'Whether vin_captured equals `vin`; null when either is missing.' }),
          },
          undefined,
          { description: 'The vehicle as the integrator described it, with the VIN the inspection captured.' },
        ),
        photos: {
          type: 'array',
          description: 'The latest capture of each photo code, in photo-code order.',
          items: object({
            photo_code: schema('PhotoCode'),
            photo_label: { type: 'string' },
            url: { type: 'string' },
            approved: { type: 'boolean' },
            approved_message: { type: 'string' },
          }),
        },
        location: anyOfNull(
          object({ latitude: { type: 'number' }, longitude: { type: 'number' }, accuracy: nullable('number'), captured_at: isoTimestampWithOffset }),
        ),
        inspection: anyOfNull(
          object({
            assessment: {
              enum: ['ASSESSED', 'NOT_ASSESSED'],
              description: 'ASSESSED when a person completed a review, any damage was accepted, or a detector ran.',
            },
            total_damages: { type: 'integer', minimum: 0, description: 'Accepted damages.' },
            grade: {
              anyOf: [schema('Grade'), { type: 'null' }],
              description: 'Overall condition: 5 EXCELLENT, 4 GOOD, 3 FAIR, 2 ROUGH, 1 POOR; null when NOT_ASSESSED.',
            },
            max_grade_per_item: {
              type: 'object',
              additionalProperties: schema('Grade'),
              description: 'Per item, the highest accepted damage severity; {} when NOT_ASSESSED.',
            },
            reviewed_by: nullable('string', { description: 'The user, or `api`, who completed the review.' }),
            reviewed_at: nullable('string', { format: 'date-time' }),
            damages: {
              type: 'array',
              description: 'Accepted damages only.',
              items: object({
                damage_id: nullable('string'),
                item: schema('VehicleItem'),
                damage_type: { type: 'string' },
                damage: { type: 'string' },
                grade: schema('Grade'),
                photo_code: anyOfNull(schema('PhotoCode')),
                region: anyOfNull(schema('DamageRegion')),
                source: { enum: ['manual', 'detector'] },
              }),
            },
          }),
        ),
        report: anyOfNull(
          object(
            {
              url: { type: 'string', format: 'uri', description: 'The report page: opens without credentials until expires_at.' },
              pdf_url: { type: 'string', format: 'uri', description: 'The same report as a PDF.' },
              expires_at: isoTimestampWithOffset,
            },
            undefined,
            { description: 'Shareable links to the condition report, valid REPORT_LINK_DAYS (default 30) from completion.' },
          ),
        ),
      },
      undefined,
      { description: 'Identical to the SESSION:COMPLETE webhook payload. `inspection` is null for the CAPT theme.' },
    ),
    CallbackHeadersInput: {
      description:
        'Headers sent with each delivery: a JSON object of string values (at most 32), or a string holding one; null or "" mean none. ' +
        'Host, Content-Length, Transfer-Encoding, Connection, Content-Type and the webhook-* signing headers are set by the service, whose values win.',
      anyOf: [
        { type: 'object', maxProperties: 32, additionalProperties: { type: 'string', maxLength: 4096 } },
        { type: 'string', description: 'A JSON object, as text.' },
        { type: 'null' },
      ],
    },
    CallbackPayloadInput: {
      description: "Extra attributes added to each event's default payload (the default field wins a clash): a JSON object, or a string holding one.",
      anyOf: [{ type: 'object' }, { type: 'string', description: 'A JSON object, as text.' }, { type: 'null' }],
    },
    CallbackMethod: { type: 'string', enum: [...CALLBACK_METHODS], default: 'POST', description: 'Case-insensitive on input.' },
    CreateCallbackRequest: object(
      {
        event: schema('WebhookEvent'),
        url: {
          type: 'string',
          format: 'uri',
          description: 'Absolute http(s) URL; non-public addresses are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true.',
        },
        method: schema('CallbackMethod'),
        headers: schema('CallbackHeadersInput'),
        payload: schema('CallbackPayloadInput'),
      },
      ['event', 'url'],
    ),
    UpdateCallbackRequest: object(
      {
        url: { type: 'string', format: 'uri' },
        method: schema('CallbackMethod'),
        headers: schema('CallbackHeadersInput'),
        payload: schema('CallbackPayloadInput'),
      },
      ['url'],
    ),
    Callback: object({
      api_key: { type: 'string' },
      event: schema('WebhookEvent'),
      url: { type: 'string', format: 'uri' },
      method: schema('CallbackMethod'),
      headers: { type: 'object', additionalProperties: { type: 'string' } },
      payload: { type: 'object' },
      secret: { type: 'string', pattern: '^whsec_', description: 'Signs deliveries (Standard Webhooks webhook-signature header).' },
      active: { type: 'boolean', description: 'False after a receiver answered 410 Gone; updating the callback turns it back on.' },
    }),
    CallbackList: object({ api_key: { type: 'string' }, data: { type: 'array', items: schema('Callback') } }),
    CallbackDeleted: object({ api_key: { type: 'string' }, message: { type: 'string' } }),
    DeliveryStatus: {
      type: 'string',
      enum: [...DELIVERY_STATUSES],
      description:
        'pending: waiting for its next attempt; delivering: an attempt is being made; succeeded: a 2xx arrived; failed: the schedule ran out, the receiver answered 410 Gone, the callback was removed or disabled, or a test send was not answered with a 2xx.',
    },
    DeliveryAttempt: object({
      attempt: { type: 'integer', minimum: 1, description: "Numbered over the delivery's whole life, redeliveries included." },
      attempted_at: isoTimestamp,
      url: { type: 'string', description: "The target this attempt really used (the callback's url at the time)." },
      method: schema('CallbackMethod'),
      status_code: nullable('integer', { description: 'Null when no response arrived.' }),
      duration_ms: { type: 'integer', minimum: 0 },
      error_kind: { enum: [...DELIVERY_ERROR_KINDS, null], description: 'Null on success. Redirects are not followed and count as failures.' },
      error: nullable('string', { description: 'Short text; null on success.' }),
      response_body: nullable('string', { description: `The first ${RESPONSE_BODY_LIMIT_BYTES} bytes of the response body; null when no response arrived.` }),
    }),
    Delivery: object({
      id: { type: 'string', description: 'Also the `webhook-id` header; stable across every attempt and redelivery.' },
      event: schema('WebhookEvent'),
      session_key: { type: 'string', description: `The session the event belongs to; ${SAMPLE_SESSION_KEY} for a test send.` },
      event_seq: nullable('integer', { description: "The event's per-account sequence number; null for a test send." }),
      test: { type: 'boolean', description: 'True for a test send (POST /v1/callbacks/{event}/test).' },
      status: schema('DeliveryStatus'),
      url: { type: 'string', description: "The callback's url when the delivery was queued." },
      method: schema('CallbackMethod'),
      payload: { description: 'The JSON body every attempt sends and signs, parsed.' },
      attempt_count: { type: 'integer', minimum: 0 },
      next_attempt_at: nullable('string', { format: 'date-time', description: 'When the next attempt is due; null unless pending.' }),
      last_status_code: nullable('integer'),
      last_error: nullable('string'),
      created_at: isoTimestamp,
      updated_at: isoTimestamp,
      attempts: { type: 'array', items: schema('DeliveryAttempt'), description: 'Oldest first.' },
    }),
    DeliveryList: object({
      api_key: { type: 'string' },
      event: schema('WebhookEvent'),
      data: { type: 'array', items: schema('Delivery'), description: 'Newest first.' },
      next_cursor: nullable('string', { description: 'Pass as `cursor` to read the next (older) page; null on the last page.' }),
    }),
    CaptureTokenError: object({ message: { const: CAPTURE_TOKEN_REQUIRED_MESSAGE }, error: { const: 'Invalid Capture Token' } }),
    NewAccountRequest: object(
      {
        username: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{2,63}$' },
        expiration_hours: { type: 'number', exclusiveMinimum: 0, maximum: 24 * 365, default: 72 },
        default_theme: { ...schema('Theme'), default: 'PRO' },
        redirect_url: nullable('string', { format: 'uri' }),
        owner: schema('NewOwnerRequest'),
        review_mode: {
          enum: ['manual', 'auto'],
          default: 'manual',
          description: 'manual: a person completes each review; auto: the report is generated on confirmation.',
        },
        display_name: { type: 'string', minLength: 1, maxLength: 100, description: 'Shown on the capture page and the report; default the username.' },
        brand_color: nullable('string', { pattern: '^#[0-9a-fA-F]{6}$' }),
      },
      ['username'],
      { additionalProperties: false },
    ),
    AccountSettings: object(
      {
        expiration_hours: { type: 'number', exclusiveMinimum: 0, maximum: 24 * 365 },
        default_theme: schema('Theme'),
        redirect_url: nullable('string', { format: 'uri' }),
        review_mode: { enum: ['manual', 'auto'] },
        display_name: { type: 'string', minLength: 1, maxLength: 100 },
        brand_color: nullable('string', { pattern: '^#[0-9a-fA-F]{6}$' }),
      },
      [],
      { additionalProperties: false, minProperties: 1 },
    ),
    Account: object({
      username: { type: 'string' },
      api_key: { type: 'string' },
      expiration_hours: { type: 'number' },
      default_theme: schema('Theme'),
      redirect_url: nullable('string'),
      review_mode: { enum: ['manual', 'auto'] },
      display_name: { type: 'string' },
      brand_color: nullable('string'),
      created_at: isoTimestamp,
    }),
    AccountWithSecret: {
      allOf: [schema('Account'), object({ api_secret: { type: 'string', description: 'Shown only here; keep it secret.' } })],
    },
    AccountList: object({ data: { type: 'array', items: schema('Account') } }),
    SmsProcessPayload: object({
      session_key: { type: 'string' },
      event: { const: 'SESSION:SMS_PROCESS' },
      name: { type: 'string', description: 'Recipient name; "" when unknown.' },
      phone: { type: 'string' },
      status: { enum: ['success', 'error'] },
      message: { type: 'string', description: 'Error text when status is error; "" otherwise.' },
      timestamp: isoTimestampWithOffset,
    }),
    StageChangePayload: object({
      session_key: { type: 'string' },
      event: { const: 'SESSION:STAGE_CHANGE' },
      photo_code: schema('PhotoCode'),
      photo_label: { type: 'string' },
      photo_url: { type: 'string' },
      photo_status: { enum: ['accepted', 'rejected'] },
      message: { type: 'string', description: 'Rejection reason when photo_status is rejected; "" otherwise.' },
      timestamp: isoTimestampWithOffset,
    }),
    StatusChangePayload: object({
      session_key: { type: 'string' },
      event: { const: 'SESSION:STATUS_CHANGE' },
      status: { enum: [...STATUS_CHANGE_STATUSES] },
      timestamp: isoTimestampWithOffset,
    }),
    NoteInsertPayload: object({
      session_key: { type: 'string' },
      event: { const: 'SESSION:NOTE_INSERT' },
      timestamp: isoTimestampWithOffset,
      title: { type: 'string' },
      description: { type: 'string' },
      user: { type: 'string' },
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Reusable responses, parameters and headers

function responses(): Record<string, JsonObject> {
  return {
    BadRequest: {
      description: 'Malformed JSON, a missing or invalid field, or a rule refused the request. The message names the field.',
      content: json(schema('Error'), {
        missingFields: { message: MISSING_FIELDS_MESSAGE },
        malformedJson: { message: 'Malformed JSON body.' },
        unknownTheme: { message: 'Unknown theme GOLD. Use one of PRO, LITE, CAPT.' },
        unknownEvent: { message: `event must be one of ${WEBHOOK_EVENTS.join(', ')}.` },
        sessionStarted: { message: `Session ${EXAMPLE.sessionKey} has been started and cannot be deleted.` },
        invalidLimit: { message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` },
        invalidCursor: { message: 'cursor is not a cursor returned by this API.' },
      }),
    },
    Unauthorized: {
      description: 'Missing or wrong admin bearer token.',
      content: json(schema('Error'), { unauthorized: { message: 'A valid admin bearer token is required.' } }),
    },
    Forbidden: {
      description: 'The API headers could not be validated. The label says which check failed; nothing else about the account is revealed.',
      content: json(schema('AuthenticationError'), {
        invalidApiKey: forbiddenExample('Invalid API Key'),
        invalidApiToken: forbiddenExample('Invalid API Token'),
        invalidApiTimestamp: forbiddenExample('Invalid API Timestamp'),
      }),
    },
    NotFound: {
      description: 'The resource does not exist or belongs to another account.',
      content: json(schema('Error'), {
        session: { message: `Session ${EXAMPLE.sessionKey} cannot be found.` },
        account: { message: 'Account acme cannot be found.' },
        photo: { message: 'Photo not found.' },
        delivery: { message: `Delivery ${EXAMPLE.deliveryId} cannot be found.` },
      }),
    },
    CallbackNotFound: {
      description: 'The API key has no callback for that event.',
      content: json(schema('CallbackNotFoundError'), {
        missing: { api_key: EXAMPLE.apiKey, message: 'Your API Key does not have callback setting for the event SESSION:COMPLETE.' },
      }),
    },
    Conflict: {
      description: 'The request conflicts with the current state.',
      content: json(schema('Error'), {
        notCompleted: { message: 'Session is not yet completed.' },
        concurrentMove: { message: `Session ${EXAMPLE.sessionKey} changed status during the update; read it and try again.` },
        usernameTaken: { message: 'Username acme is already taken.' },
        callbackRemoved: { message: `Delivery ${EXAMPLE.deliveryId} cannot be redelivered: the callback for SESSION:COMPLETE was removed.` },
        callbackDisabled: {
          message: `Delivery ${EXAMPLE.deliveryId} cannot be redelivered: the callback for SESSION:COMPLETE is disabled; update it to re-enable it.`,
        },
        testCallbackDisabled: { message: 'The callback for SESSION:COMPLETE is disabled; update it to re-enable it.' },
      }),
    },
    CaptureTokenRequired: {
      description: 'No Capture-Token header was sent. (A token that does not belong to the session in the path answers 404.)',
      content: json(schema('CaptureTokenError'), { missing: { message: CAPTURE_TOKEN_REQUIRED_MESSAGE, error: 'Invalid Capture Token' } }),
    },
    PayloadTooLarge: {
      description: `The request body exceeds ${JSON_BODY_LIMIT_BYTES} bytes. The connection is closed.`,
      content: json(schema('Error'), { tooLarge: { message: `Request body exceeds the limit of ${JSON_BODY_LIMIT_BYTES} bytes.` } }),
    },
    TooManyRequests: {
      description: 'The request budget of the API key (or of the client address when no key is sent) is spent.',
      headers: { 'Retry-After': ref('headers', 'Retry-After'), ...RATE_LIMIT_HEADERS },
      content: json(schema('Error'), { rateLimited: { message: 'Too many requests. Retry after the time given in Retry-After.' } }),
    },
    InternalError: {
      description: 'An unexpected failure. No internals are revealed.',
      content: json(schema('Error'), { internal: { message: 'Internal server error.' } }),
    },
  };
}

function parameters(): Record<string, JsonObject> {
  return {
    SessionKey: {
      name: 'sessionKey',
      in: 'path',
      required: true,
      description: 'The session_key of an inspection session of this account.',
      schema: { type: 'string', pattern: SESSION_KEY_PATTERN },
      example: EXAMPLE.sessionKey,
    },
    CallbackEvent: {
      name: 'event',
      in: 'path',
      required: true,
      description: 'A webhook event name; a name that is not a supported event gives 400.',
      schema: schema('WebhookEvent'),
      example: 'SESSION:COMPLETE',
    },
    CaptureSessionKey: {
      name: 'sessionKey',
      in: 'path',
      required: true,
      description: 'The session_key of the session the Capture-Token belongs to.',
      schema: { type: 'string', pattern: SESSION_KEY_PATTERN },
      example: EXAMPLE.sessionKey,
    },
    DeliveryId: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'The id of a delivery of this API key (the `webhook-id` header it was sent with).',
      schema: { type: 'string', maxLength: 64 },
      example: EXAMPLE.deliveryId,
    },
    DeliveryLimit: {
      name: 'limit',
      in: 'query',
      required: false,
      description: `Deliveries per page; anything but a whole number from 1 to ${MAX_PAGE_SIZE} gives 400.`,
      schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
    },
    DeliveryCursor: {
      name: 'cursor',
      in: 'query',
      required: false,
      description: 'The `next_cursor` of the previous page; omit it for the newest deliveries. Anything else gives 400.',
      schema: { type: 'string' },
      example: EXAMPLE.deliveryCursor,
    },
    DeliverySessionKey: {
      name: 'session_key',
      in: 'query',
      required: false,
      description: "Only this session's deliveries.",
      schema: { type: 'string' },
      example: EXAMPLE.sessionKey,
    },
    PhotoToken: {
      name: 'token',
      in: 'path',
      required: true,
      description: 'The unguessable token of a stored photo, as found in photo URLs.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{20,64}$' },
      example: EXAMPLE.photoToken,
    },
    DamageId: {
      name: 'damageId',
      in: 'path',
      required: true,
      schema: { type: 'string' },
      example: 'c2Vzc2lvbmRhbWFn',
    },
    Username: {
      name: 'username',
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{2,63}$' },
      example: EXAMPLE.username,
    },
  };
}

function headers(): Record<string, JsonObject> {
  return {
    'RateLimit-Limit': { description: 'Requests allowed per window.', schema: { type: 'integer' } },
    'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
    'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
    'Retry-After': { description: 'Seconds to wait before retrying (at least 1).', schema: { type: 'integer', minimum: 1 } },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Paths

const sessionKeyParam = ref('parameters', 'SessionKey');
const eventParam = ref('parameters', 'CallbackEvent');

const CAPTURE_REPORT_DESCRIPTION =
  'For the capture app: authenticated with the Capture-Token header (the part of capture_url after #), never the API headers, ' +
  'and never a token in the URL. Available once the session is COMPLETE (409 before). No Capture-Token: 403; a token of ' +
  'another session, or none known: 404. Not rate-limited.';

function captureReportResponses(format: 'html' | 'pdf'): Record<string, JsonObject> {
  return {
    '200': reportOk(format, false),
    '403': errorResponse('CaptureTokenRequired'),
    '404': errorResponse('NotFound'),
    '409': errorResponse('Conflict'),
    '500': errorResponse('InternalError'),
  };
}

function paths(): Record<string, OpenApiPathItem> {
  return { ...userPaths(), ...accountAndSessionPaths() };
}

/** /v1/users with the API headers, and the browser sign-in under /auth (CONTRACT §12). */
function userPaths(): Record<string, OpenApiPathItem> {
  const exampleUser = { username: 'jane.doe', name: 'Jane Doe', role: 'inspector', created_at: '2026-03-14T09:30:00.000Z' };
  const exampleSignedIn = { username: 'jane.doe', name: 'Jane Doe', role: 'inspector', account: EXAMPLE.username };
  const invalidSignIn = {
    description: 'Wrong username or password (the same answer for both).',
    content: json(schema('Error'), { invalid: { message: 'Invalid username or password.' } }),
  };
  const notSignedIn = {
    description: 'No live sign-in: no cookie, or it was ended by logout, user deletion or expiry.',
    content: json(schema('Error'), { signedOut: { message: 'Not signed in.' } }),
  };
  return {
    '/v1/users': {
      get: {
        tags: ['Users'],
        summary: "List the account's users",
        operationId: 'listUsers',
        responses: { '200': v1Ok('The users, oldest first.', schema('UserList'), { data: [exampleUser] }), ...v1Errors() },
      },
      post: {
        tags: ['Users'],
        summary: 'Create a user',
        description: 'The password (at least 12 characters) is stored only as an argon2id hash. A 400 message names the field.',
        operationId: 'createUser',
        requestBody: jsonBody(schema('NewUserRequest'), {
          user: { username: 'jane.doe', password: 'correct horse battery', role: 'inspector', name: 'Jane Doe' },
        }),
        responses: { '201': v1Ok('The user.', schema('User'), exampleUser), ...v1Errors('BadRequest', 'Conflict', 'PayloadTooLarge') },
      },
    },
    '/v1/users/{username}': {
      delete: {
        tags: ['Users'],
        summary: 'Delete a user',
        description: 'Every sign-in of the user ends at once.',
        operationId: 'deleteUser',
        parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' }, example: 'jane.doe' }],
        responses: { '200': v1Ok('Confirmation.', schema('Error'), { message: 'User jane.doe has been deleted.' }), ...v1Errors('NotFound') },
      },
    },
    '/auth/login': {
      post: {
        tags: ['Sign-in'],
        summary: 'Sign in a user',
        description: [
          'Sets the `cg_session` cookie (HttpOnly, SameSite=Lax, Path=/, Secure when PUBLIC_URL is https). It names a server-side sign-in',
          'that ends on logout, on deletion of the user, after 12 hours without use or 7 days after sign-in. More than 5 failures for one',
          'username within 15 minutes answer 429 with Retry-After.',
        ].join('\n'),
        operationId: 'signIn',
        security: [],
        requestBody: jsonBody(schema('SignInRequest'), { signIn: { username: 'jane.doe', password: 'correct horse battery' } }),
        responses: {
          '200': {
            description: 'Signed in.',
            headers: { 'Set-Cookie': { description: 'The cg_session cookie.', schema: { type: 'string' } } },
            content: json(schema('SignedInUser'), { signedIn: exampleSignedIn }),
          },
          '400': errorResponse('BadRequest'),
          '401': invalidSignIn,
          '413': errorResponse('PayloadTooLarge'),
          '429': {
            description: 'Too many failed sign-ins for this username.',
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: json(schema('Error'), {
              throttled: { message: 'Too many failed sign-ins for this username. Retry after the time given in Retry-After.' },
            }),
          },
          '500': errorResponse('InternalError'),
        },
      },
    },
    '/auth/logout': {
      post: {
        tags: ['Sign-in'],
        summary: 'Sign out',
        description: 'Ends the sign-in named by the cookie (if any) and clears the cookie.',
        operationId: 'signOut',
        security: [{ SignInCookie: [] }],
        responses: { '204': { description: 'Signed out; the sign-in record is gone.' }, '500': errorResponse('InternalError') },
      },
    },
    '/auth/me': {
      get: {
        tags: ['Sign-in'],
        summary: 'The signed-in user',
        operationId: 'getSignedInUser',
        security: [{ SignInCookie: [] }],
        responses: {
          '200': { description: 'The user.', content: json(schema('SignedInUser'), { signedIn: exampleSignedIn }) },
          '401': notSignedIn,
          '500': errorResponse('InternalError'),
        },
      },
    },
  };
}

function accountAndSessionPaths(): Record<string, OpenApiPathItem> {
  return {
    '/v1/sessions': {
      get: {
        tags: ['Access'],
        summary: 'Issue a session access record',
        description: 'Validates the API headers and records the token so it can be presented again until `expiration` (API-Timestamp + 300 s).',
        operationId: 'getAccessRecord',
        responses: { '200': v1Ok('The access record.', schema('AccessRecord'), exampleAccessRecord), ...v1Errors() },
      },
      post: {
        tags: ['Access', 'Sessions'],
        summary: 'Issue an access record (no body) or create an inspection session (non-empty body)',
        description:
          'With no body, a blank body or `{}`: the same as `GET /v1/sessions`. With a non-empty JSON object: creates an inspection ' +
          "session in status IDLE and answers with its representation. The theme defaults to the account's default_theme.",
        operationId: 'createSession',
        requestBody: jsonBody(schema('CreateSessionRequest'), { createSession: exampleCreateSession, accessRecord: {} }, false),
        responses: {
          '200': v1Ok(
            'The access record (empty body) or the new session (non-empty body).',
            { oneOf: [schema('AccessRecord'), schema('Session')] },
            exampleSession,
            {
              accessRecord: exampleAccessRecord,
            },
          ),
          ...v1Errors('BadRequest', 'PayloadTooLarge'),
        },
      },
    },
    '/v1/sessions/{sessionKey}': {
      get: {
        tags: ['Sessions'],
        summary: 'Read an inspection session',
        operationId: 'getSession',
        parameters: [sessionKeyParam],
        responses: { '200': v1Ok('The session.', schema('Session'), exampleSession), ...v1Errors('NotFound') },
      },
      put: {
        tags: ['Sessions'],
        summary: 'Update an inspection session',
        description: '`theme` only while IDLE; `redirect_url`, `language`, `vehicle`, `options` until the session is COMPLETE or EXPIRED. Otherwise 400.',
        operationId: 'updateSession',
        parameters: [sessionKeyParam],
        requestBody: jsonBody(schema('UpdateSessionRequest'), { update: { language: 'es', vehicle: { odom_reading: 42250 } } }, false),
        responses: {
          '200': v1Ok('The updated session.', schema('Session'), {
            ...exampleSession,
            language: 'es',
            vehicle: { ...exampleSession.vehicle, odom_reading: 42250 },
          }),
          ...v1Errors('BadRequest', 'NotFound', 'Conflict', 'PayloadTooLarge'),
        },
      },
      delete: {
        tags: ['Sessions'],
        summary: 'Delete an inspection session (only while IDLE)',
        operationId: 'deleteSession',
        parameters: [sessionKeyParam],
        responses: {
          '200': v1Ok('The session was removed.', schema('SessionDeleted'), { message: `Session ${EXAMPLE.sessionKey} has been successfully removed.` }),
          ...v1Errors('BadRequest', 'NotFound'),
        },
      },
    },
    '/v1/sessions/{sessionKey}/photos': {
      get: {
        tags: ['Sessions'],
        summary: 'List the photos captured in a session',
        description: 'Every capture, including rejected ones and retakes.',
        operationId: 'listSessionPhotos',
        parameters: [sessionKeyParam],
        responses: { '200': v1Ok('The captures.', { type: 'array', items: schema('Photo') }, examplePhotos), ...v1Errors('NotFound') },
      },
    },
    '/v1/sessions/{sessionKey}/notes': {
      get: {
        tags: ['Sessions'],
        summary: 'List the notes of a session',
        operationId: 'listSessionNotes',
        parameters: [sessionKeyParam],
        responses: { '200': v1Ok('The notes.', { type: 'array', items: schema('Note') }, [exampleNote]), ...v1Errors('NotFound') },
      },
      post: {
        tags: ['Sessions'],
        summary: 'Add a note to a session',
        description: "The note's user is the account username. Emits SESSION:NOTE_INSERT. Refused (400) once the session is EXPIRED.",
        operationId: 'addSessionNote',
        parameters: [sessionKeyParam],
        requestBody: jsonBody(schema('NoteInput'), { note: { title: exampleNote.title, description: exampleNote.description } }),
        responses: { '200': v1Ok('The note.', schema('Note'), exampleNote), ...v1Errors('BadRequest', 'NotFound', 'PayloadTooLarge') },
      },
    },
    '/v1/damage-catalog': {
      get: {
        tags: ['Sessions'],
        summary: 'Read the damage catalog',
        description: 'The closed lists of vehicle items and damage types a damage record names, with what each grade means.',
        operationId: 'getDamageCatalog',
        responses: { '200': v1Ok('The catalog.', schema('DamageCatalog'), damageCatalog()), ...v1Errors() },
      },
    },
    '/v1/sessions/{sessionKey}/damages': {
      get: {
        tags: ['Sessions'],
        summary: 'List the damage records',
        description: 'Every record, oldest first: accepted, declined and proposed.',
        operationId: 'listSessionDamages',
        parameters: [sessionKeyParam],
        responses: { '200': v1Ok('The damage records.', schema('DamageList'), [exampleDamage]), ...v1Errors('NotFound') },
      },
      post: {
        tags: ['Sessions'],
        summary: 'Record a damage (manual source, accepted)',
        description: 'Allowed in every status before COMPLETE (409 after; 400 once EXPIRED). At most 100 manual records a session.',
        operationId: 'addSessionDamage',
        parameters: [sessionKeyParam],
        requestBody: jsonBody(schema('DamageInput'), {
          damage: { item: 'Rear Bumper', damage_type: 'scratch', grade: 2, photo_code: 8, region: { x: 0.42, y: 0.55, width: 0.12, height: 0.08 } },
        }),
        responses: { '200': v1Ok('The damage record.', schema('Damage'), exampleDamage), ...v1Errors('BadRequest', 'NotFound', 'Conflict', 'PayloadTooLarge') },
      },
    },
    '/v1/sessions/{sessionKey}/damages/{damageId}': {
      patch: {
        tags: ['Sessions'],
        summary: 'Change a damage record',
        description: 'Accept or decline a proposal, or change grade, type, item, region or note. Before COMPLETE only (409 after).',
        operationId: 'updateSessionDamage',
        parameters: [sessionKeyParam, ref('parameters', 'DamageId')],
        requestBody: jsonBody(schema('DamageChange'), { accept: { status: 'accepted' }, regrade: { grade: 3, note: 'Deeper than it looked.' } }),
        responses: { '200': v1Ok('The damage record.', schema('Damage'), exampleDamage), ...v1Errors('BadRequest', 'NotFound', 'Conflict', 'PayloadTooLarge') },
      },
      delete: {
        tags: ['Sessions'],
        summary: 'Remove a manual damage record',
        description: "Before COMPLETE only (409 after). A detector's proposal cannot be removed: decline it.",
        operationId: 'deleteSessionDamage',
        parameters: [sessionKeyParam, ref('parameters', 'DamageId')],
        responses: {
          '200': v1Ok('Confirmation.', object({ message: { type: 'string' } }), { message: 'Damage c2Vzc2lvbmRhbWFn has been removed.' }),
          ...v1Errors('BadRequest', 'NotFound', 'Conflict'),
        },
      },
    },
    '/v1/sessions/{sessionKey}/review': {
      post: {
        tags: ['Sessions'],
        summary: 'Complete the review',
        description:
          'For a CONFIRM session: generates the report and moves the session to COMPLETE (SESSION:COMPLETE), reviewed_by `api`. ' +
          'With no accepted damage, no_damage_found must be true; with accepted damages it must not be. Idempotent: a COMPLETE session answers its results. ' +
          'Any other status: 409.',
        operationId: 'completeSessionReview',
        parameters: [sessionKeyParam],
        requestBody: jsonBody(schema('ReviewInput'), { clean: { no_damage_found: true }, damaged: { no_damage_found: false } }),
        responses: {
          '200': v1Ok('The results object.', schema('SessionResults'), exampleResults),
          ...v1Errors('BadRequest', 'NotFound', 'Conflict', 'PayloadTooLarge'),
        },
      },
    },
    '/v1/sessions/{sessionKey}/results': {
      get: {
        tags: ['Sessions'],
        summary: 'Read the session results',
        description: 'Available once the session is COMPLETE (409 before). Identical to the SESSION:COMPLETE webhook payload.',
        operationId: 'getSessionResults',
        parameters: [sessionKeyParam],
        responses: { '200': v1Ok('The results object.', schema('SessionResults'), exampleResults), ...v1Errors('NotFound', 'Conflict') },
      },
    },
    '/v1/sessions/{sessionKey}/report': {
      get: {
        tags: ['Reports'],
        summary: 'Read the condition report (HTML)',
        description: 'Available once the session is COMPLETE (409 `Session is not yet completed.` before). Errors are JSON.',
        operationId: 'getSessionReportHtml',
        parameters: [sessionKeyParam],
        responses: { '200': reportOk('html', true), ...v1Errors('NotFound', 'Conflict') },
      },
    },
    '/v1/sessions/{sessionKey}/report.pdf': {
      get: {
        tags: ['Reports'],
        summary: 'Download the condition report (PDF)',
        description: 'Available once the session is COMPLETE (409 `Session is not yet completed.` before). Errors are JSON.',
        operationId: 'getSessionReportPdf',
        parameters: [sessionKeyParam],
        responses: { '200': reportOk('pdf', true), ...v1Errors('NotFound', 'Conflict') },
      },
    },
    '/v1/callbacks': {
      get: {
        tags: ['Callbacks'],
        summary: 'List the callbacks of the API key',
        operationId: 'listCallbacks',
        responses: { '200': v1Ok('The callbacks.', schema('CallbackList'), { api_key: EXAMPLE.apiKey, data: [exampleCallback] }), ...v1Errors() },
      },
      post: {
        tags: ['Callbacks'],
        summary: 'Create (or replace) the callback of an event',
        description:
          'One callback per event: a POST for an event that already has one replaces its setting and keeps its secret. Missing event or url: 400 `Missing required fields.`',
        operationId: 'createCallback',
        requestBody: jsonBody(schema('CreateCallbackRequest'), { callback: exampleCallbackRequest }),
        responses: { '200': v1Ok('The callback.', schema('Callback'), exampleCallback), ...v1Errors('BadRequest', 'PayloadTooLarge') },
      },
    },
    '/v1/callbacks/{event}': {
      get: {
        tags: ['Callbacks'],
        summary: 'Read the callback of an event',
        operationId: 'getCallback',
        parameters: [eventParam],
        responses: { '200': v1Ok('The callback.', schema('Callback'), exampleCallback), ...v1Errors('BadRequest', 'CallbackNotFound') },
      },
      put: {
        tags: ['Callbacks'],
        summary: 'Update the callback of an event',
        description: 'Replaces url, method, headers and payload (omitted ones are reset to their defaults) and re-enables a disabled callback.',
        operationId: 'updateCallback',
        parameters: [eventParam],
        requestBody: jsonBody(schema('UpdateCallbackRequest'), { update: { url: 'https://hooks.example.com/v2/inspections', method: 'PUT' } }),
        responses: {
          '200': v1Ok('The callback.', schema('Callback'), {
            ...exampleCallback,
            url: 'https://hooks.example.com/v2/inspections',
            method: 'PUT',
            headers: {},
            payload: {},
          }),
          ...v1Errors('BadRequest', 'CallbackNotFound', 'PayloadTooLarge'),
        },
      },
      delete: {
        tags: ['Callbacks'],
        summary: 'Delete the callback of an event',
        operationId: 'deleteCallback',
        parameters: [eventParam],
        responses: {
          '200': v1Ok('The callback was removed.', schema('CallbackDeleted'), {
            api_key: EXAMPLE.apiKey,
            message: 'Callback setting SESSION:COMPLETE has been successfully removed.',
          }),
          ...v1Errors('BadRequest', 'CallbackNotFound'),
        },
      },
    },
    '/v1/callbacks/{event}/rotate-secret': {
      post: {
        tags: ['Callbacks'],
        summary: 'Rotate the signing secret of a callback',
        description: 'Issues a new secret; the previous one keeps signing deliveries alongside it for 24 hours.',
        operationId: 'rotateCallbackSecret',
        parameters: [eventParam],
        responses: {
          '200': v1Ok('The callback with its new secret.', schema('Callback'), {
            ...exampleCallback,
            secret: 'whsec_0JbXx3Qq8wMZ4mQ2m2b0b8c1y5Y3n9a8JtL3d7V2Yyk=',
          }),
          ...v1Errors('BadRequest', 'CallbackNotFound'),
        },
      },
    },
    '/v1/callbacks/{event}/deliveries': {
      get: {
        tags: ['Callbacks'],
        summary: 'List the deliveries of a callback, with their attempts',
        description:
          `Newest first, ${DEFAULT_PAGE_SIZE} per page unless \`limit\` says otherwise (at most ${MAX_PAGE_SIZE}); follow \`next_cursor\` for older ones. ` +
          'Test sends are included. Finished deliveries and attempts are kept for WEBHOOK_ATTEMPT_RETENTION_DAYS (default 30) days.',
        operationId: 'listCallbackDeliveries',
        parameters: [eventParam, ref('parameters', 'DeliveryLimit'), ref('parameters', 'DeliveryCursor'), ref('parameters', 'DeliverySessionKey')],
        responses: {
          '200': v1Ok('A page of deliveries.', schema('DeliveryList'), {
            api_key: EXAMPLE.apiKey,
            event: 'SESSION:COMPLETE',
            data: [exampleDelivery],
            next_cursor: EXAMPLE.deliveryCursor,
          }),
          ...v1Errors('BadRequest', 'CallbackNotFound'),
        },
      },
    },
    '/v1/callbacks/{event}/test': {
      post: {
        tags: ['Callbacks'],
        summary: 'Send a test delivery',
        description:
          `Queues the event's sample payload (session_key ${SAMPLE_SESSION_KEY}, \`"test": true\`, plus the callback's payload attributes), ` +
          'signed like any delivery. One attempt, no retries; it can be redelivered by hand. The answer is the delivery as queued ' +
          '(usually `delivering` with no attempt yet): read the delivery list for its outcome. A disabled callback answers 409.',
        operationId: 'sendTestDelivery',
        parameters: [eventParam],
        responses: {
          '200': v1Ok('The queued test delivery.', schema('Delivery'), exampleTestDelivery),
          ...v1Errors('BadRequest', 'CallbackNotFound', 'Conflict'),
        },
      },
    },
    '/v1/deliveries/{id}/redeliver': {
      post: {
        tags: ['Callbacks'],
        summary: 'Redeliver a delivery',
        description:
          'Queues the delivery again, whatever its status, with the same `webhook-id` and body and a fresh retry schedule ' +
          `(up to ${MAX_ATTEMPTS} more attempts; a test send gets one). The callback's current url, method, headers and secrets are used. A delivery ` +
          'being sent right now is left to finish and returned as it is. 409 when its callback was removed or is disabled.',
        operationId: 'redeliverDelivery',
        parameters: [ref('parameters', 'DeliveryId')],
        responses: { '200': v1Ok('The delivery, queued again.', schema('Delivery'), exampleRedelivery), ...v1Errors('NotFound', 'Conflict') },
      },
    },
    [OPENAPI_PATH]: {
      get: {
        tags: ['Documentation'],
        summary: 'This OpenAPI document',
        description: "Public: no API headers needed. Counts against the client address's rate limit like any /v1 request.",
        operationId: 'getOpenApiDocument',
        security: [],
        responses: {
          '200': {
            description: 'The OpenAPI 3.1 document.',
            headers: RATE_LIMIT_HEADERS,
            content: json({ type: 'object', required: ['openapi', 'info', 'paths'] }),
          },
          '429': errorResponse('TooManyRequests'),
          '500': errorResponse('InternalError'),
        },
      },
    },
    '/photos/{token}': {
      get: {
        tags: ['Photos'],
        summary: 'Download a stored photo',
        description:
          'The unguessable URL is the only credential (capability URL). Served with `Cache-Control: private, max-age=31536000, immutable` and `X-Content-Type-Options: nosniff`. Not rate-limited. A rejected upload keeps only its thumbnail, which its URL serves whatever the size asked for.',
        operationId: 'getPhoto',
        security: [],
        parameters: [
          ref('parameters', 'PhotoToken'),
          {
            name: 'size',
            in: 'query',
            required: false,
            description: 'Absent: the original upload. `thumb`: a JPEG at most 400 px on its long edge; `medium`: at most 1280 px. EXIF orientation applied.',
            schema: { type: 'string', enum: ['thumb', 'medium'] },
          },
        ],
        responses: {
          '200': {
            description: 'The image: the original in the format it was uploaded in, a thumbnail as JPEG.',
            content: Object.fromEntries(
              ['image/jpeg', 'image/png', 'image/webp'].map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
            ),
          },
          '400': errorResponse('BadRequest'),
          '404': errorResponse('NotFound'),
          '500': errorResponse('InternalError'),
        },
      },
    },
    '/capture/{sessionKey}/report': {
      get: {
        tags: ['Reports'],
        summary: 'Read the condition report from the capture app (HTML)',
        description: CAPTURE_REPORT_DESCRIPTION,
        operationId: 'getCaptureReportHtml',
        security: [{ CaptureToken: [] }],
        parameters: [ref('parameters', 'CaptureSessionKey')],
        responses: captureReportResponses('html'),
      },
    },
    '/capture/{sessionKey}/report.pdf': {
      get: {
        tags: ['Reports'],
        summary: 'Download the condition report from the capture app (PDF)',
        description: CAPTURE_REPORT_DESCRIPTION,
        operationId: 'getCaptureReportPdf',
        security: [{ CaptureToken: [] }],
        parameters: [ref('parameters', 'CaptureSessionKey')],
        responses: captureReportResponses('pdf'),
      },
    },
    '/admin/accounts': {
      get: {
        tags: ['Admin'],
        summary: 'List accounts (without secrets)',
        operationId: 'listAccounts',
        security: [{ AdminBearer: [] }],
        responses: {
          '200': { description: 'The accounts.', content: json(schema('AccountList'), { accounts: { data: [exampleAccount] } }) },
          '401': errorResponse('Unauthorized'),
          '500': errorResponse('InternalError'),
        },
      },
      post: {
        tags: ['Admin'],
        summary: 'Create an account',
        operationId: 'createAccount',
        security: [{ AdminBearer: [] }],
        description: 'With `owner`, the account is created together with its first owner user (returned as `owner`).',
        requestBody: jsonBody(schema('NewAccountRequest'), {
          account: { username: EXAMPLE.username },
          withOwner: { username: EXAMPLE.username, owner: { username: 'jane.doe', password: 'correct horse battery', name: 'Jane Doe' } },
        }),
        responses: {
          '201': {
            description: 'The account with its credentials.',
            content: json(schema('AccountWithSecret'), { account: { ...exampleAccount, api_secret: EXAMPLE.apiSecret } }),
          },
          '400': errorResponse('BadRequest'),
          '401': errorResponse('Unauthorized'),
          '409': errorResponse('Conflict'),
          '413': errorResponse('PayloadTooLarge'),
          '500': errorResponse('InternalError'),
        },
      },
    },
    '/admin/accounts/{username}': {
      patch: {
        tags: ['Admin'],
        summary: 'Change the settings of an account',
        operationId: 'updateAccount',
        security: [{ AdminBearer: [] }],
        parameters: [ref('parameters', 'Username')],
        requestBody: jsonBody(schema('AccountSettings'), { review: { review_mode: 'auto' }, brand: { display_name: 'Acme Motors', brand_color: '#0b5fff' } }),
        responses: {
          '200': { description: 'The account, without secrets.', content: json(schema('Account'), { account: exampleAccount }) },
          '400': errorResponse('BadRequest'),
          '401': errorResponse('Unauthorized'),
          '404': errorResponse('NotFound'),
          '413': errorResponse('PayloadTooLarge'),
          '500': errorResponse('InternalError'),
        },
      },
    },
    '/admin/accounts/{username}/rotate-secret': {
      post: {
        tags: ['Admin'],
        summary: 'Rotate the API secret of an account',
        description: 'Issues a new api_secret; tokens made with the old one are accepted for 24 more hours.',
        operationId: 'rotateAccountSecret',
        security: [{ AdminBearer: [] }],
        parameters: [ref('parameters', 'Username')],
        responses: {
          '200': {
            description: 'The account with its new secret.',
            content: json(schema('AccountWithSecret'), { account: { ...exampleAccount, api_secret: 'Xr1d2KqJb7mN0pL5sT8vW3yZ6aC9eF4hI1jM0nQ3uV0' } }),
          },
          '401': errorResponse('Unauthorized'),
          '404': errorResponse('NotFound'),
          '500': errorResponse('InternalError'),
        },
      },
    },
  };
}

function webhooks(): Record<string, OpenApiPathItem> {
  const deliveryHeaders: JsonObject[] = [
    { name: 'webhook-id', in: 'header', required: true, description: 'Stable across retries of one delivery.', schema: { type: 'string' } },
    { name: 'webhook-timestamp', in: 'header', required: true, description: 'Unix seconds of the attempt.', schema: { type: 'string' } },
    {
      name: 'webhook-signature',
      in: 'header',
      required: true,
      description: 'Space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per valid secret (Standard Webhooks).',
      schema: { type: 'string' },
    },
  ];
  const delivery = (event: string, payload: string): OpenApiPathItem => ({
    post: {
      tags: ['Callbacks'],
      summary: `${event} delivery`,
      description:
        'Sent to the callback url with its method (POST unless configured as PUT or PATCH) and headers. The body is the default ' +
        "payload plus the callback's payload attributes. Any 2xx within 15 s is success; 410 Gone disables the callback; other answers are retried.",
      operationId: `deliver${event
        .replace('SESSION:', '')
        .toLowerCase()
        .replace(/(^|_)([a-z])/g, (_match, _sep: string, letter: string) => letter.toUpperCase())}`,
      security: [],
      parameters: deliveryHeaders,
      requestBody: { required: true, content: json(schema(payload)) },
      responses: { '2XX': { description: 'Delivered.' }, '410': { description: 'Gone: the callback is disabled.' } },
    },
  });
  return {
    'SESSION:SMS_PROCESS': delivery('SESSION:SMS_PROCESS', 'SmsProcessPayload'),
    'SESSION:STAGE_CHANGE': delivery('SESSION:STAGE_CHANGE', 'StageChangePayload'),
    'SESSION:STATUS_CHANGE': delivery('SESSION:STATUS_CHANGE', 'StatusChangePayload'),
    'SESSION:COMPLETE': delivery('SESSION:COMPLETE', 'SessionResults'),
    'SESSION:NOTE_INSERT': delivery('SESSION:NOTE_INSERT', 'NoteInsertPayload'),
  };
}

// ---------------------------------------------------------------------------------------------------------------

/** The OpenAPI 3.1 document; `serverUrl` is the service's base address (paths include the /v1 prefix). */
export function openApiDocument(options: { serverUrl: string; version: string }): OpenApiDocument {
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'capture-gateway REST API',
      version: options.version,
      summary: 'Remote vehicle inspection sessions, photos, results and webhooks.',
      description: [
        'The /v1 compatibility API: HMAC-authenticated access records, inspection sessions and webhook callbacks. Bodies are JSON in snake_case.',
        '',
        'Every /v1 operation except this document requires the three headers API-Key, API-Token and API-Timestamp (see the security schemes).',
        "The capture app's report routes under /capture use the Capture-Token header instead; /photos URLs need no credentials.",
        `API-Timestamp is the current UTC time as YYYY-MM-DDTHH:MM:SSZ, within ±${TIMESTAMP_TOLERANCE_SECONDS} s of the server clock.`,
        'A failed check answers 403 with the label Invalid API Key, Invalid API Token or Invalid API Timestamp.',
        '',
        'Every /v1 response carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a spent budget answers 429 with Retry-After.',
        `JSON bodies are limited to ${JSON_BODY_LIMIT_BYTES} bytes (413). Unknown paths answer 404 and known paths asked with another method 405`,
        '(with Allow), always as `{"message": ...}`.',
      ].join('\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.serverUrl, description: 'This service.' }],
    security: [{ ApiKey: [], ApiToken: [], ApiTimestamp: [] }],
    tags: [
      { name: 'Access', description: 'Session access records: validate credentials and obtain a reusable token.' },
      { name: 'Sessions', description: 'Inspection sessions, their photos, notes, damages and results.' },
      { name: 'Callbacks', description: 'Webhook settings, one per event per API key, and the deliveries they receive.' },
      {
        name: 'Reports',
        description: 'Condition reports of completed sessions, as HTML or PDF: under /v1 with the API headers, under /capture with the Capture-Token header.',
      },
      { name: 'Photos', description: 'Stored photos at unguessable URLs.' },
      { name: 'Documentation', description: 'This document.' },
      { name: 'Users', description: 'The people of an account, who sign in to the dashboard with a role: owner, inspector or viewer.' },
      { name: 'Sign-in', description: 'Browser sign-in with a username and password; the cg_session cookie then authenticates GraphQL.' },
      {
        name: 'Admin',
        description: 'Account administration. Present only when ADMIN_TOKEN is set (404 otherwise); authenticated with `Authorization: Bearer <ADMIN_TOKEN>`.',
      },
    ],
    paths: paths(),
    webhooks: webhooks(),
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'API-Key', description: 'The account api_key.' },
        ApiToken: { type: 'apiKey', in: 'header', name: 'API-Token', description: API_TOKEN_DESCRIPTION },
        ApiTimestamp: {
          type: 'apiKey',
          in: 'header',
          name: 'API-Timestamp',
          description: `Current UTC time, YYYY-MM-DDTHH:MM:SSZ (e.g. ${EXAMPLE.timestamp}), a real calendar time within ±${TIMESTAMP_TOLERANCE_SECONDS} seconds of the server clock. It is part of the signed string.`,
        },
        AdminBearer: { type: 'http', scheme: 'bearer', description: 'The ADMIN_TOKEN configured on the server.' },
        SignInCookie: { type: 'apiKey', in: 'cookie', name: 'cg_session', description: 'Set by POST /auth/login.' },
        CaptureToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Capture-Token',
          description: 'The capture token of one session: the part of its capture_url after #. It grants access to that session only.',
        },
      },
      parameters: parameters(),
      headers: headers(),
      schemas: schemas(),
      responses: responses(),
    },
  };
}
