// The one place GraphQL checks a signed-in user's role: before an operation executes, each of its root fields is
// looked up in the role table (users/roles.ts). One refused field refuses the whole operation, so nothing changes.
import { GraphQLError, Kind, getOperationAST, type DocumentNode, type ExecutionArgs, type SelectionSetNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { roleAllows } from '../../users/roles.js';
import type { GraphQLContext } from './context.js';

export function roleAuthorizationPlugin(): Plugin<GraphQLContext> {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const refusal = await refuse(args);
      if (refusal) setResultAndStopExecution({ errors: [refusal] });
    },
    async onSubscribe({ args, setResultAndStopExecution }) {
      const refusal = await refuse(args);
      if (refusal) setResultAndStopExecution({ errors: [refusal] });
    },
  };
}

async function refuse(args: ExecutionArgs): Promise<GraphQLError | null> {
  const context = args.contextValue as GraphQLContext;
  // Missing or bad credentials are reported by the resolvers that need them, as before.
  const principal = await context.principal().catch(() => null);
  if (principal?.kind !== 'user') return null;
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation) return null;
  const rootType = operation.operation === 'query' ? 'Query' : operation.operation === 'mutation' ? 'Mutation' : 'Subscription';
  for (const field of rootFieldNames(args.document, operation.selectionSet)) {
    if (field.startsWith('__')) continue; // introspection and __typename
    if (!roleAllows(principal.user.role, `${rootType}.${field}`)) {
      return new GraphQLError(`The ${principal.user.role} role may not use ${field}.`, { extensions: { code: 'FORBIDDEN' } });
    }
  }
  return null;
}

/** Root field names, through inline fragments and fragment spreads; @skip/@include are ignored (stricter). */
function rootFieldNames(document: DocumentNode, selectionSet: SelectionSetNode, seen = new Set<string>()): string[] {
  const names: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) names.push(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) names.push(...rootFieldNames(document, selection.selectionSet, seen));
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = document.definitions.find(
        (definition) => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === selection.name.value,
      );
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION) names.push(...rootFieldNames(document, fragment.selectionSet, seen));
    }
  }
  return names;
}
