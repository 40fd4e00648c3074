// Assembles the schema from the entity files; importing a file registers its types and fields.
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.js';
import { rootFieldsWithoutRole } from './authorization.js';
import './callbacks.js';
import './deliveries.js';
import './inspections.js';
import './capture.js';
import './events.js';
import './users.js';
import './account.js';
import './dashboard-settings.js';
import './vin.js';
import './api-keys.js';

export const schema = builder.toSchema();

// Default deny: a root field that says nothing about roles would be open to every signed-in user.
const undeclared = rootFieldsWithoutRole(schema);
if (undeclared.length > 0) throw new Error(`Root fields without authScopes: { role }: ${undeclared.join(', ')}.`);

export function printSchemaSDL(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
