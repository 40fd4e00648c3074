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

/**
 * The values of a GraphQL enum, each described by the domain's record of meanings: `values` are what resolvers see,
 * `name` what the schema shows (upper case by convention).
 */
export function describedValues<V extends string, N extends string>(
  values: readonly V[],
  meanings: Readonly<Record<V, string>>,
  name: (value: V) => N,
): Record<N, { value: V; description: string }> {
  return Object.fromEntries(values.map((value) => [name(value), { value, description: meanings[value] }])) as Record<N, { value: V; description: string }>;
}

/** The GraphQL name of a lower-case domain value: `no_vehicle` → `NO_VEHICLE`. */
export const upperCased = <V extends string>(value: V) => value.toUpperCase() as Uppercase<V>;

/** A domain value that is already its own GraphQL name. */
export const asIs = <V extends string>(value: V) => value;
