// What one versioned migration is (migrations.ts runs them).
import type { Db } from 'mongodb';

export interface Migration {
  /** Ordered and never renamed: `NNN-what-it-does`. */
  id: string;
  /** Changes only documents still in the old shape, so running it again is harmless. */
  up(db: Db): Promise<void>;
}
