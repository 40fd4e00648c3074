// GraphQL input types made from the zod schema a REST body is checked with: the same fields in camelCase, each typed and
// described from the schema's JSON Schema (an enum lists its values in the description), all optional. What a client
// sends is turned back into the REST body (`restBody`) and checked by that schema, so a mistake reads the same on both
// faces and a field added to the schema appears in GraphQL by itself.
import type { InputFieldBuilder, InputObjectRef } from '@pothos/core';
import { z } from 'zod';
import { builder } from './builder.js';

type Fields = Record<string, unknown>;
type Types = typeof builder.$inferSchemaTypes;

interface JsonProperty {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonProperty[];
  items?: JsonProperty;
  description?: string;
  properties?: Record<string, JsonProperty>;
  $ref?: string;
  /** The project's hint for the OpenAPI document where zod cannot say the type itself (a custom check). */
  override?: { type?: string; $ref?: string };
}

type Kind = 'String' | 'Float' | 'Int' | 'Boolean' | '[String!]' | 'JSONObject' | { group: JsonProperty };

export interface DerivedInput {
  type: InputObjectRef<Types, Fields>;
  /** The REST body of an input: the given fields in snake_case, groups renamed inside, free-form objects as sent. */
  restBody(input: Fields | null | undefined): Fields;
}

/** Input types made so far, by name: a group shared by two bodies (the vehicle) is one GraphQL type. */
const made = new Map<string, InputObjectRef<Types, Fields>>();

/**
 * An input object type with one optional field per property of `schema` (a zod object). A property that is itself an
 * object becomes an input type of its own, named by `groups` (property name → type name).
 */
export function derivedInput(name: string, description: string, schema: z.ZodType, groups: Record<string, string> = {}): DerivedInput {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonProperty & { $defs?: Record<string, JsonProperty> };
  // A property's schema with a reference to a shared definition (a group such as the vehicle) followed.
  const resolve = (property: JsonProperty): JsonProperty => {
    const branch = unwrapped(property);
    return branch.$ref?.startsWith('#/$defs/') ? (json.$defs?.[branch.$ref.slice('#/$defs/'.length)] ?? branch) : branch;
  };
  const root = resolve(json);
  if (!root.properties) throw new Error(`${name}: derivedInput needs a zod object schema.`);

  const typeOf = (typeName: string, typeDescription: string, properties: Record<string, JsonProperty>): InputObjectRef<Types, Fields> => {
    const existing = made.get(typeName);
    if (existing) return existing;
    const ref = builder.inputType(typeName, {
      description: typeDescription,
      fields: (t) => Object.fromEntries(Object.entries(properties).map(([key, property]) => [camelCased(key), fieldOf(t, typeName, key, property)])),
    }) as InputObjectRef<Types, Fields>;
    made.set(typeName, ref);
    return ref;
  };

  const kindOf = (typeName: string, key: string, raw: JsonProperty): Kind => {
    const property = resolve(raw);
    if (property.properties) return { group: property };
    if (property.override?.type === 'object') return 'JSONObject';
    // A custom check named by reference (the theme): its values are listed in the description.
    if (property.override?.$ref) return 'String';
    const type = Array.isArray(property.type) ? property.type.find((each) => each !== 'null') : property.type;
    if (type === 'string') return 'String';
    if (type === 'number') return 'Float';
    if (type === 'integer') return 'Int';
    if (type === 'boolean') return 'Boolean';
    if (type === 'array' && unwrapped(property.items ?? {}).type === 'string') return '[String!]';
    // Refused when the schema is built: a field this helper cannot express must be written by hand, not dropped.
    throw new Error(`${typeName}.${key}: no GraphQL input type for ${JSON.stringify(raw)}.`);
  };

  const fieldOf = (t: InputFieldBuilder<Types, 'InputObject'>, typeName: string, key: string, raw: JsonProperty) => {
    const kind = kindOf(typeName, key, raw);
    if (typeof kind === 'object') {
      const groupName = groups[key];
      if (!groupName) throw new Error(`${typeName}.${key}: name the input type of this group.`);
      const groupDescription = kind.group.description ?? groupName;
      return t.field({
        required: false,
        description: unwrapped(raw).description ?? groupDescription,
        type: typeOf(groupName, groupDescription, kind.group.properties ?? {}),
      });
    }
    const options = { required: false, description: describe(raw) } as const;
    if (kind === 'String') return t.string(options);
    if (kind === 'Float') return t.float(options);
    if (kind === 'Int') return t.int(options);
    if (kind === 'Boolean') return t.boolean(options);
    if (kind === 'JSONObject') return t.field({ ...options, type: 'JSONObject' });
    return t.stringList(options);
  };

  const bodyOf = (fields: Fields, properties: Record<string, JsonProperty>): Fields => {
    const body: Fields = {};
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const key = snakeCasedName(name);
      const group = properties[key] ? resolve(properties[key]).properties : undefined;
      body[key] = group && value !== null && typeof value === 'object' ? bodyOf(value as Fields, group) : value;
    }
    return body;
  };

  const rootProperties = root.properties;
  return {
    type: typeOf(name, description, rootProperties),
    restBody: (input) => (input ? bodyOf(input, rootProperties) : {}),
  };
}

/** An input type of scalar fields only, whose input `snakeCased` turns into the REST body. */
export function inputTypeFrom(name: string, description: string, schema: z.ZodType) {
  return derivedInput(name, description, schema).type;
}

/** The fields that were given (an omitted field stays absent, an explicit null stays null), in snake_case. */
export function snakeCased(fields: Fields): Fields {
  const renamed: Fields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) renamed[snakeCasedName(name)] = value;
  }
  return renamed;
}

function snakeCasedName(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function camelCased(name: string): string {
  return name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The one non-null branch of a nullable property. */
function unwrapped(property: JsonProperty): JsonProperty {
  const branches = property.anyOf?.filter((branch) => branch.type !== 'null');
  return branches?.length === 1 ? { ...(branches[0] as JsonProperty), description: property.description ?? branches[0]?.description } : property;
}

function describe(raw: JsonProperty): string | undefined {
  const property = unwrapped(raw);
  const values = property.enum ? `One of ${property.enum.join(', ')}.` : '';
  const nullable =
    (raw.anyOf?.some((branch) => branch.type === 'null') || (Array.isArray(raw.type) && raw.type.includes('null'))) && !property.description?.includes('null')
      ? 'null clears it.'
      : '';
  return [property.description, values, nullable].filter(Boolean).join(' ') || undefined;
}
