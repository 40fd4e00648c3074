// What a signed-in user's role lets it use in GraphQL. Each root field declares the least role it needs on the field
// itself (`authScopes: { role: 'viewer' }`, Pothos scope-auth); this module says what the scope means and what a
// refusal looks like. API headers (the machine credential) and capture tokens are not users: their limits are the
// resolvers' account and capture-access checks. A root field without a declaration does not build (default deny).
import { GraphQLError, type GraphQLSchema } from 'graphql';
import type { Role } from '../../domain/user.js';
import { roleReaches } from '../../users/roles.js';
import type { GraphQLContext } from './context.js';

/** The scopes fields declare: `role`, the least role a signed-in user needs. */
export interface AuthScopes {
  role: Role;
}

/** The signed-in user's role, by operation context, for the refusal message. */
const rolesByContext = new WeakMap<GraphQLContext, Role>();

export async function authScopesOf(context: GraphQLContext) {
  // Missing or bad credentials are reported by the resolvers that need them, so they pass here.
  const principal = await context.principal().catch(() => null);
  const role = principal?.kind === 'user' ? principal.user.role : null;
  if (role) rolesByContext.set(context, role);
  return { role: (least: Role) => role === null || roleReaches(role, least) };
}

export function roleRefusal(context: GraphQLContext, fieldName: string): GraphQLError {
  return new GraphQLError(`The ${rolesByContext.get(context) ?? 'signed-in'} role may not use ${fieldName}.`, { extensions: { code: 'FORBIDDEN' } });
}

/** The root fields `role` may use, as `Type.field` (what the pages offer the signed-in user: `me.permissions`). */
export function rootFieldsReachedBy(schema: GraphQLSchema, role: Role): string[] {
  return [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
    type
      ? Object.values(type.getFields())
          .filter((field) => {
            const least = (field.extensions as { pothosOptions?: { authScopes?: Partial<AuthScopes> } }).pothosOptions?.authScopes?.role;
            return least !== undefined && roleReaches(role, least);
          })
          .map((field) => `${type.name}.${field.name}`)
      : [],
  );
}

/** Root fields that declare no role, as `Type.field`: none may exist (schema.ts refuses to build otherwise). */
export function rootFieldsWithoutRole(schema: GraphQLSchema): string[] {
  return [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
    type
      ? Object.values(type.getFields())
          .filter((field) => !(field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions?.authScopes)
          .map((field) => `${type.name}.${field.name}`)
      : [],
  );
}
