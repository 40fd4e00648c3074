// One subscriber's stream of events: replay from the log after a cursor, then live ones, with no gap and no
// duplicate at the switch. The live subscription listens (and is confirmed in place) BEFORE the replay query, and
// everything at or below the last replayed number is dropped from the live side.
import type { EventDocument, EventStore } from '../store/events.js';
import type { EventBus, SessionEventMessage } from './event-bus.js';
import { guestEventPayload } from '../domain/capture-scope.js';

const REPLAY_PAGE_SIZE = 500;

export interface EventStreamRequest {
  apiKey: string;
  /** Only this session's events; all of the account's when null. */
  sessionKey: string | null;
  /** Replay events recorded after this cursor; null for live events only. */
  afterSeq: number | null;
  /** What the subscriber may see of each event (null: skip it); everything as recorded when absent. */
  view?: (message: SessionEventMessage) => SessionEventMessage | null;
}

/** A capture token's view of an event (CONTRACT §16): the rule is domain/capture-scope.ts's guestEventPayload. */
export function guestEventView(message: SessionEventMessage): SessionEventMessage | null {
  const payload = guestEventPayload(message);
  return payload ? { ...message, payload } : null;
}

export async function* sessionEventStream(store: EventStore, bus: EventBus, request: EventStreamRequest): AsyncGenerator<SessionEventMessage> {
  const view = request.view ?? ((message: SessionEventMessage) => message);
  for await (const message of recordedThenLive(store, bus, request)) {
    const shown = view(message);
    if (shown) yield shown;
  }
}

async function* recordedThenLive(store: EventStore, bus: EventBus, request: EventStreamRequest): AsyncGenerator<SessionEventMessage> {
  const live = bus.subscribe(request.apiKey, request.sessionKey);
  try {
    await live.ready;
    let lastSeq = request.afterSeq ?? -1;
    if (request.afterSeq !== null) {
      for (;;) {
        const page = await store.listAfter(request.apiKey, lastSeq, { sessionKey: request.sessionKey, limit: REPLAY_PAGE_SIZE });
        for (const event of page) {
          lastSeq = event.seq;
          yield replayedMessage(event);
        }
        if (page.length < REPLAY_PAGE_SIZE) break;
      }
    }
    for await (const message of live) {
      if (message.seq > lastSeq) yield message;
    }
  } finally {
    await live.return();
  }
}

function replayedMessage(event: EventDocument): SessionEventMessage {
  return {
    id: String(event.seq),
    seq: event.seq,
    apiKey: event.api_key,
    sessionKey: event.session_key,
    event: event.event,
    timestamp: typeof event.payload.timestamp === 'string' ? event.payload.timestamp : event.created_at.toISOString(),
    payload: event.payload,
  };
}
