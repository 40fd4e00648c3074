// The event log: every session event, numbered per account in the order it was recorded. The number is the
// cursor subscribers replay from.
import type { Collection, Db } from 'mongodb';

export interface EventDocument {
  _id: string; // "<api_key>:<seq>"
  api_key: string;
  seq: number;
  session_key: string;
  event: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

interface CounterDocument {
  _id: string;
  seq: number;
}

export class EventStore {
  private readonly collection: Collection<EventDocument>;
  private readonly counters: Collection<CounterDocument>;

  constructor(db: Db) {
    this.collection = db.collection<EventDocument>('events');
    this.counters = db.collection<CounterDocument>('counters');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ api_key: 1, seq: 1 }, { unique: true });
    await this.collection.createIndex({ api_key: 1, session_key: 1, seq: 1 });
  }

  /** The account's next event number: an atomic increment, so numbers are unique and increasing. */
  async nextSeq(apiKey: string): Promise<number> {
    const counter = await this.counters.findOneAndUpdate(
      { _id: `events:${apiKey}` },
      { $inc: { seq: 1 } },
      { upsert: true, returnDocument: 'after' },
    );
    if (!counter) throw new Error('The event counter update returned no document.');
    return counter.seq;
  }

  async insert(event: EventDocument): Promise<void> {
    await this.collection.insertOne(event);
  }

  /** Events after `afterSeq`, oldest first, optionally of one session. */
  listAfter(apiKey: string, afterSeq: number, options: { sessionKey?: string | null; limit: number }) {
    const filter: Record<string, unknown> = { api_key: apiKey, seq: { $gt: afterSeq } };
    if (options.sessionKey) filter.session_key = options.sessionKey;
    return this.collection.find(filter).sort({ seq: 1 }).limit(options.limit).toArray();
  }

  listForSession(apiKey: string, sessionKey: string, limit = 1000) {
    return this.collection.find({ api_key: apiKey, session_key: sessionKey }).sort({ seq: 1 }).limit(limit).toArray();
  }
}
