// Partial updates: the fields a change gives (undefined means "leave as is") under the names the documents store them.

/** Where a record's field is stored: its stored name, or its stored name and how its value is stored when the shapes differ. */
export type StoredField<Value, Document> = (keyof Document & string) | readonly [keyof Document & string, (value: Value) => unknown];

/** The stored place of every field a change may give. */
export type StoredFields<Change extends object, Document> = { [Name in keyof Change]-?: StoredField<Exclude<Change[Name], undefined>, Document> };

/** The `$set` of a change: each given field under its stored name, in its stored shape. */
export function storedFields<Change extends object, Document>(change: Change, fields: StoredFields<Change, Document>): Partial<Document> {
  const set: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields) as [keyof Change, StoredField<unknown, Document>][]) {
    const value = change[name];
    if (value === undefined) continue;
    if (typeof field === 'string') set[field] = value;
    else set[field[0]] = field[1](value);
  }
  return set as Partial<Document>;
}
