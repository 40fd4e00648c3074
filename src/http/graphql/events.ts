// sessionEvents: live events of one session (capture scope or account scope with a sessionKey) or of every
// session of the account, with replay from a cursor.
import { builder } from './builder.js';
import type { SessionEventMessage } from '../../events/event-bus.js';
import { guestEventView } from '../../events/event-stream.js';
import { badRequest } from '../../errors.js';
import { requireReadableSession } from './context.js';

const SessionEvent = builder.objectRef<SessionEventMessage>('SessionEvent').implement({
  description: 'An event of a session as recorded, with the payload a webhook of the event carries (docs/events.md).',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Cursor: pass it as `after` to resume after this event.' }),
    event: t.exposeString('event', {
      description: 'The event name, e.g. SESSION:STATUS_CHANGE, or SESSION:EXPIRED, which only subscriptions see (no webhook).',
    }),
    sessionKey: t.exposeString('sessionKey', { description: 'The session the event belongs to.' }),
    timestamp: t.exposeString('timestamp', {
      description: "The payload's timestamp as the webhook sends it (ISO 8601 with a +00:00 offset), character for character.",
    }),
    payload: t.field({ type: 'JSON', description: 'Exactly the webhook default payload of the event.', resolve: (message) => message.payload }),
  }),
});

builder.subscriptionFields((t) => ({
  sessionEvents: t.field({
    authScopes: { role: 'viewer' },
    type: SessionEvent,
    description:
      "Live events of one session, or of every session of the account, optionally replayed from a cursor first. A capture token sees its session's capture progress and guest notes only.",
    args: {
      sessionKey: t.arg.string({ description: "One session's events; omitted: every session of the account (account scope only)." }),
      after: t.arg.string({ description: 'Replay events recorded after this cursor first, then continue live.' }),
    },
    subscribe: async (_root, { sessionKey, after }, context) => {
      const afterSeq = parseCursor(after);
      const principal = await context.principal();
      const { sessionEvents } = context.services;
      if (principal.kind === 'capture') {
        // A capture token sees its session's capture progress and guest notes, never the integrator's data.
        const session = await requireReadableSession(context, sessionKey ?? principal.sessionKey);
        return sessionEvents({ apiKey: session.apiKey, sessionKey: session.key, afterSeq, view: guestEventView });
      }
      if (sessionKey) {
        const session = await requireReadableSession(context, sessionKey);
        return sessionEvents({ apiKey: session.apiKey, sessionKey: session.key, afterSeq });
      }
      return sessionEvents({ apiKey: principal.account.apiKey, sessionKey: null, afterSeq });
    },
    resolve: (message) => message,
  }),
}));

function parseCursor(after: string | null | undefined): number | null {
  if (after === null || after === undefined) return null;
  if (!/^\d{1,15}$/.test(after)) throw badRequest('after must be an event id returned by sessionEvents.');
  return Number(after);
}
