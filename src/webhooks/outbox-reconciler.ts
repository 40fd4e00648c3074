// The outbox's safety net. An event is persisted before its delivery is written; a crash between the two writes
// (or a failed delivery write) would leave the event without its webhook. This job walks the event log in
// recording order, on one instance at a time (a lease), and writes any missing delivery. Delivery ids derive from
// event ids, so it can never create a second delivery for an event.
import type { Logger } from '../logger.js';
import { isWebhookEvent } from '../domain/events.js';
import type { Callback } from '../domain/callback.js';
import type { CallbackStore } from '../store/callbacks.js';
import type { DeliveryStore } from '../store/deliveries.js';
import type { LeaseStore } from '../store/leases.js';
import type { SessionEvent } from '../domain/session-event.js';
import { eventDelivery, eventDeliveryId, type WebhookOutbox } from './outbox.js';
import { LeasedInterval } from '../maintenance/leased-interval.js';

const LEASE_NAME = 'webhook-outbox-reconciler';
const BATCH_SIZE = 500;
const MAX_BATCHES_PER_PASS = 20;
/** Events younger than this are left to the normal path, which writes their delivery within milliseconds. */
export const RECONCILE_GRACE_MS = 5_000;
/** Where the very first pass on a database starts. */
const FIRST_PASS_LOOKBACK_MS = 60 * 60_000;

export class OutboxReconciler extends LeasedInterval<number> {
  constructor(
    private readonly deps: {
      deliveries: DeliveryStore;
      callbacks: CallbackStore;
      leases: LeaseStore;
      outbox: WebhookOutbox;
      logger: Logger;
      intervalMs: number;
      clock: () => Date;
    },
  ) {
    super({ name: LEASE_NAME, leases: deps.leases, intervalMs: deps.intervalMs, logger: deps.logger, clock: deps.clock, idle: 0, runOnStart: true });
  }

  protected async work(now: Date): Promise<number> {
    const { deliveries } = this.deps;
    const until = new Date(now.getTime() - RECONCILE_GRACE_MS);
    let cursor = (await deliveries.reconcileCursor()) ?? { createdAt: new Date(now.getTime() - FIRST_PASS_LOOKBACK_MS), eventId: '' };
    let written = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS && this.holdsLease; batch += 1) {
      const events = await deliveries.eventsAfter(cursor, until, BATCH_SIZE);
      if (events.length === 0) break;
      written += await this.writeMissing(events);
      const last = events[events.length - 1] as SessionEvent;
      cursor = { createdAt: last.createdAt, eventId: last.id };
      await deliveries.saveReconcileCursor(cursor.createdAt, cursor.eventId);
      if (events.length < BATCH_SIZE) break;
    }
    if (written > 0) this.deps.logger.warn({ written }, 'webhook outbox: wrote deliveries missing for recorded events');
    return written;
  }

  private async writeMissing(events: SessionEvent[]): Promise<number> {
    const candidates = events.filter((event) => isWebhookEvent(event.event));
    const existing = await this.deps.deliveries.existingIds(candidates.map((event) => eventDeliveryId(event.apiKey, event.seq)));
    const callbacks = new Map<string, Callback | null>();
    let written = 0;
    for (const event of candidates) {
      if (existing.has(eventDeliveryId(event.apiKey, event.seq))) continue;
      const key = `${event.callbackKey}\u0000${event.event}`;
      if (!callbacks.has(key)) callbacks.set(key, await this.deps.callbacks.find(event.callbackKey, event.event));
      const callback = callbacks.get(key);
      // Only what the normal path would have written: for a callback that existed when the event happened.
      if (!callback || callback.createdAt > event.createdAt) continue;
      const delivery = eventDelivery(event, callback, this.deps.clock());
      if (await this.deps.outbox.enqueue(delivery, callback)) written += 1;
    }
    return written;
  }
}
