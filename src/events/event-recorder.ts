// Records an event: persist it first (so replay and webhooks can never miss it), publish it live, then hand it to
// the after-record steps (the webhook outbox). Publishing straight after the append keeps one instance's live
// events in number order.
import type { EventStore } from '../store/events.js';
import type { Histogram } from 'prom-client';
import type { EventBus, SessionEventMessage } from './event-bus.js';
import { isoTimestamp } from '../domain/time.js';

export interface RecordedEvent extends SessionEventMessage {
  /** The key whose callbacks hear of the event (the session's `created_with_key`); not published to subscribers. */
  callbackKey: string;
}

export type AfterRecordStep = (event: RecordedEvent) => Promise<void>;

export class EventRecorder {
  private readonly afterRecordSteps: AfterRecordStep[] = [];

  constructor(
    private readonly events: EventStore,
    private readonly bus: EventBus,
    private readonly clock: () => Date = () => new Date(),
    /** Observes how long after its timestamp each event goes live (event_publish_delay_seconds). */
    private readonly publishDelay?: Pick<Histogram, 'observe'>,
  ) {}

  /** Adds a step run after an event is persisted and published (e.g. creating deliveries). */
  afterRecord(step: AfterRecordStep): void {
    this.afterRecordSteps.push(step);
  }

  async record(input: {
    apiKey: string;
    callbackKey: string;
    sessionKey: string;
    payload: { event: string; timestamp?: string } & Record<string, unknown>;
  }): Promise<RecordedEvent> {
    const createdAt = this.clock();
    const event = input.payload.event;
    const { seq } = await this.events.append({
      apiKey: input.apiKey,
      sessionKey: input.sessionKey,
      callbackKey: input.callbackKey,
      event,
      payload: input.payload,
      createdAt,
    });
    const recorded: RecordedEvent = {
      id: String(seq),
      seq,
      apiKey: input.apiKey,
      callbackKey: input.callbackKey,
      sessionKey: input.sessionKey,
      event,
      timestamp: typeof input.payload.timestamp === 'string' ? input.payload.timestamp : isoTimestamp(createdAt),
      payload: input.payload,
    };
    // Real time, not the service clock (which tests may set): the fan-out delay is measured against it.
    const { callbackKey: _callbackKey, ...message } = recorded;
    this.bus.publish({ ...message, publishedAt: Date.now() });
    const namedAt = Date.parse(recorded.timestamp);
    if (this.publishDelay && Number.isFinite(namedAt)) this.publishDelay.observe(Math.max(0, this.clock().getTime() - namedAt) / 1000);
    for (const step of this.afterRecordSteps) await step(recorded);
    return recorded;
  }
}
