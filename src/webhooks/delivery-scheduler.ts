// Decides when queued webhook deliveries are sent (docs/webhooks.md, docs/limits.md): a delivery is leased before it is sent, so
// several instances share the outbox and a crashed worker's deliveries are retried once its lease runs out. Fresh
// deliveries are handed over in process; due retries and everything else are claimed from MongoDB in batches shared
// fairly between accounts, on a timer for the retries this worker scheduled and by polling as the fallback. Request
// slots are bounded per worker, account, callback and destination (RequestSlots); each attempt is a DeliverySender's.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import type { WebhookConfig } from '../config.js';
import type { Metrics } from '../observability/metrics.js';
import type { Callback } from '../domain/callback.js';
import type { CallbackStore } from '../store/callbacks.js';
import type { Delivery } from '../domain/delivery.js';
import type { DeliveryStore } from '../store/deliveries.js';
import { CallbackHealth, type CallbackDisabledListener } from './callback-health.js';
import { DeliverySender } from './delivery-sender.js';
import { RequestSlots, type QueueKey, type SlotOwner } from './request-slots.js';
import { RetryWakeups } from './retry-wakeups.js';
import { createTargetAgents, type TargetAgents } from './target-guard.js';

/** stop() waits this long at most for requests in flight; their leases cover anything it abandons. */
const MAX_STOP_WAIT_MS = 10_000;
/**
 * Deliveries waiting in memory for a request slot, per callback and per account (in multiples of their
 * concurrency), and per worker. Beyond that they are written pending and claimed from the database like retries.
 */
const WAITING_PER_SLOT = 32;
const MAX_WAITING = 8_192;
/** Due deliveries read (and claimed in one write) per look at the database. */
const CLAIM_BATCH = 64;

export interface DeliverySchedulerOptions {
  deliveries: DeliveryStore;
  callbacks: CallbackStore;
  logger: Logger;
  config: WebhookConfig;
  allowPrivateTargets: boolean;
  clock?: () => Date;
  random?: () => number;
  /** Attempts by outcome, and the time from a delivery being queued to each attempt starting. */
  metrics?: Pick<Metrics, 'deliveries' | 'deliveryLag'>;
  /** Told once for each callback this worker's attempts turn off (docs/webhooks.md#disabled-callbacks). */
  onCallbackDisabled?: CallbackDisabledListener;
}

/** Room in this worker's queue, taken before a delivery is written so it can be written already leased to us. */
export interface Reservation {
  leaseOwner: string;
  leaseExpiresAt: Date;
  /** Gives the room back when the delivery will not be sent by us after all. */
  cancel(): void;
}

/** A delivery leased to this worker, waiting for a request slot. */
interface WaitingDelivery {
  delivery: Delivery;
  leaseOwner: string;
  leaseExpiresAt: number;
  /** Known when the delivery was queued by this instance; read at the attempt for one claimed from the database. */
  callback: Callback | null;
}

export class DeliveryScheduler {
  readonly id = randomUUID();
  private readonly agents: TargetAgents;
  private readonly clock: () => Date;
  private readonly sender: DeliverySender;
  private readonly slots: RequestSlots<WaitingDelivery>;
  private readonly wakeups: RetryWakeups;
  private readonly tasks = new Set<Promise<void>>();
  /**
   * Callbacks with due deliveries in the database that did not fit this worker's queue. New deliveries for them
   * go to the database too, behind the older ones, until the backlog is claimed: first queued, first sent.
   */
  private readonly overflowing = new Set<string>();
  private state: 'idle' | 'running' | 'stopped' = 'idle';
  private pollTimer: NodeJS.Timeout | null = null;
  private pumping = false;
  /** True while the database may hold due deliveries this worker has not looked for. */
  private backlog = true;
  private pokes = 0;
  private claimCounter = 0;

  constructor(private readonly options: DeliverySchedulerOptions) {
    const { config } = options;
    // One clock for every decision: leases, due times and wake-ups are all read from it, never beside it.
    this.clock = options.clock ?? (() => new Date());
    this.wakeups = new RetryWakeups(
      () => this.poke(),
      () => this.clock().getTime(),
    );
    // The scheduler keeps each destination within its limit; the agents enforce the same bound underneath.
    this.agents = createTargetAgents({ allowPrivateTargets: options.allowPrivateTargets, maxSocketsPerOrigin: config.hostConcurrency });
    this.sender = new DeliverySender({
      deliveries: options.deliveries,
      callbacks: options.callbacks,
      health: new CallbackHealth({
        callbacks: options.callbacks,
        deliveries: options.deliveries,
        disableAfterDays: config.disableAfterDays,
        onDisabled: options.onCallbackDisabled ?? (async () => undefined),
        logger: options.logger,
      }),
      agents: this.agents,
      timeoutMs: config.timeoutMs,
      retryTimeScale: config.retryTimeScale,
      clock: this.clock,
      random: options.random ?? Math.random,
      metrics: options.metrics,
    });
    this.slots = new RequestSlots(
      { worker: config.workerConcurrency, account: config.accountConcurrency, callback: config.callbackConcurrency, destination: config.hostConcurrency },
      { total: MAX_WAITING, perAccount: config.accountConcurrency * WAITING_PER_SLOT, perCallback: config.callbackConcurrency * WAITING_PER_SLOT },
    );
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'running';
    this.pollTimer = setInterval(() => this.poke(), this.options.config.pollIntervalMs);
    this.pollTimer.unref();
    this.poke();
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    this.wakeups.stop();
    // Deliveries still waiting for a slot go back to the outbox for any instance to send at once.
    const abandoned = this.slots.drain().map(({ item }) => ({ id: item.delivery.id, leaseOwner: item.leaseOwner }));
    await this.options.deliveries
      .release(abandoned, this.clock())
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
   * from memory without a claim; null when this worker has enough waiting already for the callback or its account.
   */
  reserve(apiKey: string, event: string): Reservation | null {
    if (this.state !== 'running') return null;
    const key: QueueKey = { account: apiKey, callback: callbackKey(apiKey, event) };
    if (this.overflowing.has(key.callback)) return null;
    if (!this.slots.hasWaitingRoom(key)) {
      this.overflowing.add(key.callback);
      return null;
    }
    this.slots.reserve(key);
    let settled = false;
    return {
      leaseOwner: this.nextLeaseOwner(),
      leaseExpiresAt: new Date(this.clock().getTime() + this.options.config.leaseMs),
      cancel: () => {
        if (settled) return;
        settled = true;
        this.slots.unreserve(key);
      },
    };
  }

  /** Sends a delivery written leased under `reservation` as soon as a request slot for it is free. */
  dispatch(reservation: Reservation, delivery: Delivery, callback: Callback): void {
    const item = { delivery, leaseOwner: reservation.leaseOwner, leaseExpiresAt: reservation.leaseExpiresAt.getTime(), callback };
    this.slots.enqueue({ owner: slotOwner(delivery, callback), item });
    this.startWaiting();
  }

  /** Something may have become due (a queued delivery, a redelivery, the poll timer): look for work. */
  poke(): void {
    this.pokes += 1;
    this.backlog = true;
    void this.pump();
  }

  /**
   * Claims due deliveries from the database: straight into a free request slot, or into the local queue while it
   * has room, so a backlog is claimed in batches rather than one slot at a time. Each batch gives every account with
   * due deliveries its share before any account gets more, and leaves out accounts and callbacks with no room here.
   */
  private async pump(): Promise<void> {
    if (this.pumping || this.state !== 'running') return;
    this.pumping = true;
    try {
      const { leaseMs, accountConcurrency } = this.options.config;
      while (this.backlog && this.state === 'running' && this.slots.reserved < MAX_WAITING) {
        const pokesBefore = this.pokes;
        const fullCallbacks = this.slots.callbacksWithoutRoom();
        const fullAccounts = this.slots.accountsWithoutRoom();
        const candidates = await this.options.deliveries.fairDueCandidates(this.clock(), {
          limit: CLAIM_BATCH,
          perAccount: accountConcurrency,
          excludeCallbacks: fullCallbacks.map(parseCallbackKey),
          excludeAccounts: fullAccounts,
        });
        if (candidates.length === 0) {
          if (this.pokes !== pokesBefore) continue;
          // Nothing due beyond what is full here; those callbacks stay overflowing until they have room.
          const stillFull = new Set(fullCallbacks.map(({ callback }) => callback));
          const fullAccountSet = new Set(fullAccounts);
          for (const key of this.overflowing) if (!stillFull.has(key) && !fullAccountSet.has(accountOf(key))) this.overflowing.delete(key);
          this.backlog = this.overflowing.size > 0;
          break;
        }
        const chosen: { delivery: Delivery; owner: SlotOwner; sendNow: boolean }[] = [];
        for (const delivery of candidates) {
          const owner = slotOwner(delivery, null);
          if (this.slots.hasFreeSlot(owner)) {
            this.slots.takeSlot(owner); // before the claim, so an in-process hand-over cannot overfill the worker meanwhile
            chosen.push({ delivery, owner, sendNow: true });
          } else if (this.slots.hasWaitingRoom(owner)) {
            this.slots.reserve(owner);
            chosen.push({ delivery, owner, sendNow: false });
          }
        }
        if (chosen.length === 0) break;
        const leaseOwner = this.nextLeaseOwner();
        const claimedAt = this.clock();
        const giveBack = ({ owner, sendNow }: { owner: SlotOwner; sendNow: boolean }) => (sendNow ? this.releaseSlot(owner) : this.slots.unreserve(owner));
        const claimed = await this.options.deliveries
          .claimDue(
            chosen.map(({ delivery }) => delivery),
            leaseOwner,
            claimedAt,
            leaseMs,
          )
          .catch((error: unknown) => {
            chosen.forEach(giveBack);
            throw error;
          });
        const won = new Map(claimed.map((delivery) => [delivery.id, delivery]));
        const settings = await this.callbackSettings(claimed);
        for (const choice of chosen) {
          const delivery = won.get(choice.delivery.id);
          const callback = delivery ? (settings.get(callbackKey(delivery.apiKey, delivery.callbackEvent)) ?? null) : null;
          if (!delivery) giveBack(choice);
          else if (choice.sendNow) this.run(delivery, leaseOwner, callback, choice.owner);
          else this.slots.enqueue({ owner: choice.owner, item: { delivery, leaseOwner, leaseExpiresAt: claimedAt.getTime() + leaseMs, callback } });
        }
        this.startWaiting();
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'webhook worker could not claim deliveries; retrying at the next poll');
    } finally {
      this.pumping = false;
    }
  }

  /**
   * The current setting of each callback a claimed batch is for, read once per callback rather than once per
   * attempt: a claimed delivery then starts as promptly as one queued from memory, so a backlog keeps its order
   * against newer deliveries, and a batch costs one read per callback. A failed read leaves the sender to read it.
   */
  private async callbackSettings(claimed: Delivery[]): Promise<Map<string, Callback>> {
    const wanted = new Map(claimed.map((delivery) => [callbackKey(delivery.apiKey, delivery.callbackEvent), delivery]));
    const settings = new Map<string, Callback>();
    await Promise.all(
      [...wanted].map(async ([key, { apiKey, callbackEvent }]) => {
        const callback = await this.options.callbacks.find(apiKey, callbackEvent).catch(() => null);
        if (callback) settings.set(key, callback);
      }),
    );
    return settings;
  }

  /** Starts waiting deliveries, taking turns between accounts, while request slots are free. */
  private startWaiting(): void {
    const { timeoutMs } = this.options.config;
    while (this.state === 'running') {
      const next = this.slots.takeNextStartable();
      if (!next) return;
      // Too close to the end of its lease to finish in time: leave it to expire and be claimed again, rather
      // than risk a second worker sending it alongside us.
      if (next.item.leaseExpiresAt - this.clock().getTime() < timeoutMs.total + 1_000) continue;
      this.slots.takeSlot(next.owner);
      this.run(next.item.delivery, next.item.leaseOwner, next.item.callback, next.owner);
    }
  }

  /** The slot for `owner` is already taken; it is given back as soon as the request is over. */
  private run(delivery: Delivery, leaseOwner: string, knownCallback: Callback | null, owner: SlotOwner): void {
    let holdingSlot = true;
    const requestDone = () => {
      if (!holdingSlot) return;
      holdingSlot = false;
      this.releaseSlot(owner);
    };
    const task = this.sender
      .attempt(delivery, leaseOwner, knownCallback, requestDone)
      .then((settlement) => {
        if (settlement.kind === 'retry') this.wakeups.at(settlement.nextAttemptAt.getTime());
      })
      .catch((error: unknown) => {
        // The lease runs out and another claim retries it; nothing is lost.
        this.options.logger.error({ err: error, delivery: delivery.id }, 'webhook delivery bookkeeping failed');
      })
      .finally(() => {
        requestDone();
        this.tasks.delete(task);
      });
    this.tasks.add(task);
  }

  private releaseSlot(owner: SlotOwner): void {
    this.slots.releaseSlot(owner);
    if (this.slots.hasWaiting) this.startWaiting();
    // An overflowing callback refills its queue in batches, once half of it has drained, not at every freed slot.
    const halfDrained = this.slots.reservedFor(owner.callback) <= (this.options.config.callbackConcurrency * WAITING_PER_SLOT) / 2;
    if (this.backlog && (!this.overflowing.has(owner.callback) || halfDrained)) void this.pump();
  }

  private nextLeaseOwner(): string {
    this.claimCounter += 1;
    return `${this.id}#${this.claimCounter}`;
  }
}

/** The slots a delivery's request counts against; its destination is the callback's URL when known. */
function slotOwner(delivery: Delivery, callback: Callback | null): SlotOwner {
  return {
    account: delivery.apiKey,
    callback: callbackKey(delivery.apiKey, delivery.callbackEvent),
    destination: destinationOf(callback?.url ?? delivery.url),
  };
}

/** Host and port, as the HTTP agents pool connections; an unusable URL fails at once and shares one bucket. */
function destinationOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

function callbackKey(apiKey: string, event: string): string {
  return `${apiKey}\u0000${event}`;
}

function accountOf(key: string): string {
  return key.slice(0, key.indexOf('\u0000'));
}

function parseCallbackKey({ account, callback }: QueueKey): { apiKey: string; event: string } {
  return { apiKey: account, event: callback.slice(callback.indexOf('\u0000') + 1) };
}
