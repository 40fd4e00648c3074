// Every part of the GraphQL schema says what it is: each type, field, argument, input field and enum value of
// schema.graphql (which schema-sync.test.ts keeps equal to the code) has a description. GraphQL's own scalars and the
// introspection types (`__…`) are described by the specification, not by us.
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';

/** Every undescribed part of the schema, named as `Type`, `Type.field`, `Type.field(argument)` or `Enum.VALUE`. */
function undescribed(schema: GraphQLSchema): string[] {
  return Object.values(schema.getTypeMap())
    .filter((type) => !type.name.startsWith('__') && !isSpecifiedScalarType(type))
    .flatMap(undescribedIn);
}

function undescribedIn(type: GraphQLNamedType): string[] {
  const missing = type.description ? [] : [type.name];
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) {
      if (!field.description) missing.push(`${type.name}.${field.name}`);
      for (const arg of field.args) if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
    }
  }
  if (isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) if (!field.description) missing.push(`${type.name}.${field.name}`);
  }
  if (isEnumType(type)) {
    for (const value of type.getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
  }
  return missing;
}

describe('schema.graphql descriptions', () => {
  it('describes every type, field, argument and enum value', () => {
    const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
    expect(undescribed(schema)).toEqual([]);
  });

  it('names each kind of undescribed part', () => {
    const schema = buildSchema(`
      type Query { "Described." ok(id: ID): Mood }
      enum Mood { "Described." HAPPY SAD }
      input Filter { "Described." word: String, other: Int }
    `);
    expect(undescribed(schema)).toEqual(['Query', 'Query.ok(id)', 'Mood', 'Mood.SAD', 'Filter', 'Filter.other']);
  });
});
