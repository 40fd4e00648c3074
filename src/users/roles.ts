// The order of signed-in users' roles (docs/staff.md; the roles are domain/user.ts's). Each GraphQL root field declares
// the least role it needs (`authScopes: { role }`, checked by http/graphql/authorization.ts). Free of I/O.
import type { Role } from '../domain/user.js';

/** Each role can do everything the roles below it can. */
const RANK: Record<Role, number> = { viewer: 0, inspector: 1, owner: 2 };

/** True when `role` may do what `least` may: viewer reads; inspector also adds notes, damages, reviews; owner all. */
export function roleReaches(role: Role, least: Role): boolean {
  return RANK[role] >= RANK[least];
}

/**
 * The CSV export of sessions (docs/staff.md "Lists and exports") is a read of what the dashboard's list shows: every
 * role may download it with its sign-in cookie.
 */
export const LEAST_ROLE_TO_EXPORT_SESSIONS: Role = 'viewer';

/** Who asks for a session's capture link: the API headers, a signed-in user, or a capture token (the guest). */
export type CaptureLinkViewer = { kind: 'api' } | { kind: 'user'; role: Role } | { kind: 'guest' };

/**
 * The capture link (capture_url / captureUrl) carries the capture token, which lets its holder act as the guest
 * (docs/limits.md). The API headers, owners and inspectors (who capture for a customer at the car) see it; a viewer
 * only reads, and a guest already holds its own link.
 */
export function maySeeCaptureLink(viewer: CaptureLinkViewer): boolean {
  if (viewer.kind === 'api') return true;
  return viewer.kind === 'user' && roleReaches(viewer.role, 'inspector');
}
