// A socket keeps the credentials it connected with for as long as it stays open; they are checked again now and
// then so that a socket whose credentials were revoked is closed (docs/limits.md). Batched: one account read per
// account however many of its sockets are open, one session look-up per capture token.
import type { UseCases } from '../../services.js';
import type { Logger } from '../../logger.js';
import { AppError } from '../../errors.js';
import { resolvePrincipal, type Principal } from './context.js';

export type SocketCredentials =
  | { kind: 'account'; apiKey: string; apiToken: string; apiTimestamp: string }
  | { kind: 'user'; apiKey: string; signInToken: string }
  | { kind: 'capture'; captureToken: string; sessionKey: string };

export function socketCredentials(
  principal: Principal,
  params: { apiToken?: string; apiTimestamp?: string; captureToken?: string; signInToken?: string },
): SocketCredentials {
  if (principal.kind === 'capture') return { kind: 'capture', captureToken: params.captureToken ?? '', sessionKey: principal.sessionKey };
  if (principal.kind === 'user') return { kind: 'user', apiKey: principal.account.apiKey, signInToken: principal.signInToken };
  return { kind: 'account', apiKey: principal.key.apiKey, apiToken: params.apiToken ?? '', apiTimestamp: params.apiTimestamp ?? '' };
}

/**
 * The sockets whose credentials no longer hold: an account gone, a signature made with a secret whose rotation
 * overlap has ended, an access record expired or ended, a capture token whose session was deleted or that stopped
 * working. A failure to look (the database unreachable) revokes nothing.
 */
export async function findRevoked<T extends { credentials: SocketCredentials }>(services: UseCases, sockets: Iterable<T>, logger: Logger): Promise<T[]> {
  const byOwner = new Map<string, T[]>();
  for (const socket of sockets) {
    const { credentials } = socket;
    const owner =
      credentials.kind === 'account'
        ? `account:${credentials.apiKey}`
        : credentials.kind === 'user'
          ? `user:${credentials.signInToken}`
          : `capture:${credentials.captureToken}`;
    const group = byOwner.get(owner);
    if (group) group.push(socket);
    else byOwner.set(owner, [socket]);
  }
  const revoked: T[] = [];
  for (const group of byOwner.values()) {
    try {
      revoked.push(...(await revokedInGroup(services, group)));
    } catch (error) {
      logger.warn({ err: error }, 'could not check open sockets’ credentials; checking again later');
    }
  }
  return revoked;
}

/** One owner's sockets: they share an account (or a capture token). */
async function revokedInGroup<T extends { credentials: SocketCredentials }>(services: UseCases, group: T[]): Promise<T[]> {
  const first = group[0]?.credentials;
  if (!first) return [];
  if (first.kind === 'capture') {
    const principal = await resolvePrincipal(services, {
      apiKey: undefined,
      apiToken: undefined,
      apiTimestamp: undefined,
      captureToken: first.captureToken,
    }).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    const stillValid = principal?.kind === 'capture' && principal.sessionKey === first.sessionKey;
    return stillValid ? [] : group;
  }
  if (first.kind === 'user') {
    // A signed-in browser's socket lasts as long as its sign-in: logout, user deletion and expiry end both.
    const principal = await resolvePrincipal(services, {
      apiKey: undefined,
      apiToken: undefined,
      apiTimestamp: undefined,
      captureToken: undefined,
      signInToken: first.signInToken,
    }).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    return principal?.kind === 'user' ? [] : group;
  }
  const holder = await services.authenticator.currentKey(first.apiKey);
  if (!holder) return group;
  const revoked: T[] = [];
  for (const socket of group) {
    const credentials = socket.credentials as Extract<SocketCredentials, { kind: 'account' }>;
    if (!(await services.authenticator.stillHolds(holder, credentials))) revoked.push(socket);
  }
  return revoked;
}
