// What a capture token (the person taking the photos) may see and do (docs/events.md, docs/limits.md): the capture's own
// progress — photos and verdicts, statuses, its own notes, the car to recognise — and nothing of the integrator's
// (options, contact, SMS phone, integrator notes, results). One rule set, used by every face.
import type { Account } from './account.js';
import type { VehicleApiObject } from './vehicle.js';
import type { SessionStatus } from './statuses.js';

/** The `user` of a note written in the capture app. */
export const GUEST_NOTE_USER = 'guest';

/** A capture token keeps reading a completed session this long, then stops working (docs/limits.md). */
export const CAPTURE_TOKEN_DAYS_AFTER_COMPLETE = 30;
const CAPTURE_TOKEN_MS_AFTER_COMPLETE = CAPTURE_TOKEN_DAYS_AFTER_COMPLETE * 86_400_000;

/** `capture`: reads and the capture flow; `read-only`: after COMPLETE; `expired`: the token no longer works. */
export type CaptureTokenAccess = 'capture' | 'read-only' | 'expired';

export function captureTokenAccess(session: { status: SessionStatus; completedAt: Date | null }, now: Date): CaptureTokenAccess {
  if (session.status !== 'COMPLETE') return 'capture';
  if (session.completedAt && now.getTime() - session.completedAt.getTime() >= CAPTURE_TOKEN_MS_AFTER_COMPLETE) return 'expired';
  return 'read-only';
}

/** Guests add notes while they capture; after confirmation a note would miss the report or rewrite it. */
export const GUEST_NOTE_STATUSES: readonly SessionStatus[] = ['STARTED', 'PROCESS', 'QC_PASSED'];

/** Enough of the vehicle to find the right car; the odometer and transmission are the integrator's record. */
const GUEST_VEHICLE_FIELDS = ['vin', 'year', 'make', 'model', 'trim', 'body_type', 'ext_col', 'int_col'] as const satisfies readonly (keyof VehicleApiObject)[];
export type GuestVehicle = Pick<VehicleApiObject, (typeof GUEST_VEHICLE_FIELDS)[number]>;

export function guestVehicle(vehicle: VehicleApiObject): GuestVehicle {
  return Object.fromEntries(GUEST_VEHICLE_FIELDS.map((field) => [field, vehicle[field]])) as GuestVehicle;
}

/**
 * The payload a guest receives for a session event, or null when the event is not for guests: photo verdicts,
 * status moves and expiry as they are; guest notes only; SESSION:COMPLETE reduced to the fact of completion
 * (its results carry the integrator's options and contact); SMS outcomes (the phone number) never.
 */
export function guestEventPayload(message: { event: string; timestamp: string; payload: Readonly<Record<string, unknown>> }): Record<string, unknown> | null {
  const { event, payload } = message;
  switch (event) {
    case 'SESSION:STAGE_CHANGE':
    case 'SESSION:STATUS_CHANGE':
    case 'SESSION:EXPIRED':
      return { ...payload };
    case 'SESSION:NOTE_INSERT':
      return payload.user === GUEST_NOTE_USER ? { ...payload } : null;
    case 'SESSION:COMPLETE': {
      const session = (payload.session ?? {}) as Record<string, unknown>;
      return { session_key: session.session_key ?? null, event, status: 'COMPLETE', timestamp: message.timestamp };
    }
    default:
      return null;
  }
}

/** How the account presents itself to the person capturing: on the capture page and in the guest report. */
export interface GuestBrand {
  /** A display name the account chose; null when it chose none (the username is a login and is never shown). */
  name: string | null;
  /** `#rrggbb`, or null for the service's own colour. */
  color: string | null;
  /** The account's logo at its public URL, or null without one. */
  logoUrl: string | null;
}

/** `logoUrl`: the account's logo's public address (null without one), which the caller knows how to make. */
export function guestBrand(account: Pick<Account, 'username' | 'displayName' | 'brandColor'> | null, logoUrl: string | null = null): GuestBrand {
  if (!account) return { name: null, color: null, logoUrl: null };
  const chosen = account.displayName !== account.username ? account.displayName : null;
  return { name: chosen, color: account.brandColor, logoUrl };
}
