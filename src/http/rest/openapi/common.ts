// What every part of the OpenAPI document shares: example values, the error bodies and responses, the rate-limit
// headers, the security schemes and the small builders the operation modules use. Shapes are zod schemas (the same
// ones the code validates with or types its answers by); the generator turns them into JSON Schema.
import { z } from 'zod';
import type { ZodOpenApiContentObject, ZodOpenApiRequestBodyObject, ZodOpenApiResponseObject, ZodOpenApiSchemaObject } from 'zod-openapi';
import { TIMESTAMP_TOLERANCE_SECONDS } from '../../../auth/api-timestamp.js';
import { AUTH_FAILURE_MESSAGE, type AuthFailureLabel } from '../../../auth/authenticator.js';
import { SESSION_KEY_PATTERN } from '../../../domain/identifiers.js';
import type { VehicleDecodeFields } from '../../../domain/vehicle-decode.js';
import type { VehicleApiObject } from '../../../domain/vehicle.js';
import { WEBHOOK_EVENTS } from '../../../domain/events.js';
import { MISSING_FIELDS_MESSAGE } from '../../../webhooks/callbacks.js';
import { MAX_PAGE_SIZE } from '../../../webhooks/deliveries.js';
import { JSON_BODY_LIMIT_BYTES } from '../http-io.js';
import { CAPTURE_TOKEN_REQUIRED_MESSAGE } from '../report-routes.js';

// Example values (a consistent set: the token is the real HMAC of "acme:<key>@<timestamp>" keyed with the secret).
export const EXAMPLE = {
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

/** The vehicle of the examples, as session views and results show it. */
export const exampleVehicle: VehicleApiObject = {
  vin: '1HGCM82633A004352',
  year: 2003,
  make: 'Honda',
  model: 'Accord',
  body_type: 'Coupe',
  trim: 'EX-V6',
  transmission: 'Automatic',
  ext_col: 'Blue',
  int_col: 'Black',
  odom_reading: 42180,
  odom_unit: 'km',
};

/** What the example VIN decodes to (a 2003 Honda Accord EX-V6 coupe), and how the example vehicle compares with it. */
export const exampleDecodeFields: VehicleDecodeFields = {
  decoded: {
    vin: '1HGCM82633A004352',
    valid: true,
    year: 2003,
    make: 'Honda',
    model: 'Accord',
    trim: 'EX-V6',
    body_type: 'Coupe',
    drivetrain: null,
    engine_type: 'V6',
    fuel_type: 'Gasoline',
  },
  details_match: true,
};

export const AUTH_LABELS = ['Invalid API Key', 'Invalid API Token', 'Invalid API Timestamp'] as const satisfies readonly AuthFailureLabel[];

// ---------------------------------------------------------------------------------------------------------------
// Error bodies

/** Every error body quotes the request's `X-Request-Id`, for a client to name the request to support. */
const RequestIdField = z.string().meta({ description: "The request's id, as in its `X-Request-Id` response header." });

const EXAMPLE_REQUEST_ID = '5b0d2c1e-8f0a-4c3e-9d7b-2a6f1e4c9b10';

export const ErrorBody = z
  .object({ message: z.string(), request_id: RequestIdField })
  .meta({ id: 'Error', examples: [{ message: 'Malformed JSON body.', request_id: EXAMPLE_REQUEST_ID }] });
/** An error body's example, with the request id every real one carries. */
export const errorExample = (body: object) => ({ ...body, request_id: EXAMPLE_REQUEST_ID });
/** A success that only says what was done (a removal). */
export const MessageBody = z.object({ message: z.string() }).meta({ id: 'Message' });
export const AuthenticationErrorBody = z
  .object({
    message: z.literal(AUTH_FAILURE_MESSAGE),
    request_id: RequestIdField,
    error: z.enum(AUTH_LABELS).meta({ description: 'Which check failed. Missing headers count as invalid.' }),
  })
  .meta({ id: 'AuthenticationError' });
export const CallbackNotFoundBody = z.object({ api_key: z.string(), message: z.string(), request_id: RequestIdField }).meta({ id: 'CallbackNotFoundError' });
export const CaptureTokenErrorBody = z
  .object({ message: z.literal(CAPTURE_TOKEN_REQUIRED_MESSAGE), error: z.literal('Invalid Capture Token'), request_id: RequestIdField })
  .meta({ id: 'CaptureTokenError' });

// ---------------------------------------------------------------------------------------------------------------
// Parameters shared by several groups

export const SessionKeyParam = z
  .string()
  .regex(SESSION_KEY_PATTERN)
  .meta({
    param: {
      id: 'SessionKey',
      name: 'sessionKey',
      in: 'path',
      required: true,
      description: 'The session_key of an inspection session of this account.',
      example: EXAMPLE.sessionKey,
    },
  });

export const CaptureSessionKeyParam = z
  .string()
  .regex(SESSION_KEY_PATTERN)
  .meta({
    param: {
      id: 'CaptureSessionKey',
      name: 'sessionKey',
      in: 'path',
      required: true,
      description: 'The session_key of the session the Capture-Token belongs to.',
      example: EXAMPLE.sessionKey,
    },
  });

// ---------------------------------------------------------------------------------------------------------------
// Builders

type Examples = Record<string, unknown>;

export function json(schema: ZodOpenApiSchemaObject, examples?: Examples): ZodOpenApiContentObject {
  const media: ZodOpenApiContentObject[string] = { schema };
  if (examples) media.examples = Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }]));
  return { 'application/json': media };
}

export function jsonBody(schema: ZodOpenApiSchemaObject, examples: Examples, required = true): ZodOpenApiRequestBodyObject {
  return { required, content: json(schema, examples) };
}

const rateLimitHeader = (name: string) => ({ $ref: `#/components/headers/${name}` });

export const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': rateLimitHeader('RateLimit-Limit'),
  'RateLimit-Remaining': rateLimitHeader('RateLimit-Remaining'),
  'RateLimit-Reset': rateLimitHeader('RateLimit-Reset'),
};

/** A success answer of a /v1 route: every such answer carries the rate-limit headers. */
export function v1Ok(description: string, schema: ZodOpenApiSchemaObject, example: unknown, moreExamples: Examples = {}): ZodOpenApiResponseObject {
  return { description, headers: RATE_LIMIT_HEADERS, content: json(schema, { example, ...moreExamples }) };
}

export type ErrorResponseName =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'CallbackNotFound'
  | 'Conflict'
  | 'CaptureTokenRequired'
  | 'PayloadTooLarge'
  | 'TooManyRequests'
  | 'InternalError';

export const errorResponse = (name: ErrorResponseName) => ({ $ref: `#/components/responses/${name}` });

/** Failures any signed /v1 route can answer with, plus the ones named. */
export function v1Errors(...extra: ('BadRequest' | 'NotFound' | 'CallbackNotFound' | 'Conflict' | 'PayloadTooLarge')[]) {
  const status = { BadRequest: '400', NotFound: '404', CallbackNotFound: '404', Conflict: '409', PayloadTooLarge: '413' } as const;
  const responses: Record<string, { $ref: string }> = {};
  for (const name of extra) responses[status[name]] = errorResponse(name);
  responses['403'] = errorResponse('Forbidden');
  responses['429'] = errorResponse('TooManyRequests');
  responses['500'] = errorResponse('InternalError');
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))) as Record<`${number}`, { $ref: string }>;
}

const forbiddenExample = (error: AuthFailureLabel) => ({ message: AUTH_FAILURE_MESSAGE, error });

// ---------------------------------------------------------------------------------------------------------------
// Components every group refers to

export function sharedResponses(): Record<ErrorResponseName, ZodOpenApiResponseObject> {
  return withRequestIdExamples({
    BadRequest: {
      description: 'Malformed JSON, a missing or invalid field, or a rule refused the request. The message names the field.',
      content: json(ErrorBody, {
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
      content: json(ErrorBody, { unauthorized: { message: 'A valid admin bearer token is required.' } }),
    },
    Forbidden: {
      description: 'The API headers could not be validated. The label says which check failed; nothing else about the account is revealed.',
      content: json(AuthenticationErrorBody, {
        invalidApiKey: forbiddenExample('Invalid API Key'),
        invalidApiToken: forbiddenExample('Invalid API Token'),
        invalidApiTimestamp: forbiddenExample('Invalid API Timestamp'),
      }),
    },
    NotFound: {
      description: 'The resource does not exist or belongs to another account.',
      content: json(ErrorBody, {
        session: { message: `Session ${EXAMPLE.sessionKey} cannot be found.` },
        account: { message: 'Account acme cannot be found.' },
        photo: { message: 'Photo not found.' },
        delivery: { message: `Delivery ${EXAMPLE.deliveryId} cannot be found.` },
      }),
    },
    CallbackNotFound: {
      description: 'The API key has no callback for that event.',
      content: json(CallbackNotFoundBody, {
        missing: { api_key: EXAMPLE.apiKey, message: 'Your API Key does not have callback setting for the event SESSION:COMPLETE.' },
      }),
    },
    Conflict: {
      description: 'The request conflicts with the current state.',
      content: json(ErrorBody, {
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
      content: json(CaptureTokenErrorBody, { missing: { message: CAPTURE_TOKEN_REQUIRED_MESSAGE, error: 'Invalid Capture Token' } }),
    },
    PayloadTooLarge: {
      description: `The request body exceeds ${JSON_BODY_LIMIT_BYTES} bytes. The connection is closed.`,
      content: json(ErrorBody, { tooLarge: { message: `Request body exceeds the limit of ${JSON_BODY_LIMIT_BYTES} bytes.` } }),
    },
    TooManyRequests: {
      description: 'The request budget of the API key (or of the client address when no key is sent) is spent.',
      headers: { 'Retry-After': rateLimitHeader('Retry-After'), ...RATE_LIMIT_HEADERS },
      content: json(ErrorBody, { rateLimited: { message: 'Too many requests. Retry after the time given in Retry-After.' } }),
    },
    InternalError: {
      description: 'An unexpected failure. No internals are revealed.',
      content: json(ErrorBody, { internal: { message: 'Internal server error.' } }),
    },
  });
}

/** Every error example quotes a request id, as every real error body does. */
function withRequestIdExamples<T extends Record<string, ZodOpenApiResponseObject>>(responses: T): T {
  for (const response of Object.values(responses)) {
    for (const media of Object.values(response.content ?? {})) {
      for (const example of Object.values(media?.examples ?? {})) {
        if ('value' in example && typeof example.value === 'object' && example.value !== null) example.value = errorExample(example.value);
      }
    }
  }
  return responses;
}

export function sharedHeaders() {
  return {
    'RateLimit-Limit': { description: 'Requests allowed per window.', schema: { type: 'integer' as const } },
    'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' as const } },
    'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' as const } },
    'Retry-After': { description: 'Seconds to wait before retrying (at least 1).', schema: { type: 'integer' as const, minimum: 1 } },
  };
}

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

export function securitySchemes() {
  return {
    ApiKey: { type: 'apiKey' as const, in: 'header' as const, name: 'API-Key', description: 'The account api_key.' },
    ApiToken: { type: 'apiKey' as const, in: 'header' as const, name: 'API-Token', description: API_TOKEN_DESCRIPTION },
    ApiTimestamp: {
      type: 'apiKey' as const,
      in: 'header' as const,
      name: 'API-Timestamp',
      description: `Current UTC time, YYYY-MM-DDTHH:MM:SSZ (e.g. ${EXAMPLE.timestamp}), a real calendar time within ±${TIMESTAMP_TOLERANCE_SECONDS} seconds of the server clock. It is part of the signed string.`,
    },
    AdminBearer: { type: 'http' as const, scheme: 'bearer', description: 'The ADMIN_TOKEN configured on the server.' },
    SignInCookie: { type: 'apiKey' as const, in: 'cookie' as const, name: 'cg_session', description: 'Set by POST /auth/login.' },
    CaptureToken: {
      type: 'apiKey' as const,
      in: 'header' as const,
      name: 'Capture-Token',
      description: 'The capture token of one session: the part of its capture_url after #. It grants access to that session only.',
    },
  };
}
