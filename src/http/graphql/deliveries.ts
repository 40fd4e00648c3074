// Webhook deliveries in GraphQL: the type with its attempts, the paged query and the redeliver / test mutations,
// over the same use cases as the REST delivery routes.
import { builder, connectionOf } from './builder.js';
import { requireCallbackOwner } from './context.js';
import { WebhookEventEnum } from './callbacks.js';
import { descriptionOf } from './descriptions.js';
import {
  DeliveryAttemptSchema,
  deliveryCursor,
  DeliveryRecoverySchema,
  DeliverySchema,
  type DeliveryAttemptView,
  type DeliveryRecovery as DeliveryRecoveryView,
  type DeliveryView,
} from '../../webhooks/deliveries.js';

const attemptShape = DeliveryAttemptSchema.shape;
const deliveryShape = DeliverySchema.shape;

const DeliveryStatusEnum = builder.enumType('DeliveryStatus', {
  description: 'Where a delivery stands.',
  values: {
    PENDING: { value: 'pending', description: 'Waiting for its next attempt.' },
    DELIVERING: { value: 'delivering', description: 'Claimed by a worker, being sent.' },
    SUCCEEDED: { value: 'succeeded', description: 'A 2xx arrived.' },
    FAILED: {
      value: 'failed',
      description: 'No more automatic attempts (the schedule ran out, 410 Gone, the callback removed or disabled); it can be redelivered.',
    },
  } as const,
});

const DeliveryAttempt = builder.objectRef<DeliveryAttemptView>('DeliveryAttempt').implement({
  description: 'One try at sending a delivery, and what the receiver answered.',
  fields: (t) => ({
    attempt: t.exposeInt('attempt', { description: descriptionOf(attemptShape.attempt) }),
    attemptedAt: t.field({ type: 'DateTime', description: 'When the attempt was made.', resolve: (attempt) => attempt.attempted_at }),
    url: t.exposeString('url', { description: descriptionOf(attemptShape.url) }),
    method: t.exposeString('method', { description: 'The HTTP method the attempt used: POST, PUT or PATCH.' }),
    statusCode: t.exposeInt('status_code', { nullable: true, description: descriptionOf(attemptShape.status_code) }),
    durationMs: t.exposeInt('duration_ms', { description: 'How long the attempt took, in milliseconds.' }),
    errorKind: t.exposeString('error_kind', {
      nullable: true,
      description: `One of timeout, connection, blocked_target, redirect, http_status or invalid_url. ${descriptionOf(attemptShape.error_kind)}`,
    }),
    error: t.exposeString('error', { nullable: true, description: descriptionOf(attemptShape.error) }),
    responseBody: t.exposeString('response_body', { nullable: true, description: descriptionOf(attemptShape.response_body) }),
  }),
});

const Delivery = builder.objectRef<DeliveryView>('Delivery').implement({
  description: 'One event sent to one callback, with every attempt. The id is the webhook-id header.',
  fields: (t) => ({
    id: t.exposeID('id', { description: descriptionOf(deliveryShape.id) }),
    event: t.field({ type: WebhookEventEnum, description: 'The event delivered.', resolve: (delivery) => delivery.event }),
    sessionKey: t.exposeString('session_key', { description: descriptionOf(deliveryShape.session_key) }),
    eventSeq: t.exposeInt('event_seq', {
      nullable: true,
      description: `${descriptionOf(deliveryShape.event_seq)} The id of the event in sessionEvents.`,
    }),
    test: t.exposeBoolean('test', { description: 'True for a test send (testCallback).' }),
    status: t.field({ type: DeliveryStatusEnum, description: 'Where the delivery stands.', resolve: (delivery) => delivery.status }),
    url: t.exposeString('url', { description: descriptionOf(deliveryShape.url) }),
    method: t.exposeString('method', { description: "The callback's HTTP method when the delivery was queued: POST, PUT or PATCH." }),
    payload: t.field({ type: 'JSON', description: descriptionOf(deliveryShape.payload), resolve: (delivery) => delivery.payload }),
    attemptCount: t.exposeInt('attempt_count', { description: 'Attempts made so far, redeliveries included.' }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: descriptionOf(deliveryShape.next_attempt_at),
      resolve: (delivery) => delivery.next_attempt_at,
    }),
    lastStatusCode: t.exposeInt('last_status_code', { nullable: true, description: 'The status code of the latest attempt; null when none answered.' }),
    lastError: t.exposeString('last_error', { nullable: true, description: 'The error of the latest attempt; null when it succeeded or none was made.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When the delivery was queued.', resolve: (delivery) => delivery.created_at }),
    updatedAt: t.field({ type: 'DateTime', description: 'When the delivery last changed.', resolve: (delivery) => delivery.updated_at }),
    attempts: t.field({ type: [DeliveryAttempt], description: descriptionOf(deliveryShape.attempts), resolve: (delivery) => delivery.attempts }),
  }),
});

const DeliveryConnection = builder.connectionObject(
  { type: Delivery, name: 'DeliveryConnection', description: "A page of a callback's deliveries, newest first." },
  { description: 'A delivery and its cursor.' },
);

const DeliveryRecovery = builder.objectRef<DeliveryRecoveryView>('DeliveryRecovery').implement({
  description: 'What a recovery queued (recoverDeliveries).',
  fields: (t) => ({ queued: t.exposeInt('queued', { description: descriptionOf(DeliveryRecoverySchema.shape.queued) }) }),
});

builder.queryFields((t) => ({
  deliveries: t.field({
    authScopes: { role: 'owner' },
    type: DeliveryConnection,
    description: "The deliveries of the account's callback for an event, newest first. Owners only among signed-in users.",
    args: {
      event: t.arg({ type: WebhookEventEnum, required: true, description: 'The event whose callback the deliveries belong to.' }),
      first: t.arg.int({ description: 'Page size, 1-100 (default 20).' }),
      after: t.arg.string({ description: 'endCursor of the previous page.' }),
      sessionKey: t.arg.string({ description: "Only this session's deliveries." }),
    },
    resolve: async (_root, { event, first, after, sessionKey }, context) => {
      const { apiKey } = await requireCallbackOwner(context);
      const page = await context.services.deliveries.list(apiKey, event, { limit: first ?? undefined, cursor: after ?? undefined, sessionKey });
      const edges = page.deliveries.map((node) => ({ cursor: deliveryCursor(node), node }));
      return connectionOf({ edges, hasNextPage: page.nextCursor !== null }, after);
    },
  }),
  delivery: t.field({
    authScopes: { role: 'owner' },
    type: Delivery,
    description: "One of the account's deliveries with its attempts; NOT_FOUND when there is none. Owners only among signed-in users.",
    args: { id: t.arg.id({ required: true, description: 'The delivery id (msg_…), the webhook-id header.' }) },
    resolve: async (_root, { id }, context) => context.services.deliveries.get((await requireCallbackOwner(context)).apiKey, String(id)),
  }),
}));

builder.mutationFields((t) => ({
  redeliver: t.field({
    authScopes: { role: 'owner' },
    type: Delivery,
    description:
      "Queues a delivery again, due at once, whatever its status: same webhook-id and body, a fresh retry schedule, the callback's current setting. Owners only among signed-in users.",
    args: { id: t.arg.id({ required: true, description: 'The delivery id (msg_…), the webhook-id header.' }) },
    resolve: async (_root, { id }, context) => context.services.deliveries.redeliver((await requireCallbackOwner(context)).apiKey, String(id)),
  }),
  recoverDeliveries: t.field({
    authScopes: { role: 'owner' },
    type: DeliveryRecovery,
    description:
      "Sends again every delivery that ended failed at or after `since` (test sends aside) to the enabled callbacks, or to the event's only: same webhook-id and body, a fresh retry schedule (docs/webhooks.md#recovery). Owners only among signed-in users.",
    args: {
      since: t.arg({ type: 'DateTime', required: true, description: 'Deliveries that ended failed at or after this time are sent again.' }),
      event: t.arg({ type: WebhookEventEnum, description: "Only this event's callback (it must exist and be enabled); all enabled callbacks when absent." }),
    },
    resolve: async (_root, { since, event }, context) =>
      context.services.deliveries.recover((await requireCallbackOwner(context)).apiKey, { since: since.toISOString(), event }),
  }),
  testCallback: t.field({
    authScopes: { role: 'owner' },
    type: Delivery,
    description:
      'Sends a sample payload of the event, marked "test": true, to its callback: one attempt, no retries, WEBHOOK_TEST_SENDS_PER_MINUTE (default 10) per minute. Owners only among signed-in users.',
    args: { event: t.arg({ type: WebhookEventEnum, required: true, description: 'The event whose callback gets the sample.' }) },
    resolve: async (_root, { event }, context) => context.services.deliveries.sendTest((await requireCallbackOwner(context)).apiKey, event),
  }),
}));
