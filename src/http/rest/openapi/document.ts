// The OpenAPI 3.1 description of the REST surface (/v1, /admin, /auth, /photos and the capture app's report
// documents), generated from the zod schemas the code validates requests with and types its answers by, so that
// integrators can generate clients and the tests can check every route and every real answer against it. The
// browser pages (/capture/:sessionKey, /dashboard, /web/*) and the operational endpoints answered before the router
// (/health, /ready, /metrics) are not part of it.
import { createDocument } from 'zod-openapi';
import { TIMESTAMP_TOLERANCE_SECONDS } from '../../../auth/api-timestamp.js';
import { JSON_BODY_LIMIT_BYTES } from '../http-io.js';
import { errorResponse, json, RATE_LIMIT_HEADERS, securitySchemes, sharedHeaders, sharedResponses } from './common.js';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { userPaths } from './users.js';
import { sessionPaths } from './sessions.js';
import { sessionListPaths } from './session-lists.js';
import { reviewPaths } from './reviews.js';
import { callbackPaths, webhookPaths } from './callbacks.js';
import { adminPaths } from './admin.js';
import { accountPaths } from './account.js';
import { documentPaths } from './documents.js';
import { documentIdempotency } from './idempotency.js';

export const OPENAPI_PATH = '/v1/openapi.json';

export type OperationMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The generated document, as the tests and the route read it. */
export interface OpenApiOperation {
  tags: string[];
  summary: string;
  description?: string;
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses: Record<string, Record<string, unknown>>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Partial<Record<OperationMethod, OpenApiOperation>>>;
  webhooks: Record<string, Partial<Record<OperationMethod, OpenApiOperation>>>;
  components: Record<'securitySchemes' | 'parameters' | 'headers' | 'schemas' | 'responses', Record<string, Record<string, unknown>>>;
}

/** The OpenAPI 3.1 document; `serverUrl` is the service's base address (paths include the /v1 prefix). */
export function openApiDocument(options: { serverUrl: string; version: string }): OpenApiDocument {
  const document = createDocument({
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
        '',
        "Every response carries `X-Request-Id` (the request's own value when it is 1–128 characters of `[A-Za-z0-9._-]`, else a new one);",
        'every error body quotes it as `request_id`. Every signed write accepts an `Idempotency-Key` (see the parameter).',
      ].join('\n'),
      license: { name: 'MIT', identifier: 'MIT' },
      // Whoever runs this instance answers for it; the document is served by each deployment at its own address.
      contact: { name: 'The operator of this service', url: options.serverUrl },
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
      { name: 'Account', description: "The account's own settings and logo, changed by the integrator or the account's owner." },
      { name: 'Users', description: 'The people of an account, who sign in to the dashboard with a role: owner, inspector or viewer.' },
      { name: 'Sign-in', description: 'Browser sign-in with a username and password; the cg_session cookie then authenticates GraphQL.' },
      {
        name: 'Admin',
        description: 'Account administration. Present only when ADMIN_TOKEN is set (404 otherwise); authenticated with `Authorization: Bearer <ADMIN_TOKEN>`.',
      },
    ],
    paths: {
      ...documentationPaths(),
      ...accountPaths(),
      ...userPaths(),
      ...sessionListPaths(),
      ...sessionPaths(),
      ...reviewPaths(),
      ...callbackPaths(),
      ...documentPaths(),
      ...adminPaths(),
    },
    webhooks: webhookPaths(),
    components: { securitySchemes: securitySchemes(), headers: sharedHeaders(), responses: sharedResponses() },
  });
  return documentIdempotency(document as unknown as OpenApiDocument);
}

function documentationPaths(): ZodOpenApiPathsObject {
  return {
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
            content: json(z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })),
          },
          '429': errorResponse('TooManyRequests'),
          '500': errorResponse('InternalError'),
        },
      },
    },
  };
}
