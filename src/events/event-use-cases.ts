// The events folder's part of the app: the recorder use cases write through, and a subscriber's stream (replay then
// live) as faces receive it, with its fan-out delay observed where the event leaves for the subscriber.
import type { Histogram } from 'prom-client';
import type { EventStore } from '../store/events.js';
import type { EventBus, SessionEventMessage } from './event-bus.js';
import { EventRecorder } from './event-recorder.js';
import { sessionEventStream, type EventStreamRequest } from './event-stream.js';

/** A subscriber's events: recorded ones after a cursor, then live ones (event-stream.ts). */
export type SessionEvents = (request: EventStreamRequest) => AsyncGenerator<SessionEventMessage>;

export function createEventUseCases(deps: {
  events: EventStore;
  bus: EventBus;
  clock: () => Date;
  publishDelay: Pick<Histogram, 'observe'>;
  fanoutDelay: Pick<Histogram, 'observe'>;
}): { recorder: EventRecorder; sessionEvents: SessionEvents } {
  return {
    recorder: new EventRecorder(deps.events, deps.bus, deps.clock, deps.publishDelay),
    sessionEvents: async function* observedSessionEvents(request) {
      for await (const message of sessionEventStream(deps.events, deps.bus, request, deps.clock)) {
        if (message.publishedAt !== undefined) deps.fanoutDelay.observe(Math.max(0, Date.now() - message.publishedAt) / 1000);
        yield message;
      }
    },
  };
}
