// Sends queued webhook deliveries (CONTRACT §8): a delivery is leased before it is sent, so several instances share
// the outbox and a crashed worker's deliveries are retried once its lease runs out. Fresh deliveries are handed
// over in process (sent at once); due retries and everything else are claimed from MongoDB, on a timer for the
// retries this worker scheduled and by polling as the fallback.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Logger } from '../logger.js';
import type { WebhookConfig } from '../config.js';
import type { Metrics } from '../observability/metrics.js';
import type { CallbackDocument, CallbackStore } from '../store/callbacks.js';
import type { CallbackKey, DeliveryDocument, DeliverySettlement, DeliveryStore } from '../store/deliveries.js';
import { delayBeforeAttempt } from './retry-schedule.js';
import { sendWebhook, type DeliveryAttemptOutcome } from './sender.js';
import { webhookHeaders } from './signing.js';
import { createTargetAgents, type TargetAgents } from './target-guard.js';

const SERVICE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
export const WEBHOOK_USER_AGENT = `capture-gateway/${SERVICE_VERSION}`;

/** Retries further away than this are left to polling rather than held in a local timer. */
const MAX_LOCAL_WAKE_MS = 5 * 60_000;
const MAX_LOCAL_WAKES = 1_000;
/** stop() waits this long at most for requests in flight; their leases cover anything it abandons. */
const MAX_STOP_WAIT_MS = 10_000;
/**
 * Fresh deliveries waiting in memory for a request slot, per callback (in multiples of its concurrency) and per
 * worker. Beyond that they are written pending and claimed from the database like retries.
 */
const WAITING_PER_CALLBACK_SLOT = 32;
/** Due deliveries read (and claimed in one write) per look at the database. */
const CLAIM_BATCH = 64;
const MAX_WAITING = 8_192;

export const CALLBACK_REMOVED_ERROR = 'Not sent: the callback setting for this event was removed.';
export const CALLBACK_DISABLED_ERROR = 'Not sent: the callback is disabled (a receiver answered 410 Gone); update it to re-enable it.';

export interface DeliveryWorkerOptions {
  deliveries: DeliveryStore;
  callbacks: CallbackStore;
  logger: Logger;
  config: WebhookConfig;
  allowPrivateTargets: boolean;
  clock?: () => Date;
  random?: () => number;
  /** Attempts by outcome, and the time from a delivery being queued to each attempt starting. */
  metrics?: Pick<Metrics, 'deliveries' | 'deliveryLag'>;
}

/** Room in this worker's queue, taken before a delivery is written so it can be written already leased to us. */
export interface Reservation {
  leaseOwner: string;
  leaseExpiresAt: Date;
  /** Gives the room back when the delivery will not be sent by us after all. */
  cancel(): void;
}

/** A delivery leased to this worker, waiting for a request slot of its callback. */
interface WaitingDelivery {
  delivery: DeliveryDocument;
  leaseOwner: string;
  leaseExpiresAt: number;
  /** Known when the delivery was queued by this instance; read at the attempt for one claimed from the database. */
  callback: CallbackDocument | null;
}

export class DeliveryWorker {
  readonly id = randomUUID();
  private readonly agents: TargetAgents;
  private readonly clock: () => Date;
  private readonly random: () => number;
  private readonly tasks = new Set<Promise<void>>();
  private readonly perCallback = new Map<string, number>();
  private readonly waiting = new Map<string, WaitingDelivery[]>();
  /** Reservations not yet started: handed out, or waiting for a slot. */
  private reserved = 0;
  private readonly reservedPerCallback = new Map<string, number>();
  /**
   * Callbacks with due deliveries in the database that did not fit this worker's queue. New deliveries for them
   * go to the database too, behind the older ones, until the backlog is claimed: first queued, first sent.
   */
  private readonly overflowing = new Set<string>();
  private inFlight = 0;
  private claimCounter = 0;
  private started = false;
  private stopping = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private wakeTimes: number[] = [];
  private pumping = false;
  /** True while the database may hold due deliveries this worker has not looked for. */
  private backlog = true;
  private pokes = 0;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.random = options.random ?? Math.random;
    // Per-callback limits are enforced above; an origin shared by several callbacks may use every worker slot.
    this.agents = createTargetAgents({ allowPrivateTargets: options.allowPrivateTargets, maxSocketsPerOrigin: options.config.workerConcurrency });
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.pollTimer = setInterval(() => this.poke(), this.options.config.pollIntervalMs);
    this.pollTimer.unref();
    this.poke();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.pollTimer = this.wakeTimer = null;
    // Deliveries still waiting for a slot go back to the outbox for any instance to send at once.
    const abandoned = [...this.waiting.values()].flat();
    this.waiting.clear();
    await this.options.deliveries
      .release(abandoned.map(({ delivery, leaseOwner }) => ({ id: delivery._id, leaseOwner })), this.clock())
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not release waiting deliveries; their leases will expire'));
    let timer: NodeJS.Timeout | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.min(MAX_STOP_WAIT_MS, this.options.config.timeoutMs.total + 1_000));
    });
    await Promise.race([Promise.allSettled([...this.tasks]), cap]);
    clearTimeout(timer);
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /**
   * Room for a delivery about to be queued to this callback, so it can be written leased to this worker and sent
   * from memory without a claim; null when this worker has enough waiting already.
   */
  reserve(apiKey: string, event: string): Reservation | null {
    if (!this.started || this.stopping) return null;
    const key = callbackKey(apiKey, event);
    const forCallback = this.reservedPerCallback.get(key) ?? 0;
    if (this.overflowing.has(key)) return null;
    if (this.reserved >= MAX_WAITING || forCallback >= this.waitingCapacity()) {
      this.overflowing.add(key);
      return null;
    }
    this.reserved += 1;
    this.reservedPerCallback.set(key, forCallback + 1);
    let settled = false;
    return {
      leaseOwner: this.nextLeaseOwner(),
      leaseExpiresAt: new Date(this.clock().getTime() + this.options.config.leaseMs),
      cancel: () => {
        if (settled) return;
        settled = true;
        this.unreserve(key);
      },
    };
  }

  /** Sends a delivery written leased under `reservation` as soon as its callback has a free request slot. */
  dispatch(reservation: Reservation, delivery: DeliveryDocument, callback: CallbackDocument): void {
    const key = callbackKey(delivery.api_key, delivery.callback_event);
    this.enqueueWaiting(key, { delivery, leaseOwner: reservation.leaseOwner, leaseExpiresAt: reservation.leaseExpiresAt.getTime(), callback });
    this.startWaiting();
  }

  private enqueueWaiting(key: string, entry: WaitingDelivery): void {
    const queue = this.waiting.get(key) ?? [];
    queue.push(entry);
    this.waiting.set(key, queue);
  }

  /** Something may have become due (a queued delivery, a redelivery, the poll timer): look for work. */
  poke(): void {
    this.pokes += 1;
    this.backlog = true;
    void this.pump();
  }

  /**
   * Claims due deliveries from the database, oldest first: straight into a free request slot, or into the
   * callback's local queue while it has room, so a backlog is claimed in batches rather than one slot at a time.
   */
  private async pump(): Promise<void> {
    if (this.pumping || !this.started || this.stopping) return;
    this.pumping = true;
    try {
      const { leaseMs } = this.options.config;
      while (this.backlog && !this.stopping && this.reserved < MAX_WAITING) {
        const pokesBefore = this.pokes;
        const full = [...new Set([...this.perCallback.keys(), ...this.reservedPerCallback.keys()])].filter((key) => !this.hasRoomFor(key));
        const candidates = await this.options.deliveries.dueCandidates(this.clock(), CLAIM_BATCH, full.map(parseCallbackKey));
        if (candidates.length === 0) {
          if (this.pokes !== pokesBefore) continue;
          // Nothing due beyond the callbacks that are full here; those stay overflowing until they have room.
          for (const key of this.overflowing) if (!full.includes(key)) this.overflowing.delete(key);
          this.backlog = this.overflowing.size > 0;
          break;
        }
        const chosen: { delivery: DeliveryDocument; key: string; sendNow: boolean }[] = [];
        for (const delivery of candidates) {
          const key = callbackKey(delivery.api_key, delivery.callback_event);
          if (this.hasFreeSlot(key)) {
            this.takeSlot(key); // before the claim, so an in-process hand-over cannot overfill the worker meanwhile
            chosen.push({ delivery, key, sendNow: true });
          } else if (this.hasRoomFor(key) && this.reserved < MAX_WAITING) {
            this.reserveRoom(key);
            chosen.push({ delivery, key, sendNow: false });
          }
        }
        if (chosen.length === 0) break;
        const leaseOwner = this.nextLeaseOwner();
        const claimedAt = this.clock();
        const giveBack = ({ key, sendNow }: { key: string; sendNow: boolean }) => (sendNow ? this.releaseSlot(key) : this.unreserve(key));
        const claimed = await this.options.deliveries.claimDue(chosen.map(({ delivery }) => delivery), leaseOwner, claimedAt, leaseMs).catch((error: unknown) => {
          chosen.forEach(giveBack);
          throw error;
        });
        const won = new Map(claimed.map((delivery) => [delivery._id, delivery]));
        for (const choice of chosen) {
          const delivery = won.get(choice.delivery._id);
          if (!delivery) giveBack(choice);
          else if (choice.sendNow) this.run(delivery, leaseOwner, null);
          else this.enqueueWaiting(choice.key, { delivery, leaseOwner, leaseExpiresAt: claimedAt.getTime() + leaseMs, callback: null });
        }
        this.startWaiting();
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'webhook worker could not claim deliveries; retrying at the next poll');
    } finally {
      this.pumping = false;
    }
  }

  /** The slot for this delivery's callback is already taken; it is given back as soon as the request is over. */
  private run(delivery: DeliveryDocument, leaseOwner: string, knownCallback: CallbackDocument | null): void {
    const task = this.attempt(delivery, leaseOwner, knownCallback)
      .catch((error: unknown) => {
        // The lease runs out and another claim retries it; nothing is lost.
        this.options.logger.error({ err: error, delivery: delivery._id }, 'webhook delivery bookkeeping failed');
      })
      .finally(() => this.tasks.delete(task));
    this.tasks.add(task);
  }

  private async attempt(delivery: DeliveryDocument, leaseOwner: string, knownCallback: CallbackDocument | null): Promise<void> {
    const key = callbackKey(delivery.api_key, delivery.callback_event);
    let holdingSlot = true;
    const releaseSlot = () => {
      if (!holdingSlot) return;
      holdingSlot = false;
      this.releaseSlot(key);
    };
    try {
      // Claimed deliveries read the current setting: a fixed URL or a rotated secret applies to the next retry.
      const callback = knownCallback ?? (await this.options.callbacks.find(delivery.api_key, delivery.callback_event));
      const refusal = !callback ? CALLBACK_REMOVED_ERROR : !callback.active && !delivery.test ? CALLBACK_DISABLED_ERROR : null;
      if (!callback || refusal) {
        releaseSlot();
        await this.options.deliveries.settle(delivery._id, leaseOwner, { kind: 'failed', statusCode: null, error: refusal ?? CALLBACK_REMOVED_ERROR, attempted: false });
        return;
      }

      const attemptedAt = this.clock();
      this.options.metrics?.deliveryLag.observe(Math.max(0, attemptedAt.getTime() - delivery.created_at.getTime()) / 1000);
      const outcome = await sendWebhook({
        url: callback.url,
        method: callback.method,
        headers: callback.headers,
        signingHeaders: webhookHeaders({
          msgId: delivery._id,
          timestamp: Math.floor(attemptedAt.getTime() / 1000),
          body: delivery.body,
          secrets: signingSecrets(callback, attemptedAt),
          userAgent: WEBHOOK_USER_AGENT,
        }),
        body: delivery.body,
        timeoutMs: this.options.config.timeoutMs,
        agents: this.agents,
      });
      releaseSlot();

      await this.options.deliveries.recordAttempt({
        delivery_id: delivery._id,
        api_key: delivery.api_key,
        attempt: delivery.attempts + 1,
        attempted_at: attemptedAt,
        url: callback.url,
        method: callback.method,
        status_code: outcome.statusCode,
        duration_ms: outcome.durationMs,
        error_kind: outcome.errorKind,
        error: outcome.error,
        response_body: outcome.responseBody,
      });
      if (outcome.gone) await this.options.callbacks.deactivate(callback.api_key, callback.event, callback.url, this.clock());
      const settlement = this.settlementFor(delivery, outcome);
      this.options.metrics?.deliveries.inc({ outcome: outcome.gone ? 'gone' : settlement.kind === 'retry' ? 'retrying' : settlement.kind });
      await this.options.deliveries.settle(delivery._id, leaseOwner, settlement);
      if (settlement.kind === 'retry') this.wakeAt(settlement.nextAttemptAt.getTime());
    } finally {
      releaseSlot();
    }
  }

  private settlementFor(delivery: DeliveryDocument, outcome: DeliveryAttemptOutcome): DeliverySettlement {
    if (outcome.ok && outcome.statusCode !== null) return { kind: 'succeeded', statusCode: outcome.statusCode };
    const error = outcome.error ?? 'The attempt failed.';
    if (outcome.gone) {
      return { kind: 'failed', statusCode: outcome.statusCode, error: `${error} (410 Gone: the callback was disabled)`, attempted: true };
    }
    // A test send is a probe: one attempt, then it can be redelivered by hand.
    const attemptInRound = delivery.attempts + 1 - delivery.round_start;
    const delayMs = delivery.test
      ? null
      : delayBeforeAttempt(attemptInRound + 1, { random: this.random, retryAfterSeconds: outcome.retryAfterSeconds, timeScale: this.options.config.retryTimeScale });
    if (delayMs === null) return { kind: 'failed', statusCode: outcome.statusCode, error, attempted: true };
    return { kind: 'retry', nextAttemptAt: new Date(this.clock().getTime() + delayMs), statusCode: outcome.statusCode, error };
  }

  /** Looks for due work at `at` (a retry this worker scheduled), instead of waiting for the next poll. */
  private wakeAt(at: number): void {
    if (this.stopping || at - Date.now() > MAX_LOCAL_WAKE_MS || this.wakeTimes.length >= MAX_LOCAL_WAKES) return;
    this.wakeTimes.push(at);
    this.wakeTimes.sort((a, b) => a - b);
    this.armWakeTimer();
  }

  private armWakeTimer(): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    const next = this.wakeTimes[0];
    if (next === undefined || this.stopping) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      const now = Date.now();
      this.wakeTimes = this.wakeTimes.filter((time) => time > now);
      this.poke();
      this.armWakeTimer();
    }, Math.max(0, next - Date.now()));
    this.wakeTimer.unref();
  }

  /** Starts waiting deliveries while this worker and their callbacks have free request slots. */
  private startWaiting(): void {
    const { workerConcurrency, callbackConcurrency, timeoutMs } = this.options.config;
    for (const [key, queue] of this.waiting) {
      while (queue.length > 0 && this.inFlight < workerConcurrency && (this.perCallback.get(key) ?? 0) < callbackConcurrency && !this.stopping) {
        const next = queue.shift() as WaitingDelivery;
        this.unreserve(key);
        // Too close to the end of its lease to finish in time: leave it to expire and be claimed again, rather
        // than risk a second worker sending it alongside us.
        if (next.leaseExpiresAt - Date.now() < timeoutMs.total + 1_000) continue;
        this.takeSlot(key);
        this.run(next.delivery, next.leaseOwner, next.callback);
      }
      if (queue.length === 0) this.waiting.delete(key);
      if (this.inFlight >= workerConcurrency) break;
    }
  }

  private waitingCapacity(): number {
    return this.options.config.callbackConcurrency * WAITING_PER_CALLBACK_SLOT;
  }

  private hasFreeSlot(key: string): boolean {
    return this.inFlight < this.options.config.workerConcurrency && (this.perCallback.get(key) ?? 0) < this.options.config.callbackConcurrency;
  }

  /** Whether the callback can take another delivery here, now or from its local queue. */
  private hasRoomFor(key: string): boolean {
    return this.hasFreeSlot(key) || (this.reservedPerCallback.get(key) ?? 0) < this.waitingCapacity();
  }

  private reserveRoom(key: string): void {
    this.reserved += 1;
    this.reservedPerCallback.set(key, (this.reservedPerCallback.get(key) ?? 0) + 1);
  }

  private unreserve(key: string): void {
    this.reserved -= 1;
    const remaining = (this.reservedPerCallback.get(key) ?? 1) - 1;
    if (remaining > 0) this.reservedPerCallback.set(key, remaining);
    else this.reservedPerCallback.delete(key);
  }

  private takeSlot(key: string): void {
    this.inFlight += 1;
    this.perCallback.set(key, (this.perCallback.get(key) ?? 0) + 1);
  }

  private releaseSlot(key: string): void {
    this.inFlight -= 1;
    const remaining = (this.perCallback.get(key) ?? 1) - 1;
    if (remaining > 0) this.perCallback.set(key, remaining);
    else this.perCallback.delete(key);
    if (this.waiting.size > 0) this.startWaiting();
    // An overflowing callback refills its queue in batches, once half of it has drained, not at every freed slot.
    if (this.backlog && (!this.overflowing.has(key) || (this.reservedPerCallback.get(key) ?? 0) <= this.waitingCapacity() / 2)) void this.pump();
  }

  private nextLeaseOwner(): string {
    this.claimCounter += 1;
    return `${this.id}#${this.claimCounter}`;
  }
}

/** Every secret that still signs: the current one, and a rotated-out one until its overlap ends. */
export function signingSecrets(callback: CallbackDocument, now: Date): string[] {
  const valid = callback.secrets.filter((secret) => secret.expires_at === null || secret.expires_at > now).map((secret) => secret.secret);
  return valid.length > 0 ? valid : callback.secrets.slice(0, 1).map((secret) => secret.secret);
}

function callbackKey(apiKey: string, event: string): string {
  return `${apiKey}\u0000${event}`;
}

function parseCallbackKey(key: string): CallbackKey {
  const separator = key.indexOf('\u0000');
  return { apiKey: key.slice(0, separator), event: key.slice(separator + 1) };
}
