// What the database server does that the stores rely on where it can (MongoDB) and work around where it cannot (the
// embedded test server). Database.server says which; the plain traits are correct on any server.
export interface ServerTraits {
  /**
   * Whether findOneAndUpdate is a compare-and-set on this server (MongoDB's is): the stores then write and read back
   * a document in one command. The embedded server applies it without isolation, so there they update, then read.
   */
  atomicFindAndModify: boolean;
  /**
   * Whether the stores declare the unique indexes that back their lookups by token (MongoDB). The embedded server
   * checks each unique index with a pass over the whole collection on every write, so there those indexes are
   * ordinary and the tokens' 192–256 random bits alone keep them apart.
   */
  uniqueIndexes: boolean;
}

/** What is safe on any server: the update-then-read path, ordinary indexes. */
export const PLAIN_SERVER: ServerTraits = { atomicFindAndModify: false, uniqueIndexes: false };
