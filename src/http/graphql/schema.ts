// Assembles the schema from the entity files; importing a file registers its types and fields.
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.js';
import './callbacks.js';
import './deliveries.js';
import './inspections.js';
import './capture.js';
import './events.js';
import './users.js';

export const schema = builder.toSchema();

export function printSchemaSDL(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
