// Partial updates: the fields a change gives (undefined means "leave as is") under the names the documents store them.

/** The `$set` of a change: each given field under its stored name. */
export function storedFields<Change extends object, Document>(change: Change, names: Record<keyof Change, keyof Document & string>): Partial<Document> {
  const set: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(names) as [keyof Change, string][]) {
    const value = change[name];
    if (value !== undefined) set[field] = value;
  }
  return set as Partial<Document>;
}
