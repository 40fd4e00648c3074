// The Pothos schema builder: context and scalar types, the roles fields declare (authorization.ts), the Relay
// connection types, and the empty root types each entity file extends.
import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { GraphQLError } from 'graphql';
import { DateTimeResolver, JSONObjectResolver, JSONResolver } from 'graphql-scalars';
import type { GraphQLContext } from './context.js';
import { authScopesOf, roleRefusal, type AuthScopes } from './authorization.js';

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  Scalars: {
    JSON: { Input: unknown; Output: unknown };
    JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
    DateTime: { Input: Date; Output: Date | string };
    File: { Input: File; Output: never };
  };
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, RelayPlugin],
  scopeAuth: {
    // A subscription is refused when it starts, not when its first event arrives.
    authorizeOnSubscribe: true,
    authScopes: authScopesOf,
    unauthorizedError: (_parent, context, info) => roleRefusal(context, info.fieldName),
  },
  relay: {
    // Connections only: sessions and deliveries are addressed by their own keys, not by global node ids.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    pageInfoTypeOptions: { description: 'Where a page of a list stands. Pages go forward only: first and after.' },
    hasNextPageFieldOptions: { description: 'True when more items follow: pass endCursor as `after` to read them.' },
    hasPreviousPageFieldOptions: { description: 'True when the page was read with `after`, so items come before it.' },
    startCursorFieldOptions: { description: "The cursor of the page's first item; null on an empty page." },
    endCursorFieldOptions: { description: "The cursor of the page's last item, the `after` of the next page; null on an empty page." },
    edgesFieldOptions: { description: "The page's items in order, each with its cursor." },
    pageInfoFieldOptions: { description: 'Whether more items follow, and the cursors to read them.' },
    cursorFieldOptions: { description: 'Pass it as `after` to read the items that follow this one.' },
    nodeFieldOptions: { description: 'The item at this place of the list.' },
  },
});

builder.queryType({ description: 'Reads. Each field says the least role a signed-in user needs; docs/events.md#graphql.' });
builder.mutationType({ description: 'Writes, over the same use cases as the REST API.' });
builder.subscriptionType({ description: 'Live events, over graphql-ws or server-sent events.' });

builder.addScalarType('JSON', JSONResolver);
builder.addScalarType('JSONObject', JSONObjectResolver);
builder.addScalarType('DateTime', DateTimeResolver);

builder.scalarType('File', {
  description: 'A file sent with the GraphQL multipart request specification.',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar.');
  },
});

/** A page as the use cases return it: the nodes in order, each with its cursor, and whether more follow. */
export interface CursorPage<Node> {
  edges: { cursor: string; node: Node }[];
  hasNextPage: boolean;
}

/** The Relay connection shape of a forward-only page (first / after); `after` is the cursor the page follows. */
export function connectionOf<Node>(page: CursorPage<Node>, after?: string | null) {
  return {
    edges: page.edges,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: Boolean(after),
      startCursor: page.edges[0]?.cursor ?? null,
      endCursor: page.edges.at(-1)?.cursor ?? null,
    },
  };
}
