// One subscriber's stream of events: replay from the log after a cursor, then live ones, with no gap and no
// duplicate at the switch. The live subscription listens (and is confirmed in place) BEFORE the replay query, and
// everything at or below the last replayed number is dropped from the live side. When the bus reports a gap (its
// Redis connection dropped and came back), what went live meanwhile is read from the log the same way.
import type { EventStore } from '../store/events.js';
import type { SessionEvent } from '../domain/session-event.js';
import { isLiveGap, type EventBus, type SessionEventMessage } from './event-bus.js';
import { guestEventPayload } from '../domain/capture-scope.js';
import { isoTimestamp } from '../domain/time.js';

const REPLAY_PAGE_SIZE = 500;
/**
 * How far before a Redis drop a gap's replay reaches: an event recorded that long before may still have been on its
 * way to going live (its database writes, then the publish) when the connection dropped.
 */
const GAP_MARGIN_MS = 2_000;
/** Numbers a stream remembers having given: more than it gets in the margin above at any rate the service takes. */
const RECENTLY_GIVEN = 256;

export interface EventStreamRequest {
  apiKey: string;
  /** Only this session's events; all of the account's when null. */
  sessionKey: string | null;
  /** Replay events recorded after this cursor; null for live events only. */
  afterSeq: number | null;
  /** What the subscriber may see of each event (null: skip it); everything as recorded when absent. */
  view?: (message: SessionEventMessage) => SessionEventMessage | null;
}

/** A capture token's view of an event (docs/limits.md): the rule is domain/capture-scope.ts's guestEventPayload. */
export function guestEventView(message: SessionEventMessage): SessionEventMessage | null {
  const payload = guestEventPayload(message);
  return payload ? { ...message, payload } : null;
}

/** `clock`: the one the events are dated with, so a gap's replay reaches back over the right ones. */
export async function* sessionEventStream(
  store: EventStore,
  bus: EventBus,
  request: EventStreamRequest,
  clock: () => Date = () => new Date(),
): AsyncGenerator<SessionEventMessage> {
  const view = request.view ?? ((message: SessionEventMessage) => message);
  for await (const message of recordedThenLive(store, bus, request, clock)) {
    const shown = view(message);
    if (shown) yield shown;
  }
}

async function* recordedThenLive(store: EventStore, bus: EventBus, request: EventStreamRequest, clock: () => Date): AsyncGenerator<SessionEventMessage> {
  const subscribedAt = clock().getTime();
  const live = bus.subscribe(request.apiKey, request.sessionKey);
  try {
    await live.ready;
    // Numbers at or below `floor` came from the first replay; `given` remembers the latest ones given since, so a gap's
    // replay and the live side never give one twice.
    let floor = request.afterSeq ?? -1;
    const given = new RecentNumbers(RECENTLY_GIVEN);
    if (request.afterSeq !== null) {
      for await (const event of replayAfter(store, request, floor)) {
        floor = event.seq;
        yield replayedMessage(event);
      }
    }
    for await (const item of live) {
      if (isLiveGap(item)) {
        // What was published while Redis was away never arrived; the log has it. Read back from the last event
        // recorded a little before the drop (one recorded earlier may have gone live just after it), but not before
        // this stream began, skipping what was given already.
        const since = Math.max(item.interruptedAt - GAP_MARGIN_MS, subscribedAt);
        const from = Math.max(floor, await store.lastSeqBefore(request.apiKey, new Date(since)));
        for await (const event of replayAfter(store, request, from)) {
          if (given.has(event.seq)) continue;
          given.add(event.seq);
          yield replayedMessage(event);
        }
        continue;
      }
      if (item.seq <= floor || given.has(item.seq)) continue;
      given.add(item.seq);
      yield item;
    }
  } finally {
    await live.return();
  }
}

/** The account's events after `afterSeq` (of the requested session, if any), oldest first, page by page. */
async function* replayAfter(store: EventStore, request: EventStreamRequest, afterSeq: number): AsyncGenerator<SessionEvent> {
  let last = afterSeq;
  for (;;) {
    const page = await store.listAfter(request.apiKey, last, { sessionKey: request.sessionKey, limit: REPLAY_PAGE_SIZE });
    for (const event of page) {
      last = event.seq;
      yield event;
    }
    if (page.length < REPLAY_PAGE_SIZE) return;
  }
}

/** The last `size` numbers added, for a membership test (a ring: a live stream keeps it for its whole life). */
class RecentNumbers {
  private readonly numbers: number[] = [];
  private next = 0;

  constructor(private readonly size: number) {}

  has(value: number): boolean {
    return this.numbers.includes(value);
  }

  add(value: number): void {
    this.numbers[this.next] = value;
    this.next = (this.next + 1) % this.size;
  }
}

function replayedMessage(event: SessionEvent): SessionEventMessage {
  return {
    id: String(event.seq),
    seq: event.seq,
    apiKey: event.apiKey,
    sessionKey: event.sessionKey,
    event: event.event,
    timestamp: typeof event.payload.timestamp === 'string' ? event.payload.timestamp : isoTimestamp(event.createdAt),
    payload: event.payload,
  };
}
