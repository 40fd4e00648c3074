// Operation limits: depth, aliases, tokens, directives and cost are checked during validation, so an abusive
// document is refused before anything runs — over HTTP and, through getEnveloped, over WebSocket too.
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';

export const GRAPHQL_LIMITS = {
  maxDepth: 16,
  maxAliases: 15,
  maxTokens: 2_000,
  maxDirectives: 20,
  maxCost: 5_000,
} as const;

export function graphqlLimitsPlugin(options: { hideFieldSuggestions: boolean }) {
  return EnvelopArmorPlugin({
    // Introspection is counted too: the standard introspection query stays within the limit, deeper ofType chains do not.
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: false, flattenFragments: true },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, ignoreIntrospection: true },
    blockFieldSuggestion: { enabled: options.hideFieldSuggestions },
  });
}
