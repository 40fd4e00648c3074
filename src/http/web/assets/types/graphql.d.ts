// Shapes of the small GraphQL client (graphql-client.js).

/** An operation's text, tagged for the checker with the type of the `data` it answers (at run time, a string). */
export type Operation<Data> = string & { readonly __data?: Data };

export type Variables = Record<string, unknown>;

export interface GraphQLError {
  message: string;
  extensions?: { code?: string; reason?: string; error?: string; [key: string]: unknown };
}

/** What a subscription does with what the socket brings it. */
export interface SubscriptionHandlers<Data> {
  next(data: Data | null): void;
  error?(errors: GraphQLError[]): void;
  complete?(): void;
}

export type LiveState = 'connecting' | 'open' | 'retrying' | 'refused' | 'closed';

/** A graphql-transport-ws message, as far as the client reads it. */
export interface SocketMessage {
  id?: string;
  type: string;
  payload?: unknown;
}

/** The payload of a `next` message. */
export interface ExecutionResult {
  data?: unknown;
  errors?: GraphQLError[];
}
