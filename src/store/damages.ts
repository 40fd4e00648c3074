// Damage records of a session (docs/staff.md): added by people (manual) or proposed by a damage detector, then
// accepted or declined in review. Every query names the account, so one tenant never reaches another's records.
import type { Collection, Db, ObjectId } from 'mongodb';
import type { DamageRegion, DamageRecordStatus } from '../domain/grading.js';

export interface DamageDocument {
  _id?: ObjectId;
  damage_id: string;
  session_key: string;
  api_key: string;
  item: string;
  /** The damage type; `damage` repeats it (the free text older versions kept alone). */
  damage_type: string;
  damage: string;
  grade: number;
  photo_code: number | null;
  region: DamageRegion | null;
  source: 'manual' | 'detector';
  status: DamageRecordStatus;
  score?: number | null;
  note?: string;
  created_by?: string;
  created_at: Date;
  updated_at?: Date;
}

export type DamageUpdate = Partial<Pick<DamageDocument, 'item' | 'damage_type' | 'damage' | 'grade' | 'region' | 'note' | 'status' | 'updated_at'>>;

export class DamageStore {
  private readonly collection: Collection<DamageDocument>;

  constructor(db: Db) {
    this.collection = db.collection<DamageDocument>('damages');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ session_key: 1, created_at: 1 });
    await this.collection.createIndex({ session_key: 1, damage_id: 1 });
  }

  async insert(damage: DamageDocument): Promise<void> {
    await this.collection.insertOne({ ...damage });
  }

  async insertMany(damages: DamageDocument[]): Promise<void> {
    if (damages.length > 0) await this.collection.insertMany(damages.map((damage) => ({ ...damage })));
  }

  find(apiKey: string, sessionKey: string, damageId: string): Promise<DamageDocument | null> {
    return this.collection.findOne({ api_key: apiKey, session_key: sessionKey, damage_id: damageId });
  }

  /** Applies `set` and returns the record as it is now, or null when there is no such record. */
  update(apiKey: string, sessionKey: string, damageId: string, set: DamageUpdate): Promise<DamageDocument | null> {
    return this.collection.findOneAndUpdate({ api_key: apiKey, session_key: sessionKey, damage_id: damageId }, { $set: set }, { returnDocument: 'after' });
  }

  /** Removes a manual record; true when one was removed. */
  async deleteManual(apiKey: string, sessionKey: string, damageId: string): Promise<boolean> {
    return (await this.collection.deleteOne({ api_key: apiKey, session_key: sessionKey, damage_id: damageId, source: 'manual' })).deletedCount === 1;
  }

  /** Removes earlier detector output, so re-running a detector after a crash does not double its records. */
  async deleteDetected(apiKey: string, sessionKey: string): Promise<void> {
    await this.collection.deleteMany({ api_key: apiKey, session_key: sessionKey, source: 'detector' });
  }

  listForSession(apiKey: string, sessionKey: string): Promise<DamageDocument[]> {
    return this.collection.find({ api_key: apiKey, session_key: sessionKey }).sort({ created_at: 1 }).toArray();
  }
}
