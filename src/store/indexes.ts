// Index set-up shared by the stores.
import { MongoServerError, type Collection, type CreateIndexesOptions, type Document, type IndexDescriptionInfo, type IndexSpecification } from 'mongodb';

const NAMESPACE_NOT_FOUND = 26;

/**
 * The collection's indexes; none while it does not exist yet. MongoDB answers NamespaceNotFound for a collection
 * never written to (a fresh deployment), where the embedded server lists the `_id` index.
 */
export async function existingIndexes<T extends Document>(collection: Collection<T>): Promise<IndexDescriptionInfo[]> {
  try {
    return await collection.indexes();
  } catch (error) {
    if (error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND) return [];
    throw error;
  }
}

/**
 * Creates an ordinary index where something else already keeps the values unique (the `_id`, or 192 random bits),
 * first dropping a unique index of that name that an earlier version created (MongoDB does not change an index's
 * options in place). A unique index would guarantee nothing more, and the embedded server pays a pass over the whole
 * collection for each unique index on every write.
 */
export async function ensureOrdinaryIndex<T extends Document>(
  collection: Collection<T>,
  key: IndexSpecification,
  options: CreateIndexesOptions & { name: string },
): Promise<void> {
  const previous = (await existingIndexes(collection)).find((index) => index.name === options.name);
  if (previous?.unique) await collection.dropIndex(options.name);
  await collection.createIndex(key, options);
}
