// The webhook outbox (docs/webhooks.md): one document per delivery (event × callback) in `deliveries`, claimed by
// workers with a lease, and one document per attempt in `delivery_attempts` (the embedded server has no $push).
// Writes from concurrent deliveries are grouped into one command while the previous one is in flight. Documents are
// mapped to Delivery and DeliveryAttempt records (domain/delivery.ts) here.
import type { Collection, Db, Filter, ObjectId } from 'mongodb';
import type { CallbackMethod } from '../domain/callback.js';
import { isDuplicateKeyError } from './database.js';
import type { SessionEvent } from '../domain/session-event.js';
import { toSessionEvent, type EventDocument } from './events.js';
import { WriteBatcher } from './write-batcher.js';
import type { DeliveryStatus } from '../domain/delivery-statuses.js';
import type { Delivery, DeliveryAttempt, DeliveryPageCursor, DeliverySettlement } from '../domain/delivery.js';

interface DeliveryDocument {
  _id: string;
  api_key: string;
  event: string;
  event_seq: number | null;
  session_key: string;
  callback_event: string;
  test: boolean;
  url: string;
  method: CallbackMethod;
  headers: Record<string, string>;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  round_start: number;
  next_attempt_at: Date;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  last_status_code: number | null;
  last_error: string | null;
  /** Set when the delivery finishes; the TTL index removes it then. Pending deliveries are never purged. */
  purge_at?: Date;
}

interface DeliveryAttemptDocument {
  _id?: ObjectId;
  delivery_id: string;
  api_key: string;
  attempt: number;
  attempted_at: Date;
  url: string;
  method: CallbackMethod;
  status_code: number | null;
  duration_ms: number;
  error_kind: string | null;
  error: string | null;
  response_body: string | null;
  purge_at: Date;
}

function toDelivery(document: DeliveryDocument): Delivery {
  return {
    id: document._id,
    apiKey: document.api_key,
    event: document.event,
    eventSeq: document.event_seq,
    sessionKey: document.session_key,
    callbackEvent: document.callback_event,
    test: document.test,
    url: document.url,
    method: document.method,
    headers: document.headers,
    body: document.body,
    status: document.status,
    attempts: document.attempts,
    roundStart: document.round_start,
    nextAttemptAt: document.next_attempt_at,
    leaseOwner: document.lease_owner,
    leaseExpiresAt: document.lease_expires_at,
    createdAt: document.created_at,
    updatedAt: document.updated_at,
    lastStatusCode: document.last_status_code,
    lastError: document.last_error,
  };
}

function deliveryDocument(delivery: Delivery): DeliveryDocument {
  return {
    _id: delivery.id,
    api_key: delivery.apiKey,
    event: delivery.event,
    event_seq: delivery.eventSeq,
    session_key: delivery.sessionKey,
    callback_event: delivery.callbackEvent,
    test: delivery.test,
    url: delivery.url,
    method: delivery.method,
    headers: delivery.headers,
    body: delivery.body,
    status: delivery.status,
    attempts: delivery.attempts,
    round_start: delivery.roundStart,
    next_attempt_at: delivery.nextAttemptAt,
    lease_owner: delivery.leaseOwner,
    lease_expires_at: delivery.leaseExpiresAt,
    created_at: delivery.createdAt,
    updated_at: delivery.updatedAt,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
  };
}

function toAttempt(document: DeliveryAttemptDocument): DeliveryAttempt {
  return {
    deliveryId: document.delivery_id,
    apiKey: document.api_key,
    attempt: document.attempt,
    attemptedAt: document.attempted_at,
    url: document.url,
    method: document.method,
    statusCode: document.status_code,
    durationMs: document.duration_ms,
    errorKind: document.error_kind,
    error: document.error,
    responseBody: document.response_body,
  };
}

function attemptDocument(attempt: DeliveryAttempt, purgeAt: Date): DeliveryAttemptDocument {
  return {
    delivery_id: attempt.deliveryId,
    api_key: attempt.apiKey,
    attempt: attempt.attempt,
    attempted_at: attempt.attemptedAt,
    url: attempt.url,
    method: attempt.method,
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    error_kind: attempt.errorKind,
    error: attempt.error,
    response_body: attempt.responseBody,
    purge_at: purgeAt,
  };
}

/**
 * The update that queues a finished delivery again: a new round of the retry schedule after the `attempts` already
 * made, due at once, unclaimed, and no longer set to be purged.
 */
function newRound(attempts: number, now: Date) {
  return {
    $set: { status: 'pending' as const, next_attempt_at: now, round_start: attempts, lease_owner: null, lease_expires_at: null, updated_at: now },
    $unset: { purge_at: '' as const },
  };
}

export interface CallbackKey {
  apiKey: string;
  event: string;
}

export interface FairClaimOptions {
  limit: number;
  /** How many of one account's deliveries come before any account's further ones. */
  perAccount: number;
  excludeCallbacks?: readonly CallbackKey[];
  excludeAccounts?: readonly string[];
}

interface OutboxCursorDocument {
  _id: string;
  created_at: Date;
  event_id: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Deliveries read per page while recovering failed ones. */
const REQUEUE_PAGE = 500;
/** Reads per fair claim batch at most: each leaves out the accounts the previous one found. */
const MAX_FAIR_READS = 4;

export class DeliveryStore {
  private readonly deliveries: Collection<DeliveryDocument>;
  private readonly attempts: Collection<DeliveryAttemptDocument>;
  private readonly cursors: Collection<OutboxCursorDocument>;
  private readonly events: Collection<EventDocument>;
  private readonly retentionMs: number;
  private readonly inserts: WriteBatcher<DeliveryDocument, 'inserted' | 'duplicate'>;
  private readonly attemptInserts: WriteBatcher<DeliveryAttemptDocument, undefined>;
  private readonly settlements: WriteBatcher<{ id: string; leaseOwner: string; settlement: DeliverySettlement }, undefined>;

  constructor(db: Db, options: { retentionDays: number; clock?: () => Date }) {
    this.deliveries = db.collection<DeliveryDocument>('deliveries');
    this.attempts = db.collection<DeliveryAttemptDocument>('delivery_attempts');
    this.cursors = db.collection<OutboxCursorDocument>('outbox_cursors');
    this.events = db.collection<EventDocument>('events');
    this.retentionMs = options.retentionDays * DAY_MS;
    const clock = options.clock ?? (() => new Date());
    this.inserts = new WriteBatcher((docs) => this.insertBatch(docs));
    this.attemptInserts = new WriteBatcher(async (docs) => {
      await this.attempts.insertMany(docs, { ordered: false });
      return docs.map(() => undefined);
    });
    this.settlements = new WriteBatcher(async (items) => {
      await this.settleBatch(items, clock());
      return items.map(() => undefined);
    });
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([
      // Claims: due pending deliveries, and deliveries whose worker's lease ran out.
      this.deliveries.createIndex({ status: 1, next_attempt_at: 1 }),
      this.deliveries.createIndex({ status: 1, lease_expires_at: 1 }),
      // The listing: an account's deliveries of one event, newest first.
      this.deliveries.createIndex({ api_key: 1, callback_event: 1, created_at: -1, _id: -1 }),
      this.deliveries.createIndex({ api_key: 1, callback_event: 1, session_key: 1, created_at: -1, _id: -1 }),
      this.deliveries.createIndex({ purge_at: 1 }, { expireAfterSeconds: 0 }),
      this.attempts.createIndex({ delivery_id: 1, attempt: 1 }),
      this.attempts.createIndex({ purge_at: 1 }, { expireAfterSeconds: 0 }),
      // The outbox reconciler reads the event log in recording order.
      this.events.createIndex({ created_at: 1, _id: 1 }),
    ]);
  }

  /** Inserts a new delivery; 'duplicate' when one with this id exists already (the reconciler got there first). */
  insert(delivery: Delivery): Promise<'inserted' | 'duplicate'> {
    return this.inserts.submit(deliveryDocument(delivery));
  }

  /**
   * Inserts a delivery written failed, unsent (its callback is disabled), kept for the retention period like any
   * finished one. 'duplicate' when one with this id exists already.
   */
  insertUnsent(delivery: Delivery & { status: 'failed' }): Promise<'inserted' | 'duplicate'> {
    return this.inserts.submit({ ...deliveryDocument(delivery), purge_at: new Date(delivery.createdAt.getTime() + this.retentionMs) });
  }

  /**
   * Due deliveries (pending and due, or leased by a worker whose lease ran out), most overdue first, skipping the
   * callbacks in `excludeCallbacks` and the accounts in `excludeAccounts`. Only a read: claim them with claimDue.
   */
  async dueCandidates(now: Date, limit: number, excludeCallbacks: readonly CallbackKey[] = [], excludeAccounts: readonly string[] = []): Promise<Delivery[]> {
    const filter: Filter<DeliveryDocument> = { $or: dueConditions(now) };
    if (excludeCallbacks.length > 0) filter.$nor = excludeCallbacks.map(({ apiKey, event }) => ({ api_key: apiKey, callback_event: event }));
    if (excludeAccounts.length > 0) filter.api_key = { $nin: [...excludeAccounts] };
    return (await this.deliveries.find(filter).sort({ next_attempt_at: 1 }).limit(limit).toArray()).map(toDelivery);
  }

  /**
   * Due deliveries for one claim batch, shared between accounts (docs/limits.md): each account's `perAccount` most
   * overdue first, then the rest, most overdue first. A page full of a few accounts' backlog may hide others behind
   * it, so the accounts it holds are left out of the next read: whoever else has something due is found within a
   * few reads, however large one account's backlog. Only a read: claim them with claimDue.
   */
  async fairDueCandidates(now: Date, options: FairClaimOptions): Promise<Delivery[]> {
    const { limit, perAccount, excludeCallbacks = [], excludeAccounts = [] } = options;
    const shares: Delivery[] = [];
    const rest: Delivery[] = [];
    const leftOut = new Set(excludeAccounts);
    for (let read = 0; read < MAX_FAIR_READS && shares.length < limit; read += 1) {
      const page = await this.dueCandidates(now, limit, excludeCallbacks, [...leftOut]);
      const taken = new Map<string, number>();
      for (const delivery of page) {
        const count = taken.get(delivery.apiKey) ?? 0;
        (count < perAccount ? shares : rest).push(delivery);
        taken.set(delivery.apiKey, count + 1);
      }
      if (page.length < limit) break; // everything due (and not excluded) was on this page
      for (const account of taken.keys()) leftOut.add(account);
    }
    return [...shares, ...rest].slice(0, limit);
  }

  /**
   * Leases to `leaseOwner` those of `candidates` that are still due: one conditional updateMany (a delivery another
   * worker has claimed meanwhile holds an unexpired lease, one that was settled is no longer pending and due, so
   * neither matches), then a read of what this claim got. Of several workers trying, exactly one wins each delivery.
   * (findOneAndUpdate would be the usual tool, one delivery per round trip; the embedded server also does not apply
   * it atomically under concurrency.)
   */
  async claimDue(candidates: readonly Delivery[], leaseOwner: string, now: Date, leaseMs: number): Promise<Delivery[]> {
    if (candidates.length === 0) return [];
    const ids = candidates.map((candidate) => candidate.id);
    const lease = { status: 'delivering' as const, lease_owner: leaseOwner, lease_expires_at: new Date(now.getTime() + leaseMs), updated_at: now };
    const { modifiedCount } = await this.deliveries.updateMany({ _id: { $in: ids }, $or: dueConditions(now) }, { $set: lease });
    if (modifiedCount === 0) return [];
    return (await this.deliveries.find({ _id: { $in: ids }, lease_owner: leaseOwner }).toArray()).map(toDelivery);
  }

  recordAttempt(attempt: DeliveryAttempt): Promise<undefined> {
    return this.attemptInserts.submit(attemptDocument(attempt, new Date(attempt.attemptedAt.getTime() + this.retentionMs)));
  }

  /** Ends the claim `leaseOwner` holds; a no-op when the lease was lost to another worker meanwhile. */
  settle(id: string, leaseOwner: string, settlement: DeliverySettlement): Promise<undefined> {
    return this.settlements.submit({ id, leaseOwner, settlement });
  }

  /** Gives claims back unused (a worker stopping): pending again, due at once, no attempt counted. */
  async release(claims: readonly { id: string; leaseOwner: string }[], now: Date): Promise<void> {
    if (claims.length === 0) return;
    await this.deliveries.updateMany(
      { _id: { $in: claims.map((claim) => claim.id) }, status: 'delivering', lease_owner: { $in: claims.map((claim) => claim.leaseOwner) } },
      { $set: { status: 'pending', next_attempt_at: now, lease_owner: null, lease_expires_at: null, updated_at: now } },
    );
  }

  /** When the callback's test sends since `since` were queued, newest first, at most `limit` of them. */
  async recentTestSendTimes(apiKey: string, event: string, since: Date, limit: number): Promise<Date[]> {
    const found = await this.deliveries
      .find({ api_key: apiKey, callback_event: event, created_at: { $gt: since }, test: true }, { projection: { created_at: 1 } })
      .sort({ created_at: -1 })
      .limit(limit)
      .toArray();
    return found.map((delivery) => delivery.created_at);
  }

  async findForAccount(apiKey: string, id: string): Promise<Delivery | null> {
    const found = await this.deliveries.findOne({ _id: id, api_key: apiKey });
    return found && toDelivery(found);
  }

  /** Newest first; one more than `limit` is read so the caller knows whether another page follows. */
  async page(apiKey: string, event: string, limit: number, before: DeliveryPageCursor | null, sessionKey: string | null = null): Promise<Delivery[]> {
    const filter: Filter<DeliveryDocument> = { api_key: apiKey, callback_event: event };
    if (sessionKey !== null) filter.session_key = sessionKey;
    if (before) filter.$or = [{ created_at: { $lt: before.createdAt } }, { created_at: before.createdAt, _id: { $lt: before.id } }];
    const found = await this.deliveries
      .find(filter)
      .sort({ created_at: -1, _id: -1 })
      .limit(limit + 1)
      .toArray();
    return found.map(toDelivery);
  }

  async attemptsOf(deliveryIds: readonly string[]): Promise<DeliveryAttempt[]> {
    if (deliveryIds.length === 0) return [];
    const found = await this.attempts
      .find({ delivery_id: { $in: [...deliveryIds] } })
      .sort({ delivery_id: 1, attempt: 1, attempted_at: 1 })
      .toArray();
    return found.map(toAttempt);
  }

  /**
   * Queues `delivery` again with a fresh retry schedule, if it is still as read (a compare-and-set on status,
   * attempt count and last update). Returns the delivery as updated, or null when it changed meanwhile.
   */
  async requeue(delivery: Delivery, now: Date): Promise<Delivery | null> {
    const round = newRound(delivery.attempts, now);
    const { modifiedCount } = await this.deliveries.updateOne(
      { _id: delivery.id, api_key: delivery.apiKey, status: delivery.status, attempts: delivery.attempts, updated_at: delivery.updatedAt },
      round,
    );
    return modifiedCount === 1 ? toDelivery({ ...deliveryDocument(delivery), ...round.$set }) : null;
  }

  /** Whether an event's delivery (not a test send) to this callback succeeded at or after `since`. */
  async succeededSince(apiKey: string, event: string, since: Date): Promise<boolean> {
    const found = await this.deliveries.findOne(
      { api_key: apiKey, callback_event: event, status: 'succeeded', test: false, updated_at: { $gte: since } },
      { projection: { _id: 1 } },
    );
    return found !== null;
  }

  /**
   * Queues again, due at once with a fresh retry schedule and the same id, every delivery of the API key to one of
   * `events` that ended failed at or after `since` (test sends aside). Compare-and-set per delivery (still failed,
   * same attempt count), so a delivery redelivered meanwhile is not queued twice. Returns how many were queued.
   */
  async requeueFailed(apiKey: string, events: readonly string[], since: Date, now: Date): Promise<number> {
    if (events.length === 0) return 0;
    const filter: Filter<DeliveryDocument> = {
      api_key: apiKey,
      callback_event: { $in: [...events] },
      status: 'failed',
      test: false,
      updated_at: { $gte: since },
    };
    let queued = 0;
    let after = '';
    for (;;) {
      const page = await this.deliveries
        .find({ ...filter, _id: { $gt: after } }, { projection: { _id: 1, attempts: 1 } })
        .sort({ _id: 1 })
        .limit(REQUEUE_PAGE)
        .toArray();
      // A new round starts after the attempts already made; one write per distinct count (a handful: 1 to 13 and their redeliveries).
      const byAttempts = new Map<number, string[]>();
      for (const { _id, attempts } of page) byAttempts.set(attempts, [...(byAttempts.get(attempts) ?? []), _id]);
      for (const [attempts, ids] of byAttempts) {
        const { modifiedCount } = await this.deliveries.updateMany({ _id: { $in: ids }, api_key: apiKey, status: 'failed', attempts }, newRound(attempts, now));
        queued += modifiedCount;
      }
      const last = page[page.length - 1];
      if (!last || page.length < REQUEUE_PAGE) return queued;
      after = last._id;
    }
  }

  async existingIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await this.deliveries.find({ _id: { $in: [...ids] } }).toArray();
    return new Set(found.map((delivery) => delivery._id));
  }

  async reconcileCursor(): Promise<{ createdAt: Date; eventId: string } | null> {
    const cursor = await this.cursors.findOne({ _id: 'events' });
    return cursor ? { createdAt: cursor.created_at, eventId: cursor.event_id } : null;
  }

  async saveReconcileCursor(createdAt: Date, eventId: string): Promise<void> {
    await this.cursors.updateOne({ _id: 'events' }, { $set: { created_at: createdAt, event_id: eventId } }, { upsert: true });
  }

  /** Events recorded after the cursor and no later than `until`, in recording order (time, then id). */
  async eventsAfter(after: { createdAt: Date; eventId: string }, until: Date, limit: number): Promise<SessionEvent[]> {
    const found = await this.events
      .find({
        created_at: { $lte: until },
        $or: [{ created_at: { $gt: after.createdAt } }, { created_at: after.createdAt, _id: { $gt: after.eventId } }],
      })
      .sort({ created_at: 1, _id: 1 })
      .limit(limit)
      .toArray();
    return found.map(toSessionEvent);
  }

  private async insertBatch(docs: DeliveryDocument[]): Promise<('inserted' | 'duplicate')[]> {
    try {
      await this.deliveries.insertMany(docs, { ordered: true });
      return docs.map(() => 'inserted');
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    // Rare (a race with the reconciler): one by one, and a duplicate counts as ours when it carries our lease.
    const results: ('inserted' | 'duplicate')[] = [];
    for (const doc of docs) {
      try {
        await this.deliveries.insertOne(doc);
        results.push('inserted');
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const existing = doc.lease_owner ? await this.deliveries.findOne({ _id: doc._id, lease_owner: doc.lease_owner }) : null;
        results.push(existing ? 'inserted' : 'duplicate');
      }
    }
    return results;
  }

  /** Successes with the same status code become one updateMany; retries and failures are written one by one. */
  private async settleBatch(items: { id: string; leaseOwner: string; settlement: DeliverySettlement }[], now: Date): Promise<void> {
    const purgeAt = new Date(now.getTime() + this.retentionMs);
    const released = { lease_owner: null, lease_expires_at: null, updated_at: now };
    const successes = new Map<number, { ids: string[]; owners: string[] }>();
    const writes: Promise<unknown>[] = [];
    for (const { id, leaseOwner, settlement } of items) {
      const mine = { _id: id, status: 'delivering' as const, lease_owner: leaseOwner };
      switch (settlement.kind) {
        case 'succeeded': {
          const group = successes.get(settlement.statusCode) ?? { ids: [], owners: [] };
          group.ids.push(id);
          group.owners.push(leaseOwner);
          successes.set(settlement.statusCode, group);
          break;
        }
        case 'retry':
          writes.push(
            this.deliveries.updateOne(mine, {
              $set: {
                ...released,
                status: 'pending',
                next_attempt_at: settlement.nextAttemptAt,
                last_status_code: settlement.statusCode,
                last_error: settlement.error,
              },
              $inc: { attempts: 1 },
            }),
          );
          break;
        case 'failed':
          writes.push(
            this.deliveries.updateOne(mine, {
              $set: { ...released, status: 'failed', last_status_code: settlement.statusCode, last_error: settlement.error, purge_at: purgeAt },
              $inc: { attempts: settlement.attempted ? 1 : 0 },
            }),
          );
          break;
      }
    }
    for (const [statusCode, { ids, owners }] of successes) {
      // Lease tokens are unique per claim, so matching any of the batch's tokens still matches each id's own claim.
      writes.push(
        this.deliveries.updateMany(
          { _id: { $in: ids }, status: 'delivering', lease_owner: { $in: owners } },
          { $set: { ...released, status: 'succeeded', last_status_code: statusCode, last_error: null, purge_at: purgeAt }, $inc: { attempts: 1 } },
        ),
      );
    }
    await Promise.all(writes);
  }
}

function dueConditions(now: Date): Filter<DeliveryDocument>[] {
  return [
    { status: 'pending', next_attempt_at: { $lte: now } },
    { status: 'delivering', lease_expires_at: { $lte: now } },
  ];
}
