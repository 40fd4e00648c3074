// A browser's view of sign-in for tests: POST /auth/login over real HTTP, the cg_session cookie read from
// Set-Cookie, and requests that carry only that cookie.
import type { GraphQLResult } from './graphql.js';

export interface SignInAttempt {
  status: number;
  body: any;
  headers: Headers;
  /** `cg_session=<value>`, ready for a Cookie header; null when no cookie was set. */
  cookie: string | null;
  /** The raw Set-Cookie line of cg_session. */
  setCookie: string | null;
}

export async function signIn(baseUrl: string, username: string, password: string): Promise<SignInAttempt> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('cg_session=')) ?? null;
  return {
    status: response.status,
    body: await response.json(),
    headers: response.headers,
    cookie: setCookie ? (setCookie.split(';')[0] as string) : null,
    setCookie,
  };
}

export async function signedInAs(baseUrl: string, username: string, password: string): Promise<string> {
  const attempt = await signIn(baseUrl, username, password);
  if (attempt.status !== 200 || !attempt.cookie) throw new Error(`sign-in failed: ${attempt.status} ${JSON.stringify(attempt.body)}`);
  return attempt.cookie;
}

export async function me(baseUrl: string, cookie: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}/auth/me`, { headers: { cookie } });
  return { status: response.status, body: await response.json() };
}

/** A GraphQL POST with content-type application/json whose only credential is the cookie. */
export async function cookieGraphql(
  baseUrl: string,
  cookie: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLResult & { status: number }> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as GraphQLResult) };
}
