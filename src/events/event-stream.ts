// One subscriber's stream of events: replay from the log after a cursor, then live ones, with no gap and no
// duplicate at the switch. The live subscription listens (and is confirmed in place) BEFORE the replay query, and
// everything at or below the last replayed number is dropped from the live side.
import type { EventDocument, EventStore } from '../store/events.js';
import type { EventBus, SessionEventMessage } from './event-bus.js';

const REPLAY_PAGE_SIZE = 500;

export interface EventStreamRequest {
  apiKey: string;
  /** Only this session's events; all of the account's when null. */
  sessionKey: string | null;
  /** Replay events recorded after this cursor; null for live events only. */
  afterSeq: number | null;
}

export async function* sessionEventStream(store: EventStore, bus: EventBus, request: EventStreamRequest): AsyncGenerator<SessionEventMessage> {
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
