// A worker's request slots and the deliveries waiting for them (docs/webhooks.md, docs/limits.md). Requests in flight are bounded per
// worker, account, callback and destination; waiting deliveries are started round-robin between accounts (and
// between an account's callbacks), so a receiver that never answers holds at most its account's share of the slots
// and every other account still gets a turn at the next free one. In-memory bookkeeping only, no I/O.

export interface SlotLimits {
  /** Requests in flight per worker. */
  worker: number;
  /** Per account; below `worker`, so one account always leaves slots for the others. */
  account: number;
  /** Per callback (api_key + event). */
  callback: number;
  /** Per destination (host and port), whoever's callbacks point there. */
  destination: number;
}

export interface WaitingLimits {
  total: number;
  perAccount: number;
  perCallback: number;
}

/** Whose queue a delivery waits in. */
export interface QueueKey {
  account: string;
  /** The callback's key, unique across accounts. */
  callback: string;
}

/** The limits a request counts against. */
export interface SlotOwner extends QueueKey {
  destination: string;
}

export interface Waiting<T> {
  owner: SlotOwner;
  item: T;
}

export class RequestSlots<T> {
  private inFlight = 0;
  private readonly inFlightByAccount = new Map<string, number>();
  private readonly inFlightByCallback = new Map<string, number>();
  private readonly inFlightByDestination = new Map<string, number>();
  /** Room promised to deliveries not yet started: handed out by reserve(), or waiting in a queue. */
  private reservedTotal = 0;
  private readonly reservedByAccount = new Map<string, number>();
  private readonly reservedByCallback = new Map<string, number>();
  /** The account of every callback with a request in flight or room reserved. */
  private readonly accountOfCallback = new Map<string, string>();
  /** account → callback → first-in-first-out queue. Both maps' orders are the round-robin rotation. */
  private readonly waiting = new Map<string, Map<string, Waiting<T>[]>>();

  constructor(
    private readonly limits: SlotLimits,
    private readonly waitingLimits: WaitingLimits,
  ) {}

  get reserved(): number {
    return this.reservedTotal;
  }

  reservedFor(callback: string): number {
    return this.reservedByCallback.get(callback) ?? 0;
  }

  get hasWaiting(): boolean {
    return this.waiting.size > 0;
  }

  /** Whether a request for `owner` may start now. */
  hasFreeSlot(owner: SlotOwner): boolean {
    return this.hasFreeSlotIgnoringDestination(owner) && count(this.inFlightByDestination, owner.destination) < this.limits.destination;
  }

  /** Whether a delivery for this callback may wait here for a slot. */
  hasWaitingRoom(key: QueueKey): boolean {
    return (
      this.reservedTotal < this.waitingLimits.total &&
      count(this.reservedByAccount, key.account) < this.waitingLimits.perAccount &&
      count(this.reservedByCallback, key.callback) < this.waitingLimits.perCallback
    );
  }

  takeSlot(owner: SlotOwner): void {
    this.inFlight += 1;
    add(this.inFlightByAccount, owner.account, 1);
    add(this.inFlightByCallback, owner.callback, 1);
    add(this.inFlightByDestination, owner.destination, 1);
    this.accountOfCallback.set(owner.callback, owner.account);
  }

  releaseSlot(owner: SlotOwner): void {
    this.inFlight -= 1;
    add(this.inFlightByAccount, owner.account, -1);
    add(this.inFlightByCallback, owner.callback, -1);
    add(this.inFlightByDestination, owner.destination, -1);
    this.forgetIfIdle(owner.callback);
  }

  reserve(key: QueueKey): void {
    this.reservedTotal += 1;
    add(this.reservedByAccount, key.account, 1);
    add(this.reservedByCallback, key.callback, 1);
    this.accountOfCallback.set(key.callback, key.account);
  }

  unreserve(key: QueueKey): void {
    this.reservedTotal -= 1;
    add(this.reservedByAccount, key.account, -1);
    add(this.reservedByCallback, key.callback, -1);
    this.forgetIfIdle(key.callback);
  }

  /** Queues a delivery whose room was reserved. */
  enqueue(entry: Waiting<T>): void {
    const { account, callback } = entry.owner;
    const callbacks = this.waiting.get(account) ?? new Map<string, Waiting<T>[]>();
    const queue = callbacks.get(callback) ?? [];
    queue.push(entry);
    callbacks.set(callback, queue);
    this.waiting.set(account, callbacks);
  }

  /**
   * The next waiting delivery that may start now, taking turns: the first account in the rotation with one, and in
   * it the first callback with one; both then move to the back of their rotation. The delivery leaves its queue and
   * its reservation; the caller takes its slot.
   */
  takeNextStartable(): Waiting<T> | undefined {
    if (this.inFlight >= this.limits.worker) return undefined;
    for (const [account, callbacks] of this.waiting) {
      if (count(this.inFlightByAccount, account) >= this.limits.account) continue;
      for (const [callback, queue] of callbacks) {
        const head = queue[0];
        if (!head || !this.hasFreeSlot(head.owner)) continue;
        queue.shift();
        callbacks.delete(callback);
        if (queue.length > 0) callbacks.set(callback, queue);
        this.waiting.delete(account);
        if (callbacks.size > 0) this.waiting.set(account, callbacks);
        this.unreserve(head.owner);
        return head;
      }
    }
    return undefined;
  }

  /** Empties every queue (the worker is stopping) and returns what waited. */
  drain(): Waiting<T>[] {
    const drained = [...this.waiting.values()].flatMap((callbacks) => [...callbacks.values()].flat());
    this.waiting.clear();
    for (const entry of drained) this.unreserve(entry.owner);
    return drained;
  }

  /** Callbacks this worker can take nothing more for, neither a request now nor a place in a queue. */
  callbacksWithoutRoom(): QueueKey[] {
    return [...this.accountOfCallback]
      .map(([callback, account]) => ({ account, callback }))
      .filter((key) => !this.hasFreeSlotIgnoringDestination(key) && !this.hasWaitingRoom(key));
  }

  /** Accounts this worker can take nothing more for: every slot of theirs busy and their share of the queue full. */
  accountsWithoutRoom(): string[] {
    const accounts = new Set([...this.inFlightByAccount.keys(), ...this.reservedByAccount.keys()]);
    return [...accounts].filter(
      (account) =>
        (this.inFlight >= this.limits.worker || count(this.inFlightByAccount, account) >= this.limits.account) &&
        (this.reservedTotal >= this.waitingLimits.total || count(this.reservedByAccount, account) >= this.waitingLimits.perAccount),
    );
  }

  private forgetIfIdle(callback: string): void {
    if (!this.inFlightByCallback.has(callback) && !this.reservedByCallback.has(callback)) this.accountOfCallback.delete(callback);
  }

  private hasFreeSlotIgnoringDestination(key: QueueKey): boolean {
    return (
      this.inFlight < this.limits.worker &&
      count(this.inFlightByAccount, key.account) < this.limits.account &&
      count(this.inFlightByCallback, key.callback) < this.limits.callback
    );
  }
}

function count(counts: Map<string, number>, key: string): number {
  return counts.get(key) ?? 0;
}

/** Adds `delta`, dropping keys that reach zero so the maps hold only what is in use. */
function add(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
