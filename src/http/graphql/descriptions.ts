// GraphQL descriptions read from the shared zod schemas' `.meta({ description })`: a field documented once in its
// shape reads the same in the OpenAPI document and in schema.graphql.
import type { z } from 'zod';

/** The description a zod schema carries; a schema without one is a mistake caught when the schema is built. */
export function descriptionOf(schema: z.ZodType): string {
  const { description } = schema;
  if (!description) throw new Error('descriptionOf: the zod schema has no description.');
  return description;
}

/** The `sessionKey` argument of every operation on one session. */
export const SESSION_KEY_ARG = 'The key of the session, e.g. XKT-7Q2M9D4B1A.';
