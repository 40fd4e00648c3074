// Inspection sessions: one document per session, moved between statuses only by compare-and-set writes.
import type { Collection, Db, Filter, ObjectId } from 'mongodb';
import type { SessionStatus } from '../domain/statuses.js';
import type { SessionOptions } from '../domain/session-input.js';
import type { Vehicle } from '../domain/vehicle.js';

export interface PhotoSlot {
  capture_id: string;
  approved: boolean;
  /** Perceptual hash of an accepted capture, for the duplicate check of later photos. */
  hash: string | null;
  captured_at: Date;
}

export interface SessionLocation {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  captured_at: Date;
}

export interface InspectionSessionDocument {
  _id: string; // session_key
  account_id: ObjectId;
  api_key: string;
  capture_token: string;
  capture_token_hash: string;
  theme: string;
  status: SessionStatus;
  redirect_url: string | null;
  language: string | null;
  options: SessionOptions;
  vehicle: Vehicle;
  /** The latest capture of each photo code, keyed by the code as a string. */
  photos: Record<string, PhotoSlot>;
  location: SessionLocation | null;
  /** A VIN typed on the capture page (CONTRACT §14); absent until one is typed. */
  typed_vin?: { vin: string; typed_at: Date } | null;
  expiration_hours: number;
  /** Idle deadline: the session expires when nothing happens before it (IDLE, STARTED and PROCESS only). */
  expires_at: Date;
  inspect_started_at: Date | null;
  inspect_ended_at: Date | null;
  /** Uploads counted against the session's capture limit (CONTRACT §16); absent on sessions without any yet. */
  capture_count?: number;
  /** The results object, fixed when the report is generated (CONTRACT §6). */
  results: Record<string, unknown> | null;
  /** When the session became COMPLETE: the capture token works for 30 days after it (absent on older sessions). */
  completed_at?: Date | null;
  /** Slots taken by the session's notes and damage records (CONTRACT §16 caps); absent on older sessions. */
  notes_count?: number;
  damages_count?: number;
  /** CONTRACT §13: true while a confirmed session waits for a person to complete its review (manual mode). */
  review_pending?: boolean;
  /** True once a damage detector looked at the photos. */
  detector_ran?: boolean;
  /** Who completed the review (a user's username, or `api`) and when; absent when nobody reviewed. */
  reviewed_by?: string | null;
  reviewed_at?: Date | null;
  /** Set when report generation begins; from then on no new damage record write starts. */
  report_started?: string;
  /** A fresh value with each damage record write (a write that changes nothing would not count as taken). */
  damages_version?: string;
  created_at: Date;
  updated_at: Date;
}

export type SessionCounter = 'notes_count' | 'damages_count' | 'capture_count';

export class InspectionSessionStore {
  readonly collection: Collection<InspectionSessionDocument>;

  constructor(db: Db) {
    this.collection = db.collection<InspectionSessionDocument>('inspection_sessions');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ api_key: 1, created_at: -1, _id: -1 });
    await this.collection.createIndex({ capture_token_hash: 1 }, { unique: true });
    await this.collection.createIndex({ status: 1, expires_at: 1 });
  }

  async insert(session: InspectionSessionDocument): Promise<void> {
    await this.collection.insertOne(session);
  }

  /** Tenant-scoped read: a session of another account is indistinguishable from none. */
  findForAccount(apiKey: string, sessionKey: string): Promise<InspectionSessionDocument | null> {
    return this.collection.findOne({ _id: sessionKey, api_key: apiKey });
  }

  findByCaptureTokenHash(hash: string): Promise<InspectionSessionDocument | null> {
    return this.collection.findOne({ capture_token_hash: hash });
  }

  findByKey(sessionKey: string): Promise<InspectionSessionDocument | null> {
    return this.collection.findOne({ _id: sessionKey });
  }

  /**
   * The compare-and-set write behind every status move and every status-bound change: applies `set` only while
   * the session is in one of `from`, and returns the updated document, or null when another write got there first.
   */
  async updateIfStatus(
    sessionKey: string,
    from: readonly SessionStatus[],
    set: Partial<Record<string, unknown>>,
    extraFilter: Filter<InspectionSessionDocument> = {},
  ): Promise<InspectionSessionDocument | null> {
    // A conditional updateOne, then a read: the update is the compare-and-set (atomic on every server we run on,
    // where findOneAndUpdate is not always), the read returns the session as it now is.
    const { modifiedCount } = await this.collection.updateOne({ ...extraFilter, _id: sessionKey, status: { $in: [...from] } }, { $set: set });
    if (modifiedCount !== 1) return null;
    return this.collection.findOne({ _id: sessionKey });
  }

  /**
   * Takes one of `limit` slots of `counter` while the session is in one of `statuses`: a single conditional `$inc`,
   * so concurrent requests can never take more slots than the limit. False when the session is in another status
   * or every slot is taken. A session from before the counter existed has it set from `countExisting` first.
   */
  async takeSlot(
    sessionKey: string,
    counter: SessionCounter,
    limit: number,
    statuses: readonly SessionStatus[],
    countExisting: () => Promise<number>,
  ): Promise<boolean> {
    const take = async () =>
      (await this.collection.updateOne({ _id: sessionKey, status: { $in: [...statuses] }, [counter]: { $lt: limit } }, { $inc: { [counter]: 1 } }))
        .modifiedCount === 1;
    if (await take()) return true;
    const current = await this.collection.findOne({ _id: sessionKey }, { projection: { [counter]: 1 } });
    if (!current) return false;
    // A counter another request set up between the two reads is taken from like any other, so try once more.
    if (typeof current[counter] !== 'number') {
      await this.collection.updateOne({ _id: sessionKey, [counter]: { $exists: false } }, { $set: { [counter]: await countExisting() } });
    }
    return take();
  }

  /** Gives back a slot taken for a write that then failed. */
  async releaseSlot(sessionKey: string, counter: SessionCounter): Promise<void> {
    await this.collection.updateOne({ _id: sessionKey, [counter]: { $gt: 0 } }, { $inc: { [counter]: -1 } });
  }

  async deleteIfStatus(apiKey: string, sessionKey: string, status: SessionStatus): Promise<boolean> {
    const { deletedCount } = await this.collection.deleteOne({ _id: sessionKey, api_key: apiKey, status });
    return deletedCount === 1;
  }

  /** A page of the account's sessions, newest first, after the (created_at, key) cursor. */
  page(apiKey: string, options: { status?: SessionStatus | null; first: number; after?: { createdAt: Date; key: string } | null }) {
    const filter: Filter<InspectionSessionDocument> = { api_key: apiKey };
    if (options.status) filter.status = options.status;
    if (options.after) {
      filter.$or = [{ created_at: { $lt: options.after.createdAt } }, { created_at: options.after.createdAt, _id: { $lt: options.after.key } }];
    }
    return this.collection
      .find(filter)
      .sort({ created_at: -1, _id: -1 })
      .limit(options.first + 1)
      .toArray();
  }

  /** Sessions idle past their deadline, oldest first. */
  findExpirable(statuses: readonly SessionStatus[], now: Date, limit: number) {
    return this.collection
      .find({ status: { $in: [...statuses] }, expires_at: { $lt: now } })
      .sort({ expires_at: 1 })
      .limit(limit)
      .toArray();
  }

  /** Sessions in `status` untouched since `updatedBefore`; a CONFIRM session waiting for a person is not stuck. */
  findInStatusSince(status: SessionStatus, updatedBefore: Date, limit: number) {
    return this.collection
      .find({ status, updated_at: { $lt: updatedBefore }, review_pending: { $ne: true } })
      .limit(limit)
      .toArray();
  }
}
