// Delivery use cases (docs/webhooks.md): list a callback's deliveries with their attempts, redeliver one, send a test.
// REST and GraphQL both call these.
import { z } from 'zod';
import { AppError, badRequest, conflict } from '../errors.js';
import { WebhookEventSchema, type WebhookEvent } from '../domain/events.js';
import { DeliveryStatusSchema } from '../domain/delivery-statuses.js';
import { IsoInstantInputSchema, UtcTimestampSchema } from '../domain/time.js';
import { firstIssueMessage } from '../domain/validation.js';
import type { CallbackStore } from '../store/callbacks.js';
import type { Delivery, DeliveryAttempt, DeliveryPageCursor } from '../domain/delivery.js';
import type { DeliveryStore } from '../store/deliveries.js';
import { CallbackMethodSchema, missingCallback, requireCallback, type EventCallback } from './callbacks.js';
import type { DeliveryScheduler } from './delivery-scheduler.js';
import { newDelivery, testDeliveryId, type WebhookOutbox } from './outbox.js';
import { SAMPLE_SESSION_KEY, samplePayload } from './sample-payloads.js';
import { DELIVERY_ERROR_KINDS, RESPONSE_BODY_LIMIT_BYTES, type DeliveryErrorKind } from './sender.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const TEST_SEND_WINDOW_MS = 60_000;

// ---------------------------------------------------------------------------------------------------------------
// The page query (GET /v1/callbacks/:event/deliveries, and GraphQL's first/after)

const LIMIT_MESSAGE = `must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;
const CURSOR_MESSAGE = 'is not a cursor returned by this API.';

/** Absent, null and "" all mean "not given". */
const notGiven = (value: unknown) => (value === null || value === '' ? undefined : value);

export const DeliveryPageQuerySchema = z.object({
  limit: z
    .preprocess(
      // A query string holds text: only plain digits count as a number.
      (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : notGiven(value)),
      z.int({ error: LIMIT_MESSAGE }).min(1, { error: LIMIT_MESSAGE }).max(MAX_PAGE_SIZE, { error: LIMIT_MESSAGE }).default(DEFAULT_PAGE_SIZE),
    )
    .meta({
      param: {
        id: 'DeliveryLimit',
        required: false,
        description: `Deliveries per page; anything but a whole number from 1 to ${MAX_PAGE_SIZE} gives 400.`,
      },
    }),
  cursor: z.preprocess(notGiven, z.string({ error: CURSOR_MESSAGE }).transform(decodeCursor).optional()).meta({
    param: {
      id: 'DeliveryCursor',
      required: false,
      description: 'The `next_cursor` of the previous page; omit it for the newest deliveries. Anything else gives 400.',
      example: 'MTc3MzQ4MjI5NjQwMjptc2dfWGIza1E5dlQxbUxyOFdjTjJwWWhaNXNKZDBG',
    },
  }),
  session_key: z
    .preprocess(notGiven, z.string().optional())
    .meta({ param: { id: 'DeliverySessionKey', required: false, description: "Only this session's deliveries.", example: 'XKT-7Q2M9D4B1A' } }),
});

// ---------------------------------------------------------------------------------------------------------------
// Answers

export const DeliveryAttemptSchema = z
  .object({
    attempt: z.int().min(1).meta({ description: "Numbered over the delivery's whole life, redeliveries included." }),
    attempted_at: UtcTimestampSchema,
    url: z.string().meta({ description: "The target this attempt really used (the callback's url at the time)." }),
    method: CallbackMethodSchema,
    status_code: z.int().nullable().meta({ description: 'Null when no response arrived.' }),
    duration_ms: z.int().min(0),
    error_kind: z.enum(DELIVERY_ERROR_KINDS).nullable().meta({ description: 'Null on success. Redirects are not followed and count as failures.' }),
    error: z.string().nullable().meta({ description: 'Short text; null on success.' }),
    response_body: z
      .string()
      .nullable()
      .meta({ description: `The first ${RESPONSE_BODY_LIMIT_BYTES} bytes of the response body; null when no response arrived.` }),
  })
  .meta({ id: 'DeliveryAttempt' });
export type DeliveryAttemptView = z.output<typeof DeliveryAttemptSchema>;

export const DeliverySchema = z
  .object({
    id: z.string().meta({ description: 'Also the `webhook-id` header; stable across every attempt and redelivery.' }),
    event: WebhookEventSchema,
    session_key: z.string().meta({ description: `The session the event belongs to; ${SAMPLE_SESSION_KEY} for a test send.` }),
    event_seq: z.int().nullable().meta({ description: "The event's per-account sequence number; null for a test send." }),
    test: z.boolean().meta({ description: 'True for a test send (POST /v1/callbacks/{event}/test).' }),
    status: DeliveryStatusSchema,
    url: z.string().meta({ description: "The callback's url when the delivery was queued." }),
    method: CallbackMethodSchema,
    // Any JSON; z.custom keeps the key required (z.unknown() would make it optional).
    payload: z.custom<unknown>().meta({ description: 'The JSON body every attempt sends and signs, parsed.' }),
    attempt_count: z.int().min(0),
    next_attempt_at: UtcTimestampSchema.nullable().meta({ description: 'When the next attempt is due; null unless pending.' }),
    last_status_code: z.int().nullable(),
    last_error: z.string().nullable(),
    created_at: UtcTimestampSchema,
    updated_at: UtcTimestampSchema,
    attempts: z.array(DeliveryAttemptSchema).meta({ description: 'Oldest first.' }),
  })
  .meta({ id: 'Delivery' });
export type DeliveryView = z.output<typeof DeliverySchema>;

export const DeliveryListSchema = z
  .object({
    api_key: z.string(),
    event: WebhookEventSchema,
    data: z.array(DeliverySchema).meta({ description: 'Newest first.' }),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` to read the next (older) page; null on the last page.' }),
  })
  .meta({ id: 'DeliveryList' });
export type DeliveryList = z.output<typeof DeliveryListSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Recovery (POST /v1/callbacks/recover, GraphQL recoverDeliveries)

export const RecoverDeliveriesRequestSchema = z
  .object({
    since: IsoInstantInputSchema.meta({ description: 'Deliveries that ended failed at or after this time are sent again.' }),
    event: z
      .preprocess(notGiven, WebhookEventSchema.optional())
      .meta({ description: "Only this event's callback; without it, every enabled callback of the API key." }),
  })
  .meta({ id: 'RecoverDeliveriesRequest' });

export const DeliveryRecoverySchema = z
  .object({ queued: z.int().min(0).meta({ description: 'Deliveries queued again, each due at once with its own webhook-id.' }) })
  .meta({ id: 'DeliveryRecovery' });
export type DeliveryRecovery = z.output<typeof DeliveryRecoverySchema>;

export interface DeliveryPage {
  /** The callback's event, checked. */
  event: WebhookEvent;
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
      /** Test sends accepted per callback in any minute (docs/limits.md: a probe, not a way to flood the workers). */
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
    const callback = await this.requireCallback(apiKey, event);
    const query = DeliveryPageQuerySchema.safeParse({ limit: options.limit, cursor: options.cursor, session_key: options.sessionKey });
    if (!query.success) throw badRequest(firstIssueMessage(query.error));
    const { limit, cursor = null, session_key: sessionKey = null } = query.data;
    const found = await this.deps.deliveries.page(apiKey, event, limit, cursor, sessionKey);
    const page = found.slice(0, limit);
    const attempts = await this.deps.deliveries.attemptsOf(page.map((delivery) => delivery.id));
    const last = page[page.length - 1];
    return {
      event: callback.event,
      deliveries: page.map((delivery) =>
        deliveryView(
          delivery,
          attempts.filter((attempt) => attempt.deliveryId === delivery.id),
        ),
      ),
      nextCursor: found.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
    };
  }

  async get(apiKey: string, id: string): Promise<DeliveryView> {
    const delivery = await this.requireDelivery(apiKey, id);
    return deliveryView(delivery, await this.deps.deliveries.attemptsOf([delivery.id]));
  }

  /**
   * Queues the delivery again with a fresh retry schedule and the same webhook-id, whatever its state; one being
   * sent right now is left to finish. The callback must exist and be enabled.
   */
  async redeliver(apiKey: string, id: string): Promise<DeliveryView> {
    let delivery = await this.requireDelivery(apiKey, id);
    const callback = await this.deps.callbacks.find(apiKey, delivery.callbackEvent);
    if (!callback) throw conflict(`Delivery ${id} cannot be redelivered: the callback for ${delivery.callbackEvent} was removed.`);
    if (!callback.active)
      throw conflict(`Delivery ${id} cannot be redelivered: the callback for ${delivery.callbackEvent} is disabled; update it to re-enable it.`);
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
   * Sends again every delivery of the API key that ended failed at or after `since` (test sends aside), to the
   * enabled callbacks (or `event`'s, which must exist and be enabled): each queued at once with a fresh retry
   * schedule, the same webhook-id and body, and the callback's current setting. `input`: a RecoverDeliveriesRequest.
   */
  async recover(apiKey: string, input: unknown): Promise<DeliveryRecovery> {
    const parsed = RecoverDeliveriesRequestSchema.safeParse(input);
    if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
    const { since, event } = parsed.data;
    const callbacks = await this.deps.callbacks.list(apiKey);
    if (event) {
      const callback = callbacks.find((candidate) => candidate.event === event);
      if (!callback) throw missingCallback(apiKey, event);
      if (!callback.active) throw conflict(`The callback for ${event} is disabled; enable it again before recovering its deliveries.`);
    }
    const events = callbacks.filter((callback) => callback.active && (!event || callback.event === event)).map((callback) => callback.event);
    const queued = await this.deps.deliveries.requeueFailed(apiKey, events, since, this.deps.clock());
    if (queued > 0) this.deps.worker.poke();
    return { queued };
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

  private requireCallback(apiKey: string, event: string): Promise<EventCallback> {
    return requireCallback(this.deps.callbacks, apiKey, event);
  }

  private async requireDelivery(apiKey: string, id: string): Promise<Delivery> {
    const delivery = id.length <= 64 ? await this.deps.deliveries.findForAccount(apiKey, id) : null;
    if (!delivery) throw new AppError('NOT_FOUND', `Delivery ${id.slice(0, 64)} cannot be found.`);
    return delivery;
  }
}

export function deliveryView(delivery: Delivery, attempts: readonly DeliveryAttempt[]): DeliveryView {
  return {
    id: delivery.id,
    // Queued only for a checked event name.
    event: delivery.event as WebhookEvent,
    session_key: delivery.sessionKey,
    event_seq: delivery.eventSeq,
    test: delivery.test,
    status: delivery.status,
    url: delivery.url,
    method: delivery.method,
    payload: parseBody(delivery.body),
    attempt_count: delivery.attempts,
    next_attempt_at: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
    attempts: attempts.map(attemptView),
  };
}

function attemptView(attempt: DeliveryAttempt): DeliveryAttemptView {
  return {
    attempt: attempt.attempt,
    attempted_at: attempt.attemptedAt.toISOString(),
    url: attempt.url,
    method: attempt.method,
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    // Written only from the sender's outcome.
    error_kind: attempt.errorKind as DeliveryErrorKind | null,
    error: attempt.error,
    response_body: attempt.responseBody,
  };
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** The cursor that pages past this delivery (to older ones). */
export function deliveryCursor(delivery: DeliveryView): string {
  return encodeCursor(new Date(delivery.created_at), delivery.id);
}

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.getTime()}:${id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, ctx: z.RefinementCtx): DeliveryPageCursor {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const separator = text.indexOf(':');
  const millis = Number(text.slice(0, separator));
  const id = text.slice(separator + 1);
  if (separator >= 1 && Number.isSafeInteger(millis) && id) return { createdAt: new Date(millis), id };
  ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
  return z.NEVER;
}
