// Who may do what: the one declaration of the roles of signed-in users (docs/staff.md), keyed by GraphQL root
// operation field. GraphQL checks it in one place (http/graphql/authorization.ts). Free of I/O.

export const ROLES = ['owner', 'inspector', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Each role can do everything the roles below it can. */
const RANK: Record<Role, number> = { viewer: 0, inspector: 1, owner: 2 };

/**
 * The least role each root field needs. A field missing here is refused to every signed-in user (default deny),
 * so a new operation stays owner-free until someone decides. API headers (the machine credential) and capture
 * tokens are not users and are not limited by this table.
 */
export const LEAST_ROLE_BY_FIELD: Readonly<Record<string, Role>> = {
  // viewer: reads sessions, photos, notes, results, reports
  'Query.me': 'viewer',
  'Query.inspectionSession': 'viewer',
  'Query.inspectionSessions': 'viewer',
  'Query.sessionResults': 'viewer',
  'Query.damageCatalog': 'viewer',
  'Subscription.sessionEvents': 'viewer',
  // inspector: also adds notes and damages and does reviews (docs/staff.md)
  'Mutation.addNote': 'inspector',
  'Mutation.addDamage': 'inspector',
  'Mutation.updateDamage': 'inspector',
  'Mutation.deleteDamage': 'inspector',
  'Mutation.completeReview': 'inspector',
  // owner: also manages callbacks, deliveries, users, and what the API credential does with sessions
  'Query.callbacks': 'owner',
  'Query.callback': 'owner',
  'Query.deliveries': 'owner',
  'Query.delivery': 'owner',
  'Query.users': 'owner',
  'Mutation.setCallback': 'owner',
  'Mutation.updateCallback': 'owner',
  'Mutation.deleteCallback': 'owner',
  'Mutation.rotateCallbackSecret': 'owner',
  'Mutation.redeliver': 'owner',
  'Mutation.testCallback': 'owner',
  'Mutation.createUser': 'owner',
  'Mutation.deleteUser': 'owner',
  'Mutation.createInspectionSession': 'owner',
  'Mutation.updateInspectionSession': 'owner',
  'Mutation.deleteInspectionSession': 'owner',
  'Mutation.startCapture': 'owner',
  'Mutation.capturePhoto': 'owner',
  'Mutation.setLocation': 'owner',
  'Mutation.setVin': 'owner',
  'Mutation.confirmInspection': 'owner',
};

/** `field` is `Type.name` of a root field, e.g. `Mutation.addNote`. */
export function roleAllows(role: Role, field: string): boolean {
  const least = LEAST_ROLE_BY_FIELD[field];
  return least !== undefined && RANK[role] >= RANK[least];
}

/** Who asks for a session's capture link: the API headers, a signed-in user, or a capture token (the guest). */
export type CaptureLinkViewer = { kind: 'api' } | { kind: 'user'; role: Role } | { kind: 'guest' };

/**
 * The capture link (capture_url / captureUrl) carries the capture token, which lets its holder act as the guest
 * (docs/limits.md). The API headers, owners and inspectors (who capture for a customer at the car) see it; a viewer
 * only reads, and a guest already holds its own link.
 */
export function maySeeCaptureLink(viewer: CaptureLinkViewer): boolean {
  if (viewer.kind === 'api') return true;
  return viewer.kind === 'user' && RANK[viewer.role] >= RANK.inspector;
}
