// Damage records of a session: added by hand before confirmation, or by a damage detector.
import type { Collection, Db, ObjectId } from 'mongodb';

export interface DamageDocument {
  _id?: ObjectId;
  session_key: string;
  api_key: string;
  item: string;
  damage: string;
  grade: number;
  photo_code: number | null;
  source: 'manual' | 'detector';
  created_at: Date;
}

export class DamageStore {
  private readonly collection: Collection<DamageDocument>;

  constructor(db: Db) {
    this.collection = db.collection<DamageDocument>('damages');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ session_key: 1, created_at: 1 });
  }

  async insert(damage: DamageDocument): Promise<void> {
    await this.collection.insertOne({ ...damage });
  }

  async insertMany(damages: DamageDocument[]): Promise<void> {
    if (damages.length > 0) await this.collection.insertMany(damages.map((damage) => ({ ...damage })));
  }

  /** Removes earlier detector output, so re-running a detector after a crash does not double its records. */
  async deleteDetected(apiKey: string, sessionKey: string): Promise<void> {
    await this.collection.deleteMany({ api_key: apiKey, session_key: sessionKey, source: 'detector' });
  }

  /** Records added through the API (the detector's output is the service's own and not capped). */
  countManualForSession(apiKey: string, sessionKey: string): Promise<number> {
    return this.collection.countDocuments({ api_key: apiKey, session_key: sessionKey, source: 'manual' });
  }

  listForSession(apiKey: string, sessionKey: string): Promise<DamageDocument[]> {
    return this.collection.find({ api_key: apiKey, session_key: sessionKey }).sort({ created_at: 1 }).toArray();
  }
}
