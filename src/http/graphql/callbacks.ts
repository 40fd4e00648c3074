// Callback settings in GraphQL: the type, its queries and mutations, over the same use cases as /v1/callbacks.
import { builder } from './builder.js';
import { requireAccount } from './context.js';
import type { CallbackView } from '../../webhooks/callbacks.js';
import { WEBHOOK_EVENTS } from '../../domain/events.js';

export const WebhookEventEnum = builder.enumType('WebhookEvent', {
  description: 'A webhook event name. GraphQL enum values use _ where the event name has a colon.',
  values: Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event.replace(':', '_'), { value: event }])) as Record<string, { value: string }>,
});

const CallbackMethodEnum = builder.enumType('CallbackMethod', { values: ['POST', 'PUT', 'PATCH'] as const });

const Callback = builder.objectRef<CallbackView>('Callback').implement({
  fields: (t) => ({
    apiKey: t.exposeString('api_key'),
    event: t.exposeString('event'),
    url: t.exposeString('url'),
    method: t.field({ type: CallbackMethodEnum, resolve: (callback) => callback.method }),
    headers: t.field({ type: 'JSONObject', description: 'Header name to value.', resolve: (callback) => callback.headers }),
    payload: t.field({ type: 'JSONObject', description: 'Extra attributes added to the default payload.', resolve: (callback) => callback.payload }),
    secret: t.exposeString('secret', { description: 'Signs deliveries (Standard Webhooks, whsec_ format).' }),
    active: t.exposeBoolean('active', { description: 'False after a receiver answered 410 Gone; updating re-enables it.' }),
  }),
});

// headers and payload stay JSON: as in the REST body (docs/webhooks.md), each may be an object or a string holding one.
const CallbackSettingInput = builder.inputType('CallbackSettingInput', {
  fields: (t) => ({
    url: t.string({ required: true }),
    method: t.field({ type: CallbackMethodEnum }),
    headers: t.field({ type: 'JSON', description: 'Object of header name to value, or a string holding one.' }),
    payload: t.field({ type: 'JSON', description: 'Extra attributes added to the default payload.' }),
  }),
});

builder.queryFields((t) => ({
  callbacks: t.field({
    authScopes: { role: 'owner' },
    type: [Callback],
    resolve: async (_root, _args, context) => context.services.callbacks.list((await requireAccount(context)).api_key),
  }),
  callback: t.field({
    authScopes: { role: 'owner' },
    type: Callback,
    args: { event: t.arg({ type: WebhookEventEnum, required: true }) },
    resolve: async (_root, { event }, context) => context.services.callbacks.get((await requireAccount(context)).api_key, event),
  }),
}));

builder.mutationFields((t) => ({
  setCallback: t.field({
    authScopes: { role: 'owner' },
    type: Callback,
    description: 'Creates the callback for an event, or replaces its setting.',
    args: {
      event: t.arg({ type: WebhookEventEnum, required: true }),
      input: t.arg({ type: CallbackSettingInput, required: true }),
    },
    resolve: async (_root, { event, input }, context) => context.services.callbacks.set((await requireAccount(context)).api_key, { event, ...input }),
  }),
  updateCallback: t.field({
    authScopes: { role: 'owner' },
    type: Callback,
    args: {
      event: t.arg({ type: WebhookEventEnum, required: true }),
      input: t.arg({ type: CallbackSettingInput, required: true }),
    },
    resolve: async (_root, { event, input }, context) => context.services.callbacks.update((await requireAccount(context)).api_key, event, input),
  }),
  deleteCallback: t.field({
    authScopes: { role: 'owner' },
    type: 'String',
    description: 'Removes the callback; returns the confirmation message.',
    args: { event: t.arg({ type: WebhookEventEnum, required: true }) },
    resolve: async (_root, { event }, context) => (await context.services.callbacks.delete((await requireAccount(context)).api_key, event)).message,
  }),
  rotateCallbackSecret: t.field({
    authScopes: { role: 'owner' },
    type: Callback,
    description: 'Issues a new signing secret; the previous one keeps signing for 24 hours.',
    args: { event: t.arg({ type: WebhookEventEnum, required: true }) },
    resolve: async (_root, { event }, context) => context.services.callbacks.rotateSecret((await requireAccount(context)).api_key, event),
  }),
}));
