// sessionEvents: live events of one session (capture scope or account scope with a sessionKey) or of every
// session of the account, with replay from a cursor.
import { builder } from './builder.js';
import type { SessionEventMessage } from '../../events/event-bus.js';
import { guestEventView } from '../../events/event-stream.js';
import { badRequest } from '../../errors.js';
import { requireReadableSession } from './context.js';

const SessionEvent = builder.objectRef<SessionEventMessage>('SessionEvent').implement({
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Cursor: pass it as `after` to resume after this event.' }),
    event: t.exposeString('event'),
    sessionKey: t.exposeString('sessionKey'),
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
        return sessionEvents({ apiKey: session.api_key, sessionKey: session._id, afterSeq, view: guestEventView });
      }
      if (sessionKey) {
        const session = await requireReadableSession(context, sessionKey);
        return sessionEvents({ apiKey: session.api_key, sessionKey: session._id, afterSeq });
      }
      return sessionEvents({ apiKey: principal.account.api_key, sessionKey: null, afterSeq });
    },
    resolve: (message) => message,
  }),
}));

function parseCursor(after: string | null | undefined): number | null {
  if (after === null || after === undefined) return null;
  if (!/^\d{1,15}$/.test(after)) throw badRequest('after must be an event id returned by sessionEvents.');
  return Number(after);
}
