// Checking a request's API headers, once per request: the rate limiter, the REST routes and the GraphQL context all
// ask, and an access-record token costs a database read.
import type { IncomingMessage } from 'node:http';
import type { Services } from '../services.js';
import { readApiCredentials, type AuthenticatedAccount } from '../auth/authenticator.js';

const authentications = new WeakMap<IncomingMessage, Promise<AuthenticatedAccount>>();

export function authenticateRequest(services: Services, request: IncomingMessage): Promise<AuthenticatedAccount> {
  let authentication = authentications.get(request);
  if (!authentication) {
    authentication = services.authenticator.authenticate(readApiCredentials((name) => headerValue(request, name)));
    authentications.set(request, authentication);
  }
  return authentication;
}

export function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
