// Callback settings in GraphQL: the type, its queries and mutations, over the same use cases as /v1/callbacks.
import { builder } from './builder.js';
import { requireCallbackOwner } from './context.js';
import { descriptionOf } from './descriptions.js';
import { CallbackSchema, CreateCallbackRequestSchema, UpdateCallbackRequestSchema, type CallbackView } from '../../webhooks/callbacks.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../domain/events.js';

/** What each event reports (docs/events.md#events). */
const EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  'SESSION:SMS_PROCESS': 'SESSION:SMS_PROCESS, the outcome of a capture-link SMS: sent, or the error.',
  'SESSION:STAGE_CHANGE': 'SESSION:STAGE_CHANGE, a processed photo: accepted, or rejected with the reason.',
  'SESSION:STATUS_CHANGE': 'SESSION:STATUS_CHANGE, a move to STARTED, PROCESS, QC_PASSED or CONFIRM.',
  'SESSION:COMPLETE': 'SESSION:COMPLETE, the condition report is generated; the payload is the results object.',
  'SESSION:NOTE_INSERT': 'SESSION:NOTE_INSERT, a note added by a user, the API or the capture app.',
  'SESSION:REPORT_REVISED': 'SESSION:REPORT_REVISED, a reopened review completed again: the revised results object with revision and reason.',
};

export const WebhookEventEnum = builder.enumType('WebhookEvent', {
  description: 'A webhook event name. GraphQL enum values use _ where the event name has a colon.',
  values: Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event.replace(':', '_'), { value: event, description: EVENT_DESCRIPTIONS[event] }])) as Record<
    string,
    { value: string; description: string }
  >,
});

const CallbackMethodEnum = builder.enumType('CallbackMethod', {
  description: 'The HTTP method each delivery of a callback is sent with.',
  values: {
    POST: { description: 'The default.' },
    PUT: { description: 'Deliveries are PUT requests.' },
    PATCH: { description: 'Deliveries are PATCH requests.' },
  } as const,
});

const Callback = builder.objectRef<CallbackView>('Callback').implement({
  description: 'Where one event goes for the API key: at most one callback per event (docs/webhooks.md).',
  fields: (t) => ({
    apiKey: t.exposeString('api_key', { description: 'The API key the callback belongs to.' }),
    event: t.exposeString('event', { description: 'The event it is set for, as the API names it (e.g. SESSION:COMPLETE).' }),
    url: t.exposeString('url', { description: 'Where deliveries are sent: an absolute http(s) URL.' }),
    method: t.field({ type: CallbackMethodEnum, description: 'The HTTP method of each delivery.', resolve: (callback) => callback.method }),
    headers: t.field({
      type: 'JSONObject',
      description: 'Header name to value, sent with each delivery (the signing headers win over these).',
      resolve: (callback) => callback.headers,
    }),
    payload: t.field({ type: 'JSONObject', description: 'Extra attributes added to the default payload.', resolve: (callback) => callback.payload }),
    secret: t.exposeString('secret', { description: `${descriptionOf(CallbackSchema.shape.secret)} whsec_ and base64.` }),
    disabled: t.exposeBoolean('disabled', {
      description: `${descriptionOf(CallbackSchema.shape.disabled)} GraphQL: setCallbackDisabled(disabled: false).`,
    }),
    disabledReason: t.exposeString('disabled_reason', { nullable: true, description: descriptionOf(CallbackSchema.shape.disabled_reason) }),
    active: t.exposeBoolean('active', { description: descriptionOf(CallbackSchema.shape.active) }),
  }),
});

// headers and payload stay JSON: as in the REST body (docs/webhooks.md), each may be an object or a string holding one.
const CallbackSettingInput = builder.inputType('CallbackSettingInput', {
  description: 'Where an event goes and what each delivery carries; a field left out goes back to its default.',
  fields: (t) => ({
    url: t.string({ required: true, description: descriptionOf(CreateCallbackRequestSchema.shape.url) }),
    method: t.field({ type: CallbackMethodEnum, description: 'The HTTP method of each delivery; default POST.' }),
    headers: t.field({ type: 'JSON', description: descriptionOf(UpdateCallbackRequestSchema.shape.headers) }),
    payload: t.field({ type: 'JSON', description: descriptionOf(UpdateCallbackRequestSchema.shape.payload) }),
  }),
});

builder.queryFields((t) => ({
  callbacks: t.field({
    authScopes: { role: 'owner' },
    type: [Callback],
    description: "The account's callbacks, ordered by event. Owners only among signed-in users.",
    resolve: async (_root, _args, context) => context.services.callbacks.list((await requireCallbackOwner(context)).apiKey),
  }),
  callback: t.field({
    authScopes: { role: 'owner' },
    type: Callback,
    description: "The account's callback for an event; NOT_FOUND when it has none. Owners only among signed-in users.",
    args: { event: t.arg({ type: WebhookEventEnum, required: true, description: 'The event whose callback to read.' }) },
    resolve: async (_root, { event }, context) => context.services.callbacks.get((await requireCallbackOwner(context)).apiKey, event),
  }),
}));

builder.mutationFields((t) => ({
  setCallback: t.field({
    authScopes: { role: 'owner' },
    type: Callback,
    description: 'Creates the callback for an event, or replaces its setting (keeping its secret). Owners only among signed-in users.',
    args: {
      event: t.arg({ type: WebhookEventEnum, required: true, description: 'The event the callback is for.' }),
      input: t.arg({ type: CallbackSettingInput, required: true, description: 'The whole setting.' }),
    },
    resolve: async (_root, { event, input }, context) => context.services.callbacks.set((await requireCallbackOwner(context)).apiKey, { event, ...input }),
  }),
  updateCallback: t.field({
    authScopes: { role: 'owner' },
    type: Callback,
    description:
      'Replaces the setting of an existing callback and turns a disabled one back on; NOT_FOUND when there is none. Owners only among signed-in users.',
    args: {
      event: t.arg({ type: WebhookEventEnum, required: true, description: 'The event whose callback to update.' }),
      input: t.arg({ type: CallbackSettingInput, required: true, description: 'The whole setting; what is left out goes back to its default.' }),
    },
    resolve: async (_root, { event, input }, context) => context.services.callbacks.update((await requireCallbackOwner(context)).apiKey, event, input),
  }),
  deleteCallback: t.field({
    authScopes: { role: 'owner' },
    type: 'String',
    description: 'Removes the callback, failing its pending deliveries unsent; returns the confirmation message. Owners only among signed-in users.',
    args: { event: t.arg({ type: WebhookEventEnum, required: true, description: 'The event whose callback to remove.' }) },
    resolve: async (_root, { event }, context) => (await context.services.callbacks.delete((await requireCallbackOwner(context)).apiKey, event)).message,
  }),
  setCallbackDisabled: t.field({
    authScopes: { role: 'owner' },
    type: Callback,
    description:
      'Disables the callback (nothing more is sent to it) or enables it again, with its failing days counted afresh; what failed meanwhile is sent with recoverDeliveries. Owners only among signed-in users.',
    args: {
      event: t.arg({ type: WebhookEventEnum, required: true, description: 'The event whose callback to disable or enable.' }),
      disabled: t.arg.boolean({ required: true, description: 'true: nothing more is sent to it; false: enabled again.' }),
    },
    resolve: async (_root, { event, disabled }, context) =>
      context.services.callbacks.update((await requireCallbackOwner(context)).apiKey, event, { disabled }),
  }),
  rotateCallbackSecret: t.field({
    authScopes: { role: 'owner' },
    type: Callback,
    description: 'Issues a new signing secret; the previous one keeps signing beside it for 24 hours. Owners only among signed-in users.',
    args: { event: t.arg({ type: WebhookEventEnum, required: true, description: 'The event whose callback gets a new secret.' }) },
    resolve: async (_root, { event }, context) => context.services.callbacks.rotateSecret((await requireCallbackOwner(context)).apiKey, event),
  }),
}));
