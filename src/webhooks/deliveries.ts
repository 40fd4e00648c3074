// Delivery use cases (CONTRACT §7): list a callback's deliveries with their attempts, redeliver one, send a test.
// REST and GraphQL both call these.
import { AppError, badRequest, conflict } from '../errors.js';
import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from '../domain/events.js';
import type { CallbackDocument, CallbackStore } from '../store/callbacks.js';
import type { DeliveryAttemptDocument, DeliveryDocument, DeliveryPageCursor, DeliveryStore } from '../store/deliveries.js';
import type { DeliveryStatus } from '../domain/delivery-statuses.js';
import { missingCallback } from './callbacks.js';
import type { DeliveryScheduler } from './delivery-scheduler.js';
import { newDelivery, testDeliveryId, type WebhookOutbox } from './outbox.js';
import { SAMPLE_SESSION_KEY, samplePayload } from './sample-payloads.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const TEST_SEND_WINDOW_MS = 60_000;

export interface DeliveryAttemptView {
  attempt: number;
  attempted_at: string;
  url: string;
  method: string;
  status_code: number | null;
  duration_ms: number;
  error_kind: string | null;
  error: string | null;
  response_body: string | null;
}

export interface DeliveryView {
  id: string;
  event: string;
  session_key: string;
  event_seq: number | null;
  test: boolean;
  status: DeliveryStatus;
  url: string;
  method: string;
  /** The body every attempt sent, parsed. */
  payload: unknown;
  attempt_count: number;
  /** When the next attempt is due; null unless pending. */
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /** Oldest first. */
  attempts: DeliveryAttemptView[];
}

export interface DeliveryPage {
  deliveries: DeliveryView[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export class DeliveryService {
  constructor(
    private readonly deps: {
      deliveries: DeliveryStore;
      callbacks: CallbackStore;
      outbox: WebhookOutbox;
      worker: DeliveryScheduler;
      /** Test sends accepted per callback in any minute (CONTRACT §16: a probe, not a way to flood the workers). */
      testSendsPerMinute: number;
      clock: () => Date;
    },
  ) {}

  /** Per callback, the test send being checked and written; the next one waits, so bursts cannot slip past the cap. */
  private readonly testSendTurns = new Map<string, Promise<unknown>>();

  /**
   * A callback's deliveries, newest first, optionally only those of one session. The callback must exist (its
   * deliveries are part of it).
   */
  async list(apiKey: string, event: string, options: { limit?: unknown; cursor?: unknown; sessionKey?: string | null } = {}): Promise<DeliveryPage> {
    await this.requireCallback(apiKey, event);
    const limit = parseLimit(options.limit);
    const before = options.cursor === undefined || options.cursor === null || options.cursor === '' ? null : decodeCursor(options.cursor);
    const found = await this.deps.deliveries.page(apiKey, event, limit, before, options.sessionKey || null);
    const page = found.slice(0, limit);
    const attempts = await this.deps.deliveries.attemptsOf(page.map((delivery) => delivery._id));
    const last = page[page.length - 1];
    return {
      deliveries: page.map((delivery) =>
        deliveryView(
          delivery,
          attempts.filter((attempt) => attempt.delivery_id === delivery._id),
        ),
      ),
      nextCursor: found.length > limit && last ? encodeCursor(last.created_at, last._id) : null,
    };
  }

  async get(apiKey: string, id: string): Promise<DeliveryView> {
    const delivery = await this.requireDelivery(apiKey, id);
    return deliveryView(delivery, await this.deps.deliveries.attemptsOf([delivery._id]));
  }

  /**
   * Queues the delivery again with a fresh retry schedule and the same webhook-id, whatever its state; one being
   * sent right now is left to finish. The callback must exist and be enabled.
   */
  async redeliver(apiKey: string, id: string): Promise<DeliveryView> {
    let delivery = await this.requireDelivery(apiKey, id);
    const callback = await this.deps.callbacks.find(apiKey, delivery.callback_event);
    if (!callback) throw conflict(`Delivery ${id} cannot be redelivered: the callback for ${delivery.callback_event} was removed.`);
    if (!callback.active)
      throw conflict(`Delivery ${id} cannot be redelivered: the callback for ${delivery.callback_event} is disabled; update it to re-enable it.`);
    for (let tries = 0; tries < 3 && delivery.status !== 'delivering'; tries += 1) {
      const requeued = await this.deps.deliveries.requeue(delivery, this.deps.clock());
      if (requeued) {
        this.deps.worker.poke();
        return deliveryView(requeued, await this.deps.deliveries.attemptsOf([id]));
      }
      delivery = await this.requireDelivery(apiKey, id);
    }
    return deliveryView(delivery, await this.deps.deliveries.attemptsOf([id]));
  }

  /**
   * Sends the event's sample payload, marked "test": true, through the outbox: one attempt, no retries. At most
   * `testSendsPerMinute` per callback in any minute; beyond, RATE_LIMITED with Retry-After.
   */
  async sendTest(apiKey: string, event: string): Promise<DeliveryView> {
    const callback = await this.requireCallback(apiKey, event);
    if (!callback.active) throw conflict(`The callback for ${event} is disabled; update it to re-enable it.`);
    return this.inTurn(`${apiKey}\u0000${event}`, async () => {
      const now = this.deps.clock();
      await this.requireTestSendBudget(apiKey, event, now);
      const delivery = newDelivery({
        id: testDeliveryId(),
        callback,
        eventSeq: null,
        sessionKey: SAMPLE_SESSION_KEY,
        payload: samplePayload(event as WebhookEvent, now),
        test: true,
        now,
      });
      const written = await this.deps.outbox.enqueue(delivery, callback);
      return deliveryView(written ?? delivery, []);
    });
  }

  /**
   * Counted from the outbox itself, so every instance sees the same budget (instances racing can each let one more
   * through); within an instance sendTest checks and writes one at a time per callback.
   */
  private async requireTestSendBudget(apiKey: string, event: string, now: Date): Promise<void> {
    const limit = this.deps.testSendsPerMinute;
    const recent = await this.deps.deliveries.recentTestSendTimes(apiKey, event, new Date(now.getTime() - TEST_SEND_WINDOW_MS), limit);
    const oldestCounted = recent[limit - 1];
    if (!oldestCounted) return;
    const retryAfter = Math.max(1, Math.ceil((oldestCounted.getTime() + TEST_SEND_WINDOW_MS - now.getTime()) / 1000));
    throw new AppError(
      'RATE_LIMITED',
      `Too many test sends for ${event}: at most ${limit} a minute per callback. Retry after ${retryAfter} s.`,
      {},
      { 'retry-after': String(retryAfter) },
    );
  }

  private async inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.testSendTurns.get(key) ?? Promise.resolve();
    const current = previous.then(work);
    const settled = current.catch(() => undefined);
    this.testSendTurns.set(key, settled);
    void settled.then(() => {
      if (this.testSendTurns.get(key) === settled) this.testSendTurns.delete(key);
    });
    return current;
  }

  private async requireCallback(apiKey: string, event: string): Promise<CallbackDocument> {
    if (!isWebhookEvent(event)) throw badRequest(`event must be one of ${WEBHOOK_EVENTS.join(', ')}.`);
    const callback = await this.deps.callbacks.find(apiKey, event);
    if (!callback) throw missingCallback(apiKey, event);
    return callback;
  }

  private async requireDelivery(apiKey: string, id: string): Promise<DeliveryDocument> {
    const delivery = id.length <= 64 ? await this.deps.deliveries.findForAccount(apiKey, id) : null;
    if (!delivery) throw new AppError('NOT_FOUND', `Delivery ${id.slice(0, 64)} cannot be found.`);
    return delivery;
  }
}

export function deliveryView(delivery: DeliveryDocument, attempts: readonly DeliveryAttemptDocument[]): DeliveryView {
  return {
    id: delivery._id,
    event: delivery.event,
    session_key: delivery.session_key,
    event_seq: delivery.event_seq,
    test: delivery.test,
    status: delivery.status,
    url: delivery.url,
    method: delivery.method,
    payload: parseBody(delivery.body),
    attempt_count: delivery.attempts,
    next_attempt_at: delivery.status === 'pending' ? delivery.next_attempt_at.toISOString() : null,
    last_status_code: delivery.last_status_code,
    last_error: delivery.last_error,
    created_at: delivery.created_at.toISOString(),
    updated_at: delivery.updated_at.toISOString(),
    attempts: attempts.map(attemptView),
  };
}

function attemptView(attempt: DeliveryAttemptDocument): DeliveryAttemptView {
  return {
    attempt: attempt.attempt,
    attempted_at: attempt.attempted_at.toISOString(),
    url: attempt.url,
    method: attempt.method,
    status_code: attempt.status_code,
    duration_ms: attempt.duration_ms,
    error_kind: attempt.error_kind,
    error: attempt.error,
    response_body: attempt.response_body,
  };
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function parseLimit(value: unknown): number {
  if (value === undefined || value === null || value === '') return DEFAULT_PAGE_SIZE;
  const limit = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) throw badRequest(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`);
  return limit;
}

/** The cursor that pages past this delivery (to older ones). */
export function deliveryCursor(delivery: DeliveryView): string {
  return encodeCursor(new Date(delivery.created_at), delivery.id);
}

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.getTime()}:${id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: unknown): DeliveryPageCursor {
  const text = typeof cursor === 'string' ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const separator = text.indexOf(':');
  const millis = Number(text.slice(0, separator));
  const id = text.slice(separator + 1);
  if (separator < 1 || !Number.isSafeInteger(millis) || !id) throw badRequest('cursor is not a cursor returned by this API.');
  return { createdAt: new Date(millis), id };
}
