// GraphQL input types made from the zod schema a REST body is checked with: the same fields in camelCase, each typed and
// described from the schema's JSON Schema (an enum lists its values in the description), all optional. What a client
// sends is turned back into the REST body and checked by that schema, so a mistake reads the same on both faces and a
// field added to the schema appears in GraphQL by itself.
import { z } from 'zod';
import { builder } from './builder.js';

type Fields = Record<string, unknown>;

interface JsonProperty {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonProperty[];
  items?: JsonProperty;
  description?: string;
}

/** An input object type with one optional field per property of `schema` (a zod object). */
export function inputTypeFrom(name: string, description: string, schema: z.ZodType) {
  const properties = objectProperties(schema);
  return builder.inputType(name, {
    description,
    fields: (t) =>
      Object.fromEntries(
        Object.entries(properties).map(([key, property]) => {
          const options = { required: false, description: describe(property) } as const;
          const kind = graphqlKind(name, key, property);
          const field =
            kind === 'String'
              ? t.string(options)
              : kind === 'Float'
                ? t.float(options)
                : kind === 'Int'
                  ? t.int(options)
                  : kind === 'Boolean'
                    ? t.boolean(options)
                    : t.stringList(options);
          return [camelCased(key), field];
        }),
      ),
  });
}

/** The fields that were given (an omitted field stays absent, an explicit null stays null), in snake_case. */
export function snakeCased(fields: Fields): Fields {
  const renamed: Fields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) renamed[name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = value;
  }
  return renamed;
}

function camelCased(name: string): string {
  return name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

function objectProperties(schema: z.ZodType): Record<string, JsonProperty> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { $ref?: string; $defs?: Record<string, unknown>; properties?: unknown };
  const root = (json.$ref ? json.$defs?.[json.$ref.replace('#/$defs/', '')] : json) as { properties?: Record<string, JsonProperty> } | undefined;
  if (!root?.properties) throw new Error('inputTypeFrom needs a zod object schema.');
  return root.properties;
}

/** The one non-null branch of a nullable property. */
function unwrapped(property: JsonProperty): JsonProperty {
  const branches = property.anyOf?.filter((branch) => branch.type !== 'null');
  return branches?.length === 1 ? { ...(branches[0] as JsonProperty), description: property.description } : property;
}

function graphqlKind(type: string, key: string, raw: JsonProperty): 'String' | 'Float' | 'Int' | 'Boolean' | '[String!]' {
  const property = unwrapped(raw);
  if (property.type === 'string') return 'String';
  if (property.type === 'number') return 'Float';
  if (property.type === 'integer') return 'Int';
  if (property.type === 'boolean') return 'Boolean';
  if (property.type === 'array' && unwrapped(property.items ?? {}).type === 'string') return '[String!]';
  // Refused when the schema is built: a field this helper cannot express must be written by hand, not dropped.
  throw new Error(`${type}.${key}: no GraphQL input type for ${JSON.stringify(raw)}.`);
}

function describe(raw: JsonProperty): string | undefined {
  const property = unwrapped(raw);
  const values = property.enum ? `One of ${property.enum.join(', ')}.` : '';
  const nullable = raw.anyOf?.some((branch) => branch.type === 'null') && !raw.description?.includes('null') ? 'null clears it.' : '';
  return [raw.description, values, nullable].filter(Boolean).join(' ') || undefined;
}
