// The event log: every session event, numbered per account in the order it was recorded. The number is the
// cursor subscribers replay from.
import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError } from './database.js';

export interface EventDocument {
  _id: string; // "<api_key>:<seq>"
  api_key: string;
  seq: number;
  session_key: string;
  event: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

const MAX_APPEND_ATTEMPTS = 100;

export class EventStore {
  private readonly collection: Collection<EventDocument>;

  constructor(db: Db) {
    this.collection = db.collection<EventDocument>('events');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ api_key: 1, seq: 1 }, { unique: true });
    await this.collection.createIndex({ api_key: 1, session_key: 1, seq: 1 });
  }

  /**
   * Persists an event under the account's next number and returns it. The number is claimed by the insert itself
   * (unique on api_key + seq): a writer that loses a race reads the new last number and tries the next one, so
   * numbers are unique and increase in recording order without relying on an atomic read-modify-write.
   */
  async append(event: Omit<EventDocument, '_id' | 'seq'>): Promise<EventDocument> {
    for (let attempt = 0; ; attempt += 1) {
      const last = await this.collection.find({ api_key: event.api_key }).sort({ seq: -1 }).limit(1).next();
      const seq = (last?.seq ?? 0) + 1;
      const document: EventDocument = { _id: `${event.api_key}:${seq}`, seq, ...event };
      try {
        await this.collection.insertOne(document);
        return document;
      } catch (error) {
        if (!isDuplicateKeyError(error) || attempt >= MAX_APPEND_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20, attempt + 1)));
      }
    }
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
