// Turns recorded events into deliveries (docs/webhooks.md): for a webhook event with a callback, the delivery is written
// to MongoDB first and only then handed to the worker, so a crash or a restart loses nothing. The body is built and
// serialised once here; every attempt sends and signs these same bytes. A disabled callback's delivery is written
// failed, unsent: nothing goes to the receiver, and a recovery (POST /v1/callbacks/recover) can send it later.
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from '../logger.js';
import type { RecordedEvent } from '../events/event-recorder.js';
import { isWebhookEvent, mergeCallbackPayload } from '../domain/events.js';
import type { Callback } from '../domain/callback.js';
import type { CallbackStore } from '../store/callbacks.js';
import type { Delivery } from '../domain/delivery.js';
import type { DeliveryStore } from '../store/deliveries.js';
import type { DeliveryScheduler } from './delivery-scheduler.js';
import { CALLBACK_DISABLED_ERROR } from './settlement-policy.js';

export interface OutboxEvent {
  apiKey: string;
  seq: number;
  sessionKey: string;
  event: string;
  payload: Record<string, unknown>;
}

export class WebhookOutbox {
  constructor(
    private readonly deps: {
      deliveries: DeliveryStore;
      callbacks: CallbackStore;
      worker: DeliveryScheduler;
      logger: Logger;
      clock: () => Date;
    },
  ) {}

  /**
   * The EventRecorder after-record step. It never fails the recording: an event whose delivery could not be
   * written is picked up by the OutboxReconciler from the event log.
   */
  readonly afterRecord = async (event: RecordedEvent): Promise<void> => {
    if (!isWebhookEvent(event.event)) return;
    try {
      const callback = await this.deps.callbacks.find(event.callbackKey, event.event);
      if (!callback) return;
      await this.enqueue(eventDelivery(event, callback, this.deps.clock()), callback);
    } catch (error) {
      this.deps.logger.error({ err: error, event: event.event, seq: event.seq }, 'could not queue the webhook delivery; the reconciler will');
    }
  };

  /**
   * Writes a new delivery, leased to this instance's worker when it has a free slot (then sent at once), else
   * pending for whichever worker claims it first; failed and unsent when the callback is disabled. Returns the
   * delivery as written, or null if it existed already.
   */
  async enqueue(delivery: Delivery, callback: Callback): Promise<Delivery | null> {
    if (!callback.active && !delivery.test) {
      const unsent = { ...delivery, status: 'failed' as const, lastError: CALLBACK_DISABLED_ERROR };
      return (await this.deps.deliveries.insertUnsent(unsent)) === 'inserted' ? unsent : null;
    }
    const reservation = this.deps.worker.reserve(callback.apiKey, callback.event);
    const written: Delivery = reservation
      ? { ...delivery, status: 'delivering', leaseOwner: reservation.leaseOwner, leaseExpiresAt: reservation.leaseExpiresAt }
      : delivery;
    let outcome: 'inserted' | 'duplicate';
    try {
      outcome = await this.deps.deliveries.insert(written);
    } catch (error) {
      reservation?.cancel();
      throw error;
    }
    if (outcome === 'duplicate') {
      reservation?.cancel();
      return null;
    }
    if (reservation) this.deps.worker.dispatch(reservation, written, callback);
    else this.deps.worker.poke();
    return written;
  }
}

/**
 * One delivery per event (a callback serves one event), so its id derives from the event's: written twice (the
 * normal path and the reconciler racing), it is still one delivery. Opaque, so the API key does not leak.
 */
export function eventDeliveryId(apiKey: string, seq: number): string {
  return `msg_${createHash('sha256').update(`${apiKey}:${seq}`).digest('base64url').slice(0, 27)}`;
}

export function testDeliveryId(): string {
  return `msg_${randomBytes(20).toString('base64url').slice(0, 27)}`;
}

export function eventDelivery(event: OutboxEvent, callback: Callback, now: Date): Delivery {
  return newDelivery({
    id: eventDeliveryId(event.apiKey, event.seq),
    callback,
    eventSeq: event.seq,
    sessionKey: event.sessionKey,
    payload: event.payload,
    test: false,
    now,
  });
}

export function newDelivery(input: {
  id: string;
  callback: Callback;
  eventSeq: number | null;
  sessionKey: string;
  payload: object;
  test: boolean;
  now: Date;
}): Delivery {
  const { callback, now } = input;
  return {
    id: input.id,
    apiKey: callback.apiKey,
    event: callback.event,
    eventSeq: input.eventSeq,
    sessionKey: input.sessionKey,
    callbackEvent: callback.event,
    test: input.test,
    url: callback.url,
    method: callback.method,
    headers: callback.headers,
    body: JSON.stringify(mergeCallbackPayload(input.payload, callback.payload)),
    status: 'pending',
    attempts: 0,
    roundStart: 0,
    nextAttemptAt: now,
    leaseOwner: null,
    leaseExpiresAt: null,
    createdAt: now,
    updatedAt: now,
    lastStatusCode: null,
    lastError: null,
  };
}
