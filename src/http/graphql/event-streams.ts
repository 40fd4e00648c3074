// GraphQL subscriptions over server-sent events count toward the same connection caps as graphql-ws sockets
// (docs/limits.md#websockets-and-streams): a stream is counted in before Yoga opens it and out when its connection
// closes; beyond a cap the request is answered 429 `{"message": ...}` and no stream opens.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UseCases } from '../../services.js';
import { AppError } from '../../errors.js';
import { readApiCredentials } from '../../auth/authenticator.js';
import { authenticateRequest, captureSessionOf, headerValue } from '../request-authentication.js';
import { readSignInCookie } from '../sign-in-cookie.js';
import type { ConnectionCaps } from './connection-caps.js';
import { resolvePrincipal } from './context.js';

/** A request that asks for an event stream (GraphQL over SSE answers subscriptions as one). */
export function asksForEventStream(request: IncomingMessage): boolean {
  return /\btext\/event-stream\b/i.test(headerValue(request, 'accept') ?? '');
}

/**
 * Counts the stream of `request` in until `response` closes; throws RATE_LIMITED (429) over a cap. A request whose
 * credentials do not resolve is not counted: Yoga answers it with its authentication error and opens nothing.
 */
export async function admitEventStream(services: UseCases, caps: ConnectionCaps, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const credentials = {
    ...readApiCredentials((name) => headerValue(request, name)),
    captureToken: headerValue(request, 'capture-token'),
    signInToken: readSignInCookie(headerValue(request, 'cookie')),
  };
  const principal = await resolvePrincipal(
    services,
    credentials,
    () => authenticateRequest(services, request),
    () => captureSessionOf(services, request),
  ).catch(() => null);
  if (!principal) return;
  const admission = await caps.admit(principal);
  if (!admission.admitted) throw new AppError('RATE_LIMITED', `${admission.message}. Close one before opening another.`);
  response.once('close', () => void admission.release());
}
