// Webhook deliveries in GraphQL: the type with its attempts, the paged query and the redeliver / test mutations,
// over the same use cases as the REST delivery routes.
import { builder, connectionOf } from './builder.js';
import { requireAccount } from './context.js';
import { WebhookEventEnum } from './callbacks.js';
import { deliveryCursor, type DeliveryAttemptView, type DeliveryView } from '../../webhooks/deliveries.js';

const DeliveryStatusEnum = builder.enumType('DeliveryStatus', {
  values: {
    PENDING: { value: 'pending', description: 'Waiting for its next attempt.' },
    DELIVERING: { value: 'delivering', description: 'Claimed by a worker, being sent.' },
    SUCCEEDED: { value: 'succeeded', description: 'A 2xx arrived.' },
    FAILED: { value: 'failed', description: 'No more automatic attempts; it can be redelivered.' },
  } as const,
});

const DeliveryAttempt = builder.objectRef<DeliveryAttemptView>('DeliveryAttempt').implement({
  fields: (t) => ({
    attempt: t.exposeInt('attempt', { description: '1-based, over the whole life of the delivery.' }),
    attemptedAt: t.field({ type: 'DateTime', resolve: (attempt) => attempt.attempted_at }),
    url: t.exposeString('url'),
    method: t.exposeString('method'),
    statusCode: t.exposeInt('status_code', { nullable: true, description: 'Null when no response arrived.' }),
    durationMs: t.exposeInt('duration_ms'),
    errorKind: t.exposeString('error_kind', {
      nullable: true,
      description: 'timeout, connection, blocked_target, redirect, http_status or invalid_url; null on success.',
    }),
    error: t.exposeString('error', { nullable: true }),
    responseBody: t.exposeString('response_body', { nullable: true, description: 'The first 20 KB of the response body.' }),
  }),
});

const Delivery = builder.objectRef<DeliveryView>('Delivery').implement({
  description: 'One event sent to one callback, with every attempt. The id is the webhook-id header.',
  fields: (t) => ({
    id: t.exposeID('id'),
    event: t.field({ type: WebhookEventEnum, resolve: (delivery) => delivery.event }),
    sessionKey: t.exposeString('session_key'),
    eventSeq: t.exposeInt('event_seq', { nullable: true, description: 'The event cursor; null for a test send.' }),
    test: t.exposeBoolean('test'),
    status: t.field({ type: DeliveryStatusEnum, resolve: (delivery) => delivery.status }),
    url: t.exposeString('url', { description: 'The callback URL when the delivery was queued.' }),
    method: t.exposeString('method'),
    payload: t.field({ type: 'JSON', description: 'The body every attempt sends.', resolve: (delivery) => delivery.payload }),
    attemptCount: t.exposeInt('attempt_count'),
    nextAttemptAt: t.field({ type: 'DateTime', nullable: true, resolve: (delivery) => delivery.next_attempt_at }),
    lastStatusCode: t.exposeInt('last_status_code', { nullable: true }),
    lastError: t.exposeString('last_error', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (delivery) => delivery.created_at }),
    updatedAt: t.field({ type: 'DateTime', resolve: (delivery) => delivery.updated_at }),
    attempts: t.field({ type: [DeliveryAttempt], description: 'Oldest first.', resolve: (delivery) => delivery.attempts }),
  }),
});

const DeliveryConnection = builder.connectionObject({ type: Delivery, name: 'DeliveryConnection' });

builder.queryFields((t) => ({
  deliveries: t.field({
    authScopes: { role: 'owner' },
    type: DeliveryConnection,
    description: "The deliveries of the account's callback for an event, newest first.",
    args: {
      event: t.arg({ type: WebhookEventEnum, required: true }),
      first: t.arg.int({ description: 'Page size, 1-100 (default 20).' }),
      after: t.arg.string({ description: 'endCursor of the previous page.' }),
      sessionKey: t.arg.string({ description: "Only this session's deliveries." }),
    },
    resolve: async (_root, { event, first, after, sessionKey }, context) => {
      const account = await requireAccount(context);
      const page = await context.services.deliveries.list(account.api_key, event, { limit: first ?? undefined, cursor: after ?? undefined, sessionKey });
      const edges = page.deliveries.map((node) => ({ cursor: deliveryCursor(node), node }));
      return connectionOf({ edges, hasNextPage: page.nextCursor !== null }, after);
    },
  }),
  delivery: t.field({
    authScopes: { role: 'owner' },
    type: Delivery,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => context.services.deliveries.get((await requireAccount(context)).api_key, String(id)),
  }),
}));

builder.mutationFields((t) => ({
  redeliver: t.field({
    authScopes: { role: 'owner' },
    type: Delivery,
    description: 'Queues a delivery again (same webhook-id, a fresh retry schedule).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => context.services.deliveries.redeliver((await requireAccount(context)).api_key, String(id)),
  }),
  testCallback: t.field({
    authScopes: { role: 'owner' },
    type: Delivery,
    description: 'Sends a sample payload of the event, marked "test": true, to its callback: one attempt, no retries.',
    args: { event: t.arg({ type: WebhookEventEnum, required: true }) },
    resolve: async (_root, { event }, context) => context.services.deliveries.sendTest((await requireAccount(context)).api_key, event),
  }),
}));
