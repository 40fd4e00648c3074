// The few /v1 routes a signed-in browser uses besides GraphQL, where the dashboard needs a plain HTTP request (an image
// it shows, a file it uploads): the API headers when the request carries them, otherwise the cg_session cookie's user.
// A cookie write must pass the cross-site rule (cross-site-requests.ts), and its role is checked like GraphQL's.
import type { IncomingMessage } from 'node:http';
import type { UseCases } from '../../services.js';
import { AppError } from '../../errors.js';
import type { Role } from '../../domain/user.js';
import { roleReaches, type CaptureLinkViewer } from '../../users/roles.js';
import { authenticateRequest, headerValue } from '../request-authentication.js';
import { refuseCrossSiteWrite } from '../cross-site-requests.js';
import { requestSignInCookie } from '../sign-in-cookie.js';

/** The account a request acts on, as the authentication use case hands it over. */
type Account = Awaited<ReturnType<UseCases['authenticator']['authenticate']>>['account'];

/** A read by the API headers, or by a signed-in user of any role (the dashboard's images send the cookie). */
export async function apiOrSignedIn(services: UseCases, request: IncomingMessage): Promise<{ account: Account; viewer: CaptureLinkViewer }> {
  const cookie = headerValue(request, 'api-key') === undefined ? requestSignInCookie(request) : undefined;
  if (cookie) {
    const active = await services.signIns.find(cookie);
    if (active) return { account: active.account, viewer: { kind: 'user', role: active.user.role } };
  }
  return { account: (await authenticateRequest(services, request)).account, viewer: { kind: 'api' } };
}

/**
 * A write by the API headers, or by a signed-in user whose role reaches `least`: a cookie write a foreign page could
 * have made → 403, an ended sign-in → 401, a lesser role → 403, nothing changed. `what` names the action refused.
 */
export async function apiOrSignedInWrite(services: UseCases, request: IncomingMessage, least: Role, what: string): Promise<Account> {
  const cookie = headerValue(request, 'api-key') === undefined ? requestSignInCookie(request) : undefined;
  if (!cookie) return (await authenticateRequest(services, request)).account;
  refuseCrossSiteWrite(request);
  const active = await services.signIns.find(cookie);
  if (!active) throw new AppError('UNAUTHENTICATED', 'The sign-in has ended. Sign in again.');
  if (!roleReaches(active.user.role, least)) throw new AppError('FORBIDDEN', `The ${active.user.role} role may not ${what}.`);
  return active.account;
}
