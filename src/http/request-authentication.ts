// Checking a request's credentials once per request: the rate limiter, the REST routes and the GraphQL context all
// ask, and an access-record token or a capture token costs a database read.
import type { IncomingMessage } from 'node:http';
import type { UseCases } from '../services.js';
import { readApiCredentials, type AuthenticatedAccount } from '../auth/authenticator.js';

const authentications = new WeakMap<IncomingMessage, Promise<AuthenticatedAccount>>();
/** What the session use case answers for a capture token: its session, or null. */
type CaptureSession = Awaited<ReturnType<UseCases['captureAccess']['findByToken']>>;

const captureSessions = new WeakMap<IncomingMessage, Promise<CaptureSession>>();

export function authenticateRequest(services: UseCases, request: IncomingMessage): Promise<AuthenticatedAccount> {
  let authentication = authentications.get(request);
  if (!authentication) {
    authentication = services.authenticator.authenticate(readApiCredentials((name) => headerValue(request, name)));
    authentications.set(request, authentication);
  }
  return authentication;
}

/** The session the request's Capture-Token header opens, or null (no header, unknown or expired token). */
export function captureSessionOf(services: UseCases, request: IncomingMessage): Promise<CaptureSession> {
  let lookup = captureSessions.get(request);
  if (!lookup) {
    const token = headerValue(request, 'capture-token');
    lookup = token ? services.captureAccess.findByToken(token) : Promise.resolve(null);
    captureSessions.set(request, lookup);
  }
  return lookup;
}

export function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
