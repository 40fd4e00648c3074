// GraphQL for the staff's pages over the sign-in cookie (the browser sends it; no page holds a credential). Each
// operation is a typed document generated from schema.graphql (./graphql/), so a result's shape is never written by
// hand. A lost sign-in reports itself to whoever listens (the app sends the person to sign in again).
import { GraphQLRequestError, graphqlRequest, type LiveState, LiveConnection } from '../assets/graphql-client.js';
import type { TypedDocumentString } from './graphql/graphql.js';

export { GraphQLRequestError };

type Listener = () => void;
const signedOutListeners = new Set<Listener>();

export function onSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

export async function request<Result, Variables>(document: TypedDocumentString<Result, Variables>, ...[variables]: VariablesOf<Variables>): Promise<Result> {
  try {
    return (await graphqlRequest(document.toString(), (variables ?? {}) as Record<string, unknown>)) as Result;
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === 'UNAUTHENTICATED') for (const listener of signedOutListeners) listener();
    throw error;
  }
}

/**
 * A write to one of the few REST routes the pages use besides GraphQL (a file upload, the password): with the cookie and
 * the header every cookie write carries, so no foreign page could make the same request. Resolves to the JSON answer
 * (or null for 204); a failure throws with the server's message, and a lost sign-in is reported as for GraphQL.
 */
export async function sendWrite(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: Blob | Record<string, unknown>): Promise<unknown> {
  const json = body !== undefined && !(body instanceof Blob);
  const response = await fetch(path, {
    method,
    headers: {
      'graphql-require-preflight': '1',
      ...(json ? { 'content-type': 'application/json' } : body ? { 'content-type': body.type || 'application/octet-stream' } : {}),
    },
    body: json ? JSON.stringify(body) : body,
  });
  const answer: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return answer;
  const message = (answer as { message?: unknown } | null)?.message;
  if (response.status === 401 && path !== '/auth/password') for (const listener of signedOutListeners) listener();
  throw new Error(typeof message === 'string' ? message : `The server answered ${response.status}.`);
}

/** Operations without variables take none; the others require theirs. */
type VariablesOf<Variables> = Record<string, never> extends Variables ? [Variables?] : [Variables];

/** The code of a GraphQL error (FORBIDDEN, NOT_FOUND, …), or null. */
export function errorCode(error: unknown): string | null {
  return error instanceof GraphQLRequestError ? (error.code ?? null) : null;
}

/** What to tell a person about a failure. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}

/** One socket for the whole app; pages subscribe and unsubscribe on it as they open and close. */
let live: LiveConnection | null = null;
/** A state, and with `refused` the server's reason (a page opened at another address than the service's own, say). */
type LiveStateListener = (state: LiveState, refusal?: string) => void;
const stateListeners = new Set<LiveStateListener>();
let liveState: LiveState = 'closed';
let refusal: string | undefined;

export function liveConnection(): LiveConnection {
  live ??= new LiveConnection({
    onState: (state: LiveState, detail?: string | number) => {
      liveState = state;
      refusal = state === 'refused' && typeof detail === 'string' ? detail : undefined;
      for (const listener of stateListeners) listener(state, refusal);
    },
  });
  return live;
}

export function onLiveState(listener: LiveStateListener): () => void {
  stateListeners.add(listener);
  listener(liveState, refusal);
  return () => stateListeners.delete(listener);
}

export function closeLive(): void {
  live?.close();
  live = null;
}

/** Starts a subscription on the shared socket; `variables()` is asked at every (re)subscription. */
export function subscribe<Result, Variables>(
  document: TypedDocumentString<Result, Variables>,
  variables: () => Variables,
  next: (data: Result) => void,
  error?: (message: string) => void,
): () => void {
  return liveConnection().subscribe(document.toString(), variables as () => Record<string, unknown>, {
    next: (data: unknown) => {
      if (data) next(data as Result);
    },
    error: (errors: { message: string }[]) => error?.(errors[0]?.message ?? 'Live updates stopped.'),
  });
}
