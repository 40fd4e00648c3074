// The event log: every session event, numbered per account in the order it was recorded. The number is the
// cursor subscribers replay from. Documents are mapped to SessionEvent records (domain/session-event.ts) here.
import { randomBytes } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type { NewSessionEvent, SessionEvent } from '../domain/session-event.js';
import { isDuplicateKeyError } from './database.js';
import { WriteBatcher } from './write-batcher.js';
import { ensureIndex } from './indexes.js';

export interface EventDocument {
  _id: string; // "<api_key>:<seq>"
  api_key: string;
  seq: number;
  session_key: string;
  /** The key whose callbacks hear of the event: the key the session was created with (docs/rest-guide.md "Test keys"). */
  callback_key: string;
  event: string;
  payload: Record<string, unknown>;
  created_at: Date;
  /** Which append wrote it: after a failed batch insert, a writer finds the events that were its own. */
  batch?: string;
}

type NewEventDocument = Omit<EventDocument, '_id' | 'seq' | 'batch'>;

/** Also read by the delivery store, whose reconciler walks the log. */
export function toSessionEvent(document: EventDocument): SessionEvent {
  return {
    id: document._id,
    apiKey: document.api_key,
    seq: document.seq,
    sessionKey: document.session_key,
    callbackKey: document.callback_key,
    event: document.event,
    payload: document.payload,
    createdAt: document.created_at,
  };
}

function newEventDocument(event: NewSessionEvent): NewEventDocument {
  return {
    api_key: event.apiKey,
    session_key: event.sessionKey,
    callback_key: event.callbackKey,
    event: event.event,
    payload: event.payload,
    created_at: event.createdAt,
  };
}

/** The last number handed out per account: a hint that saves reading the end of the log on every append. */
interface EventHeadDocument {
  _id: string; // api_key
  seq: number;
}

const MAX_APPEND_ATTEMPTS = 100;
const SEQ_INDEX = 'api_key_1_seq_1';
/** The shared head hint moves at most this often per account (the latest number wins). */
const HEAD_HINT_INTERVAL_MS = 1_000;

export class EventStore {
  private readonly collection: Collection<EventDocument>;
  private readonly heads: Collection<EventHeadDocument>;
  private readonly appends: WriteBatcher<NewEventDocument, EventDocument>;
  /** The last number this instance appended per account: the next append tries the one after without a read. */
  private readonly lastAppended = new Map<string, number>();
  /** Per account: the number the head hint should reach, when it was last written, and the write waiting to go. */
  private readonly headHints = new Map<string, { seq: number; writtenAt: number; timer: NodeJS.Timeout | null }>();

  constructor(db: Db) {
    this.collection = db.collection<EventDocument>('events');
    this.heads = db.collection<EventHeadDocument>('event_heads');
    this.appends = new WriteBatcher((events) => this.appendGrouped(events));
  }

  async ensureIndexes(): Promise<void> {
    // A number is unique through `_id` ("<api_key>:<seq>"), so (api_key, seq) needs no unique index of its own (250 →
    // 95 ms per event at 3,000 events on the embedded server). Deployments made before have a unique one: replaced once.
    await ensureIndex(this.collection, { api_key: 1, seq: 1 }, { name: SEQ_INDEX, unique: false });
    await this.collection.createIndex({ api_key: 1, session_key: 1, seq: 1 });
  }

  /**
   * Persists an event under the account's next number and returns it. Events recorded at the same time are
   * appended together (one insert per account). A number is claimed by the insert itself (the `_id`
   * "<api_key>:<seq>" is unique), and number n + 1 is only ever tried once n exists, so numbers are unique and a reader that
   * sees number n also sees every number below it, across instances, with no atomic counter.
   */
  async append(event: NewSessionEvent): Promise<SessionEvent> {
    return toSessionEvent(await this.appends.submit(newEventDocument(event)));
  }

  /** Events after `afterSeq`, oldest first, optionally of one session. */
  async listAfter(apiKey: string, afterSeq: number, options: { sessionKey?: string | null; limit: number }): Promise<SessionEvent[]> {
    const filter: Record<string, unknown> = { api_key: apiKey, seq: { $gt: afterSeq } };
    if (options.sessionKey) filter.session_key = options.sessionKey;
    return (await this.collection.find(filter).sort({ seq: 1 }).limit(options.limit).toArray()).map(toSessionEvent);
  }

  /**
   * The number of the account's newest event recorded before `time` (0 if none). Read from the newest end of the
   * (api_key, seq) index, it touches only the events recorded since.
   */
  async lastSeqBefore(apiKey: string, time: Date): Promise<number> {
    const last = await this.collection
      .find({ api_key: apiKey, created_at: { $lt: time } })
      .sort({ seq: -1 })
      .limit(1)
      .next();
    return last?.seq ?? 0;
  }

  async listForSession(apiKey: string, sessionKey: string, limit = 1000): Promise<SessionEvent[]> {
    return (await this.collection.find({ api_key: apiKey, session_key: sessionKey }).sort({ seq: 1 }).limit(limit).toArray()).map(toSessionEvent);
  }

  private async appendGrouped(events: NewEventDocument[]): Promise<EventDocument[]> {
    const byAccount = new Map<string, number[]>();
    events.forEach((event, index) => {
      const indexes = byAccount.get(event.api_key);
      if (indexes) indexes.push(index);
      else byAccount.set(event.api_key, [index]);
    });
    const stored: EventDocument[] = new Array(events.length);
    await Promise.all(
      [...byAccount].map(async ([apiKey, indexes]) => {
        const appended = await this.appendForAccount(
          apiKey,
          indexes.map((index) => events[index] as NewEventDocument),
        );
        indexes.forEach((index, position) => (stored[index] = appended[position] as EventDocument));
      }),
    );
    return stored;
  }

  /** Appends one account's events in order under consecutive numbers. */
  private async appendForAccount(apiKey: string, events: NewEventDocument[]): Promise<EventDocument[]> {
    const stored: EventDocument[] = [];
    let remaining = events;
    let next = (this.lastAppended.get(apiKey) ?? (await this.headSeq(apiKey))) + 1;
    for (let attempt = 0; remaining.length > 0; attempt += 1) {
      const batch = randomBytes(9).toString('base64url');
      const documents = remaining.map((event, index): EventDocument => ({ ...event, _id: `${apiKey}:${next + index}`, seq: next + index, batch }));
      try {
        await this.collection.insertMany(documents, { ordered: true });
        stored.push(...documents);
        break;
      } catch (error) {
        if (!isDuplicateKeyError(error) || attempt >= MAX_APPEND_ATTEMPTS) throw error;
        // Another writer holds one of these numbers. An ordered insert may have written a prefix first (MongoDB
        // does; the embedded server writes all or nothing): keep that, number the rest after the log's end.
        const written = new Set(
          (await this.collection.find({ _id: { $in: documents.map((document) => document._id) }, batch }).toArray()).map((document) => document._id),
        );
        const prefix = documents.filter((document) => written.has(document._id));
        stored.push(...prefix);
        remaining = remaining.slice(prefix.length);
        next = (await this.lastSeqInLog(apiKey)) + 1;
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20, attempt)));
      }
    }
    const last = (stored.at(-1) as EventDocument).seq;
    this.lastAppended.set(apiKey, Math.max(last, this.lastAppended.get(apiKey) ?? 0));
    this.hintHead(apiKey, last);
    return stored;
  }

  /**
   * Moves the head hint to `seq` now, or — when it moved less than a second ago — once that second is over, with the
   * latest number by then. It is only a hint for other instances and restarts (a stale one costs their next append
   * one retry; the insert is the arbiter), so nobody waits for it and a busy account writes it once a second, not
   * once per event.
   */
  private hintHead(apiKey: string, seq: number): void {
    let hint = this.headHints.get(apiKey);
    if (!hint) {
      hint = { seq, writtenAt: 0, timer: null };
      this.headHints.set(apiKey, hint);
    }
    hint.seq = Math.max(hint.seq, seq);
    if (hint.timer) return;
    const pending = hint;
    const write = () => {
      pending.timer = null;
      pending.writtenAt = Date.now();
      this.advanceHead(apiKey, pending.seq).catch(() => undefined);
    };
    const wait = pending.writtenAt + HEAD_HINT_INTERVAL_MS - Date.now();
    if (wait <= 0) write();
    else {
      pending.timer = setTimeout(write, wait);
      pending.timer.unref();
    }
  }

  private async headSeq(apiKey: string): Promise<number> {
    const head = await this.heads.findOne({ _id: apiKey });
    return head ? head.seq : this.lastSeqInLog(apiKey);
  }

  private async lastSeqInLog(apiKey: string): Promise<number> {
    const last = await this.collection.find({ api_key: apiKey }).sort({ seq: -1 }).limit(1).next();
    return last?.seq ?? 0;
  }

  /** Moves the hint forward, never back (a slower writer with a lower number loses the conditional write). */
  private async advanceHead(apiKey: string, seq: number): Promise<void> {
    try {
      await this.heads.updateOne({ _id: apiKey, seq: { $lt: seq } }, { $set: { seq } }, { upsert: true });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}
