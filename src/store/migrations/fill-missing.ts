// The one loop of the migrations that give stored documents a field they lack, computed from each document: a batch
// at a time, each write conditional on the field still missing (so running again, or two instances, change nothing
// twice). Per document rather than an update pipeline, which the embedded server lacks.
import type { Db, Filter } from 'mongodb';

const BATCH = 500;

/** Any stored document: sessions have string ids, accounts and damage records ObjectIds. */
type Stored = { _id: unknown };

export async function fillMissing<T extends Stored>(
  db: Db,
  collection: string,
  field: string,
  projection: Record<string, 1>,
  /** May read other collections (a count): the batch's values are computed before its writes. */
  computeValue: (document: T) => unknown,
): Promise<void> {
  const documents = db.collection<Stored>(collection);
  const missing: Filter<Stored> = { [field]: { $exists: false } };
  for (;;) {
    const batch = await documents.find(missing, { projection }).limit(BATCH).toArray();
    if (batch.length === 0) return;
    const values = await Promise.all(batch.map((document) => computeValue(document as unknown as T)));
    await documents.bulkWrite(
      batch.map((document, index) => ({
        updateOne: { filter: { _id: document._id, ...missing }, update: { $set: { [field]: values[index] } } },
      })),
    );
  }
}
