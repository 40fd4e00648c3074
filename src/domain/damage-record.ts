// A stored damage record as the code works with it (docs/staff.md): the record the damage store returns and takes,
// whatever shape the database keeps it in (src/store/damages.ts maps one to the other). The API's names for it are
// representation.ts's business; the checked input it is made from is grading.ts's Damage.
import type { DamageRecordStatus, DamageRegion, DamageSource } from './grading.js';

export interface DamageRecord {
  /** What the API changes or removes the record by. */
  damageId: string;
  sessionKey: string;
  apiKey: string;
  /** A catalog item; typed loosely as stored, every writer takes it from the catalog (damage-catalog.ts). */
  item: string;
  damageType: string;
  /** 1 minor … 5 severe; typed loosely as stored, every writer checks it (isGrade). */
  grade: number;
  photoCode: number | null;
  region: DamageRegion | null;
  source: DamageSource;
  status: DamageRecordStatus;
  /** The detector's confidence, 0–1; null on manual records. */
  score: number | null;
  /** Empty when none. */
  note: string;
  /** A user's username, `api`, or the detector's name; null on records stored before it was recorded. */
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields a change to a record may set (its updatedAt always). */
export type DamageUpdate = Partial<Pick<DamageRecord, 'item' | 'damageType' | 'grade' | 'region' | 'note' | 'status'>> & Pick<DamageRecord, 'updatedAt'>;
