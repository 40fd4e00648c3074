// Damage records of a session (docs/staff.md): added by people (manual) or proposed by a damage detector, then
// accepted or declined in review. Every query names the account, so one tenant never reaches another's records.
// Documents are mapped to DamageRecord records (domain/damage-record.ts) here, so nothing outside the store knows the
// stored shape.
import type { Collection, Db, ObjectId } from 'mongodb';
import type { DamageRecord, DamageUpdate } from '../domain/damage-record.js';
import type { DamageRecordStatus, DamageRegion, DamageSource } from '../domain/grading.js';
import { storedFields, type StoredFields } from './stored-fields.js';

interface DamageDocument {
  _id?: ObjectId;
  /** Migration 007 gave records stored before ids theirs. */
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
  source: DamageSource;
  status: DamageRecordStatus;
  /** Migration 023 gave records stored before these four existed null, '', null and their created_at. */
  score: number | null;
  note: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

function toRecord(document: DamageDocument): DamageRecord {
  return {
    damageId: document.damage_id,
    sessionKey: document.session_key,
    apiKey: document.api_key,
    item: document.item,
    damageType: document.damage_type,
    grade: document.grade,
    photoCode: document.photo_code,
    region: document.region,
    source: document.source,
    status: document.status,
    score: document.score,
    note: document.note,
    createdBy: document.created_by,
    createdAt: document.created_at,
    updatedAt: document.updated_at,
  };
}

function toDocument(record: DamageRecord): DamageDocument {
  return {
    damage_id: record.damageId,
    session_key: record.sessionKey,
    api_key: record.apiKey,
    item: record.item,
    damage_type: record.damageType,
    damage: record.damageType,
    grade: record.grade,
    photo_code: record.photoCode,
    region: record.region,
    source: record.source,
    status: record.status,
    score: record.score,
    note: record.note,
    created_by: record.createdBy,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

/** The stored name of each field a change may set. */
const UPDATE_FIELDS: StoredFields<DamageUpdate, DamageDocument> = {
  item: 'item',
  damageType: 'damage_type',
  grade: 'grade',
  region: 'region',
  note: 'note',
  status: 'status',
  updatedAt: 'updated_at',
};

/** The stored fields a change sets; a new type is written to the first release's `damage` as well. */
function updateDocument(update: DamageUpdate): Partial<DamageDocument> {
  const set = storedFields(update, UPDATE_FIELDS);
  if (update.damageType !== undefined) set.damage = update.damageType;
  return set;
}

export class DamageStore {
  private readonly collection: Collection<DamageDocument>;

  constructor(db: Db) {
    this.collection = db.collection<DamageDocument>('damages');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ session_key: 1, created_at: 1 });
    await this.collection.createIndex({ session_key: 1, damage_id: 1 });
  }

  async insert(damage: DamageRecord): Promise<void> {
    await this.collection.insertOne(toDocument(damage));
  }

  async insertMany(damages: readonly DamageRecord[]): Promise<void> {
    if (damages.length > 0) await this.collection.insertMany(damages.map(toDocument));
  }

  async find(apiKey: string, sessionKey: string, damageId: string): Promise<DamageRecord | null> {
    const found = await this.collection.findOne({ api_key: apiKey, session_key: sessionKey, damage_id: damageId });
    return found && toRecord(found);
  }

  /** Applies `update` and returns the record as it is now, or null when there is no such record. */
  async update(apiKey: string, sessionKey: string, damageId: string, update: DamageUpdate): Promise<DamageRecord | null> {
    const updated = await this.collection.findOneAndUpdate(
      { api_key: apiKey, session_key: sessionKey, damage_id: damageId },
      { $set: updateDocument(update) },
      { returnDocument: 'after' },
    );
    return updated && toRecord(updated);
  }

  /** Removes a manual record; true when one was removed. */
  async deleteManual(apiKey: string, sessionKey: string, damageId: string): Promise<boolean> {
    return (await this.collection.deleteOne({ api_key: apiKey, session_key: sessionKey, damage_id: damageId, source: 'manual' })).deletedCount === 1;
  }

  /** Removes earlier detector output, so re-running a detector after a crash does not double its records. */
  async deleteDetected(apiKey: string, sessionKey: string): Promise<void> {
    await this.collection.deleteMany({ api_key: apiKey, session_key: sessionKey, source: 'detector' });
  }

  async listForSession(apiKey: string, sessionKey: string): Promise<DamageRecord[]> {
    return (await this.collection.find({ api_key: apiKey, session_key: sessionKey }).sort({ created_at: 1 }).toArray()).map(toRecord);
  }
}
