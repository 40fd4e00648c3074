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
 * Creates the index unique or ordinary as asked, first dropping an index of that name whose uniqueness differs
 * (MongoDB does not change an index's options in place): a deployment moves either way with the version it runs.
 */
export async function ensureIndex<T extends Document>(
  collection: Collection<T>,
  key: IndexSpecification,
  options: CreateIndexesOptions & { name: string; unique: boolean },
): Promise<void> {
  const previous = (await existingIndexes(collection)).find((index) => index.name === options.name);
  if (previous && Boolean(previous.unique) !== options.unique) await collection.dropIndex(options.name);
  const { unique, ...rest } = options;
  await collection.createIndex(key, unique ? options : rest);
}
