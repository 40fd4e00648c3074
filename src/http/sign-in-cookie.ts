// The cg_session cookie (docs/staff.md): how it is written, cleared and read. It names a server-side sign-in record;
// the value is random and means nothing without that record.
import type { IncomingMessage } from 'node:http';
import { SIGN_IN_MAX_AGE_MS } from '../users/sign-ins.js';

export const SIGN_IN_COOKIE = 'cg_session';

/** `Secure` whenever the service is reached over https (PUBLIC_URL), so the cookie never travels in clear text. */
export function signInCookie(token: string, baseUrl: string): string {
  return serialize(token, Math.floor(SIGN_IN_MAX_AGE_MS / 1000), baseUrl);
}

export function clearedSignInCookie(baseUrl: string): string {
  return serialize('', 0, baseUrl);
}

function serialize(value: string, maxAgeSeconds: number, baseUrl: string): string {
  const secure = baseUrl.startsWith('https:') ? '; Secure' : '';
  return `${SIGN_IN_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** The cookie's value from a Cookie header, or undefined. */
export function readSignInCookie(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== SIGN_IN_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    // Only what we issue (base64url) is worth a database read.
    return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
  }
  return undefined;
}

export function requestSignInCookie(request: IncomingMessage): string | undefined {
  return readSignInCookie(request.headers.cookie);
}
