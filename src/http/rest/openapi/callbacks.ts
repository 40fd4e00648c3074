// The callbacks operations of the OpenAPI document (webhook settings, their deliveries, test sends and redelivery)
// and its `webhooks` section: what the service sends to a callback for each event.
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiSchemaObject } from 'zod-openapi';
import {
  NoteInsertPayloadSchema,
  SmsProcessPayloadSchema,
  StageChangePayloadSchema,
  StatusChangePayloadSchema,
  WebhookEventSchema,
  type WebhookEvent,
} from '../../../domain/events.js';
import {
  CallbackDeletedSchema,
  CallbackListSchema,
  CallbackSchema,
  CallbackStateRequestSchema,
  CreateCallbackRequestSchema,
  UpdateCallbackRequestSchema,
  type CallbackView,
} from '../../../webhooks/callbacks.js';
import {
  DEFAULT_PAGE_SIZE,
  DeliveryListSchema,
  DeliveryPageQuerySchema,
  DeliveryRecoverySchema,
  DeliverySchema,
  MAX_PAGE_SIZE,
  RecoverDeliveriesRequestSchema,
  type DeliveryView,
} from '../../../webhooks/deliveries.js';
import { ReportRevisedPayloadSchema, SessionCompletePayloadSchema } from '../../../domain/results.js';
import { MAX_ATTEMPTS } from '../../../webhooks/retry-schedule.js';
import { SAMPLE_SESSION_KEY } from '../../../webhooks/sample-payloads.js';
import { EXAMPLE, json, jsonBody, v1Errors, v1Ok } from './common.js';
import { exampleSessionResults } from './reviews.js';

// A union of one: zod-openapi leaves `param` metadata inside a bare $ref'd schema.
const CallbackEventParam = z.union([WebhookEventSchema]).meta({
  param: {
    id: 'CallbackEvent',
    name: 'event',
    in: 'path',
    required: true,
    description: 'A webhook event name; a name that is not a supported event gives 400.',
    example: 'SESSION:COMPLETE',
  },
});

// Longer ids are answered 404 without a lookup.
const DeliveryIdParam = z
  .string()
  .max(64)
  .meta({
    param: {
      id: 'DeliveryId',
      name: 'id',
      in: 'path',
      required: true,
      description: 'The id of a delivery of this API key (the `webhook-id` header it was sent with).',
      example: EXAMPLE.deliveryId,
    },
  });

// ---------------------------------------------------------------------------------------------------------------
// Examples

const exampleCallback: CallbackView = {
  api_key: EXAMPLE.apiKey,
  event: 'SESSION:COMPLETE',
  url: 'https://hooks.example.com/inspections',
  method: 'POST',
  headers: { Authorization: 'Bearer receiver-token' },
  payload: { dealer_id: 'D-17' },
  secret: EXAMPLE.webhookSecret,
  disabled: false,
  disabled_reason: null,
  active: true,
};

const exampleDisabledCallback: CallbackView = {
  ...exampleCallback,
  disabled: true,
  disabled_reason: 'Every delivery attempt failed for 5 days (none succeeded since 2026-03-09T14:02:11.381Z). Last error: HTTP 503 Service Unavailable.',
  active: false,
};

const exampleCallbackRequest = {
  event: 'SESSION:COMPLETE',
  url: 'https://hooks.example.com/inspections',
  method: 'POST',
  headers: { Authorization: 'Bearer receiver-token' },
  payload: { dealer_id: 'D-17' },
};

const exampleDelivery: DeliveryView = {
  id: EXAMPLE.deliveryId,
  event: 'SESSION:COMPLETE',
  session_key: EXAMPLE.sessionKey,
  event_seq: 42,
  test: false,
  status: 'succeeded',
  url: exampleCallback.url,
  method: 'POST',
  payload: { ...exampleSessionResults, dealer_id: 'D-17' },
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

const exampleRedelivery: DeliveryView = {
  ...exampleDelivery,
  status: 'pending',
  next_attempt_at: '2026-03-15T08:00:02.118Z',
  updated_at: '2026-03-15T08:00:02.118Z',
};

const exampleTestDelivery: DeliveryView = {
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

// ---------------------------------------------------------------------------------------------------------------
// Operations

const tags = ['Callbacks'];

export function callbackPaths(): ZodOpenApiPathsObject {
  return {
    '/v1/callbacks': {
      get: {
        tags,
        summary: 'List the callbacks of the API key',
        description: 'The callbacks of the API key the request is signed with, one per event, ordered by event, with their secrets.',
        operationId: 'listCallbacks',
        responses: { '200': v1Ok('The callbacks.', CallbackListSchema, { api_key: EXAMPLE.apiKey, data: [exampleCallback] }), ...v1Errors() },
      },
      post: {
        tags,
        summary: 'Create (or replace) the callback of an event',
        description:
          'One callback per event: a POST for an event that already has one replaces its setting and keeps its secret. Missing event or url: 400 `Missing required fields.`',
        operationId: 'createCallback',
        requestBody: jsonBody(CreateCallbackRequestSchema, { callback: exampleCallbackRequest }),
        responses: { '200': v1Ok('The callback.', CallbackSchema, exampleCallback), ...v1Errors('BadRequest', 'PayloadTooLarge') },
      },
    },
    '/v1/callbacks/{event}': {
      get: {
        tags,
        summary: 'Read the callback of an event',
        description:
          'The callback of one event for the signing API key: url, method, headers, payload attributes, secret, and whether it is disabled and why. None set: 404.',
        operationId: 'getCallback',
        parameters: [CallbackEventParam],
        responses: {
          '200': v1Ok('The callback.', CallbackSchema, exampleCallback, { disabled: exampleDisabledCallback }),
          ...v1Errors('BadRequest', 'CallbackNotFound'),
        },
      },
      put: {
        tags,
        summary: 'Update the callback of an event',
        description:
          'Replaces url, method, headers and payload (omitted ones are reset to their defaults) and enables a disabled callback, unless `"disabled": true` is sent with them. ' +
          'A body with `disabled` alone changes only whether the callback is on: `{"disabled": false}` enables it again (its failing days counted afresh); ' +
          'what failed meanwhile is sent with POST /v1/callbacks/recover.',
        operationId: 'updateCallback',
        parameters: [CallbackEventParam],
        requestBody: jsonBody(z.union([UpdateCallbackRequestSchema, CallbackStateRequestSchema]), {
          update: { url: 'https://hooks.example.com/v2/inspections', method: 'PUT' },
          enable: { disabled: false },
        }),
        responses: {
          '200': v1Ok('The callback.', CallbackSchema, {
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
        tags,
        summary: 'Delete the callback of an event',
        description: 'Removes the callback of one event; its pending deliveries end failed and unsent, and nothing more is sent for the event.',
        operationId: 'deleteCallback',
        parameters: [CallbackEventParam],
        responses: {
          '200': v1Ok('The callback was removed.', CallbackDeletedSchema, {
            api_key: EXAMPLE.apiKey,
            message: 'Callback setting SESSION:COMPLETE has been successfully removed.',
          }),
          ...v1Errors('BadRequest', 'CallbackNotFound'),
        },
      },
    },
    '/v1/callbacks/{event}/rotate-secret': {
      post: {
        tags,
        summary: 'Rotate the signing secret of a callback',
        description: 'Issues a new secret; the previous one keeps signing deliveries alongside it for 24 hours.',
        operationId: 'rotateCallbackSecret',
        parameters: [CallbackEventParam],
        responses: {
          '200': v1Ok('The callback with its new secret.', CallbackSchema, {
            ...exampleCallback,
            secret: 'whsec_0JbXx3Qq8wMZ4mQ2m2b0b8c1y5Y3n9a8JtL3d7V2Yyk=',
          }),
          ...v1Errors('BadRequest', 'CallbackNotFound'),
        },
      },
    },
    ...deliveryPaths(),
  };
}

function deliveryPaths(): ZodOpenApiPathsObject {
  return {
    '/v1/callbacks/{event}/deliveries': {
      get: {
        tags,
        summary: 'List the deliveries of a callback, with their attempts',
        description:
          `Newest first, ${DEFAULT_PAGE_SIZE} per page unless \`limit\` says otherwise (at most ${MAX_PAGE_SIZE}); follow \`next_cursor\` for older ones. ` +
          'Test sends are included. Finished deliveries and attempts are kept for WEBHOOK_ATTEMPT_RETENTION_DAYS (default 30) days.',
        operationId: 'listCallbackDeliveries',
        requestParams: { path: z.object({ event: CallbackEventParam }), query: DeliveryPageQuerySchema },
        responses: {
          '200': v1Ok('A page of deliveries.', DeliveryListSchema, {
            api_key: EXAMPLE.apiKey,
            event: 'SESSION:COMPLETE',
            data: [exampleDelivery],
            next_cursor: EXAMPLE.deliveryCursor,
          }),
          ...v1Errors('BadRequest', 'CallbackNotFound'),
        },
      },
    },
    '/v1/callbacks/recover': {
      post: {
        tags,
        summary: 'Send again what failed since a time',
        description:
          'Queues again every delivery of the API key that ended failed at or after `since` (test sends aside), for the enabled callbacks, or for `event` only: ' +
          "each due at once with the same `webhook-id` and body, a fresh retry schedule and the callback's current url, method, headers and secrets. " +
          'Deliveries written while a callback was disabled are among them. 202: queued, not yet sent; follow them in the delivery lists. ' +
          'A bad `since` or `event` gives 400; `event` without a callback 404, with a disabled one 409.',
        operationId: 'recoverDeliveries',
        requestBody: jsonBody(RecoverDeliveriesRequestSchema, {
          everything: { since: '2026-03-14T09:00:00Z' },
          oneEvent: { since: '2026-03-14T09:00:00+01:00', event: 'SESSION:COMPLETE' },
        }),
        responses: {
          '202': v1Ok('The deliveries queued again.', DeliveryRecoverySchema, { queued: 37 }),
          ...v1Errors('BadRequest', 'CallbackNotFound', 'Conflict', 'PayloadTooLarge'),
        },
      },
    },
    '/v1/callbacks/{event}/test': {
      post: {
        tags,
        summary: 'Send a test delivery',
        description:
          `Queues the event's sample payload (session_key ${SAMPLE_SESSION_KEY}, \`"test": true\`, plus the callback's payload attributes), ` +
          'signed like any delivery. One attempt, no retries; it can be redelivered by hand. The answer is the delivery as queued ' +
          '(usually `delivering` with no attempt yet): read the delivery list for its outcome. A disabled callback answers 409.',
        operationId: 'sendTestDelivery',
        parameters: [CallbackEventParam],
        responses: {
          '200': v1Ok('The queued test delivery.', DeliverySchema, exampleTestDelivery),
          ...v1Errors('BadRequest', 'CallbackNotFound', 'Conflict'),
        },
      },
    },
    '/v1/deliveries/{id}/redeliver': {
      post: {
        tags,
        summary: 'Redeliver a delivery',
        description:
          'Queues the delivery again, whatever its status, with the same `webhook-id` and body and a fresh retry schedule ' +
          `(up to ${MAX_ATTEMPTS} more attempts; a test send gets one). The callback's current url, method, headers and secrets are used. A delivery ` +
          'being sent right now is left to finish and returned as it is. 409 when its callback was removed or is disabled.',
        operationId: 'redeliverDelivery',
        parameters: [DeliveryIdParam],
        responses: { '200': v1Ok('The delivery, queued again.', DeliverySchema, exampleRedelivery), ...v1Errors('NotFound', 'Conflict') },
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Webhooks

const deliveryHeaders = [
  { name: 'webhook-id', in: 'header', required: true, description: 'Stable across retries of one delivery.', schema: { type: 'string' } },
  { name: 'webhook-timestamp', in: 'header', required: true, description: 'Unix seconds of the attempt.', schema: { type: 'string' } },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description: 'Space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per valid secret (Standard Webhooks).',
    schema: { type: 'string' },
  },
] as const;

/** "SESSION:STATUS_CHANGE" → "deliverStatusChange". */
function deliveryOperationId(event: WebhookEvent): string {
  const words = event.replace('SESSION:', '').toLowerCase().split('_');
  return `deliver${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}`;
}

function delivery(event: WebhookEvent, payload: ZodOpenApiSchemaObject): { post: ZodOpenApiOperationObject } {
  return {
    post: {
      tags,
      summary: `${event} delivery`,
      description:
        'Sent to the callback url with its method (POST unless configured as PUT or PATCH) and headers. The body is the default ' +
        "payload plus the callback's payload attributes. Any 2xx within 15 s is success; 410 Gone disables the callback; other answers are retried.",
      operationId: deliveryOperationId(event),
      security: [],
      parameters: [...deliveryHeaders],
      requestBody: { required: true, content: json(payload) },
      responses: { '2XX': { description: 'Delivered.' }, '410': { description: 'Gone: the callback is disabled.' } },
    },
  };
}

export function webhookPaths(): ZodOpenApiPathsObject {
  return {
    'SESSION:SMS_PROCESS': delivery('SESSION:SMS_PROCESS', SmsProcessPayloadSchema),
    'SESSION:STAGE_CHANGE': delivery('SESSION:STAGE_CHANGE', StageChangePayloadSchema),
    'SESSION:STATUS_CHANGE': delivery('SESSION:STATUS_CHANGE', StatusChangePayloadSchema),
    'SESSION:COMPLETE': delivery('SESSION:COMPLETE', SessionCompletePayloadSchema),
    'SESSION:NOTE_INSERT': delivery('SESSION:NOTE_INSERT', NoteInsertPayloadSchema),
    'SESSION:REPORT_REVISED': delivery('SESSION:REPORT_REVISED', ReportRevisedPayloadSchema),
  };
}
