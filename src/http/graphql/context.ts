// What every resolver receives: the services and the caller's credentials, checked lazily and at most once
// per operation so that unauthenticated introspection and schema tooling keep working.
import type { UseCases } from '../../services.js';
import type { ApiCredentials, AuthenticatedAccount } from '../../auth/authenticator.js';
import type { ActiveSignIn } from '../../users/sign-ins.js';
import { AppError } from '../../errors.js';
import type { InspectionSessionRecord } from '../../inspections/session-service.js';
import { invalidCaptureToken, type CaptureIntent } from '../../inspections/capture-access.js';
import type { CaptureLinkViewer } from '../../users/roles.js';
import type { SigningKey } from '../../accounts/api-keys.js';

/** The account and the user as the authentication use cases hand them over. */
export type Account = AuthenticatedAccount['account'];
type User = ActiveSignIn['user'];

/**
 * Account scope (the API headers), capture scope (a capture token: one session), or a signed-in user (the
 * cg_session cookie): the user's account, limited by role (users/roles.ts, checked in authorization.ts).
 */
export type Principal =
  | { kind: 'account'; account: Account; key: SigningKey }
  | { kind: 'capture'; apiKey: string; sessionKey: string }
  | { kind: 'user'; account: Account; user: User; signInToken: string };

export interface GraphQLContext {
  services: UseCases;
  principal(): Promise<Principal>;
  /**
   * The capture token's session as this HTTP request read it to know the caller, handed once to the first operation
   * that needs it instead of a second read. A socket's context has none: its session moves on while it stays open.
   */
  takeCaptureSession?(): InspectionSessionRecord | null;
}

export interface RequestCredentials extends ApiCredentials {
  captureToken: string | undefined;
  /** The cg_session cookie; used only when neither API headers nor a capture token are sent. */
  signInToken?: string | undefined;
}

/** `authenticate` checks the API headers; an HTTP request passes its own, already asked by the rate limiter. */
export async function resolvePrincipal(
  services: UseCases,
  credentials: RequestCredentials,
  authenticate: () => Promise<AuthenticatedAccount> = () => services.authenticator.authenticate(credentials),
  findCaptureSession: (token: string) => Promise<InspectionSessionRecord | null> = (token) => services.captureAccess.findByToken(token),
): Promise<Principal> {
  if (credentials.captureToken && !credentials.apiKey) {
    const session = await findCaptureSession(credentials.captureToken);
    if (!session) throw invalidCaptureToken();
    return { kind: 'capture', apiKey: session.apiKey, sessionKey: session.key };
  }
  if (credentials.signInToken && !credentials.apiKey && !credentials.captureToken) return resolveUser(services, credentials.signInToken);
  const { account, key } = await authenticate();
  return { kind: 'account', account, key };
}

/** Over HTTP, `reuse` hands over the checks the request handler already made for the rate limit. */
export function createContext(
  services: UseCases,
  credentials: RequestCredentials,
  reuse: { authenticate?: () => Promise<AuthenticatedAccount>; findCaptureSession?: () => Promise<InspectionSessionRecord | null> } = {},
): GraphQLContext {
  let principal: Promise<Principal> | null = null;
  let captureSession: InspectionSessionRecord | null = null;
  const findCaptureSession = async (token: string) => {
    captureSession = await (reuse.findCaptureSession ? reuse.findCaptureSession() : services.captureAccess.findByToken(token));
    return captureSession;
  };
  return {
    services,
    principal() {
      principal ??= resolvePrincipal(services, credentials, reuse.authenticate, findCaptureSession);
      return principal;
    },
    takeCaptureSession() {
      const session = captureSession;
      captureSession = null;
      return session;
    },
  };
}

async function resolveUser(services: UseCases, signInToken: string): Promise<Principal> {
  const active = await services.signIns.find(signInToken);
  if (!active) throw new AppError('UNAUTHENTICATED', 'The sign-in has ended. Sign in again.');
  return { kind: 'user', account: active.account, user: active.user, signInToken };
}

/**
 * Context for a WebSocket whose credentials were already checked when the connection opened. A user's sign-in is
 * checked again for each operation, so logout and user deletion also stop a socket that stays open.
 */
export function createAuthenticatedContext(services: UseCases, resolved: Principal): GraphQLContext {
  if (resolved.kind === 'user') {
    let principal: Promise<Principal> | null = null;
    return { services, principal: () => (principal ??= resolveUser(services, resolved.signInToken)) };
  }
  return { services, principal: () => Promise.resolve(resolved) };
}

/** The account of the API headers or of a signed-in user (whose role authorization.ts has already checked). */
export async function requireAccount(context: GraphQLContext): Promise<Account> {
  const principal = await context.principal();
  if (principal.kind === 'capture') {
    throw new AppError('FORBIDDEN', 'This operation needs the account API headers, not a capture token.', { error: 'Invalid API Key' });
  }
  return principal.account;
}

/**
 * The key whose callbacks and deliveries the caller manages: the key of the API headers (each key has callbacks of
 * its own, docs/rest-guide.md "Test keys"), or the account's own key for a signed-in person.
 */
export async function requireCallbackOwner(context: GraphQLContext): Promise<{ account: Account; apiKey: string }> {
  const principal = await context.principal();
  if (principal.kind === 'account') return { account: principal.account, apiKey: principal.key.apiKey };
  const account = await requireAccount(context);
  return { account, apiKey: account.apiKey };
}

/** True for a capture token: fields and events then show only what the capture needs (domain/capture-scope.ts). */
export async function isCaptureScope(context: GraphQLContext): Promise<boolean> {
  return (await context.principal()).kind === 'capture';
}

/**
 * The session the caller may change: any of the account's, or exactly the capture token's one while it is not
 * complete — after COMPLETE a capture token is read-only (docs/limits.md). Mutations use this.
 */
export async function requireSession(context: GraphQLContext, sessionKey: string): Promise<InspectionSessionRecord> {
  return findSession(context, sessionKey, 'change');
}

/** The session the caller may read: as requireSession, and a capture token of a completed session still reads. */
export async function requireReadableSession(context: GraphQLContext, sessionKey: string): Promise<InspectionSessionRecord> {
  return findSession(context, sessionKey, 'read');
}

async function findSession(context: GraphQLContext, sessionKey: string, intent: CaptureIntent): Promise<InspectionSessionRecord> {
  const principal = await context.principal();
  if (principal.kind !== 'capture') return context.services.sessions.require(principal.account, sessionKey);
  return context.services.captureAccess.require(principal.sessionKey, sessionKey, intent, context.takeCaptureSession?.());
}

/** Who the caller is, as the capture-link rule asks (users/roles.ts). */
export function captureLinkViewer(principal: Principal): CaptureLinkViewer {
  if (principal.kind === 'user') return { kind: 'user', role: principal.user.role };
  return principal.kind === 'capture' ? { kind: 'guest' } : { kind: 'api' };
}
