// Session statuses and the one transition table every move is checked against (docs/events.md).
// Also the rules that hang off a status: which fields a PUT may change, photo intake, deletion, webhook per move.
import { z } from 'zod';

export const SESSION_STATUSES = ['IDLE', 'STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM', 'COMPLETE', 'EXPIRED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const SessionStatusSchema = z.enum(SESSION_STATUSES).meta({ id: 'SessionStatus' });

/** What each status means: the lifecycle table of docs/events.md, which test/docs/status-meanings.test.ts keeps equal. */
export const SESSION_STATUS_MEANINGS: Readonly<Record<SessionStatus, string>> = {
  IDLE: 'Created; nobody has opened the capture link yet.',
  STARTED: 'The capture link was opened; no photo yet.',
  PROCESS: 'Photos are being taken.',
  QC_PASSED: 'Every photo the theme requires has an accepted capture.',
  CONFIRM: 'The person confirmed the inspection; the damage review and the condition report are under way.',
  COMPLETE: 'The condition report is generated. Final.',
  EXPIRED: "The session stayed idle longer than the account's `expiration_hours`. Final.",
};

// `from` lists every status the trigger applies to; stores turn it into a compare-and-set filter.
const TRANSITIONS = {
  start: { from: ['IDLE'], to: 'STARTED' },
  firstPhoto: { from: ['STARTED'], to: 'PROCESS' },
  allPhotosAccepted: { from: ['PROCESS'], to: 'QC_PASSED' },
  confirm: { from: ['QC_PASSED'], to: 'CONFIRM' },
  reportGenerated: { from: ['CONFIRM'], to: 'COMPLETE' },
  expire: { from: ['IDLE', 'STARTED', 'PROCESS'], to: 'EXPIRED' },
} as const satisfies Record<string, { from: readonly SessionStatus[]; to: SessionStatus }>;

export type SessionTrigger = keyof typeof TRANSITIONS;
export const SESSION_TRIGGERS = Object.keys(TRANSITIONS) as SessionTrigger[];

export function isSessionStatus(value: unknown): value is SessionStatus {
  return typeof value === 'string' && (SESSION_STATUSES as readonly string[]).includes(value);
}

/** The status `trigger` moves a session in `from` to, or null when the trigger does not apply there. */
export function nextStatus(from: SessionStatus, trigger: SessionTrigger): SessionStatus | null {
  const transition = TRANSITIONS[trigger];
  return (transition.from as readonly SessionStatus[]).includes(from) ? transition.to : null;
}

/** Statuses from which `trigger` applies (a fresh array, safe to hand to a query builder). */
export function sourcesOf(trigger: SessionTrigger): SessionStatus[] {
  return [...TRANSITIONS[trigger].from];
}

/** The status `trigger` leads to, wherever it applies. */
export function targetOf(trigger: SessionTrigger): SessionStatus {
  return TRANSITIONS[trigger].to;
}

/** Whether a session in `status` still expires when idle past its deadline (before every photo is accepted). */
export function expiresWhenIdle(status: SessionStatus): boolean {
  return nextStatus(status, 'expire') !== null;
}

export function isFinal(status: SessionStatus): boolean {
  return status === 'COMPLETE' || status === 'EXPIRED';
}

/** Statuses in which photos (first captures and retakes) are received: until the inspection is confirmed (docs/capture.md). */
export const PHOTO_STATUSES = ['STARTED', 'PROCESS', 'QC_PASSED'] as const satisfies readonly SessionStatus[];

/**
 * The statuses in which a new capture takes its view's place: an accepted one always; a rejected one only before
 * every view is accepted, so a failed retake in QC_PASSED leaves the accepted photo (and the status) as they are.
 */
export function retakeReplacesIn(approved: boolean): readonly SessionStatus[] {
  return approved ? PHOTO_STATUSES : ['STARTED', 'PROCESS'];
}

export function acceptsPhotos(status: SessionStatus): boolean {
  return (PHOTO_STATUSES as readonly SessionStatus[]).includes(status);
}

export function canDelete(status: SessionStatus): boolean {
  return status === 'IDLE';
}

/** Damage records may be added and changed until the report exists: in review (CONFIRM) too, never once COMPLETE. */
export const DAMAGE_STATUSES: readonly SessionStatus[] = ['IDLE', 'STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM'];

export function acceptsDamages(status: SessionStatus): boolean {
  return DAMAGE_STATUSES.includes(status);
}

/** The integrator annotates a session in any status but EXPIRED (guest notes: see capture-scope.ts). */
export const NOTE_STATUSES: readonly SessionStatus[] = ['IDLE', 'STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM', 'COMPLETE'];

/** Statuses announced with SESSION:STATUS_CHANGE (the spec's list plus STARTED, per docs/events.md). */
export const STATUS_CHANGE_STATUSES = ['STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM'] as const;
export type StatusChangeStatus = (typeof STATUS_CHANGE_STATUSES)[number];

export function isStatusChangeStatus(status: unknown): status is StatusChangeStatus {
  return typeof status === 'string' && (STATUS_CHANGE_STATUSES as readonly string[]).includes(status);
}

/** The webhook a move into `to` emits. EXPIRED sends none (it is only published on subscriptions). */
export function webhookEventForMove(to: SessionStatus): 'SESSION:STATUS_CHANGE' | 'SESSION:COMPLETE' | null {
  if (to === 'COMPLETE') return 'SESSION:COMPLETE';
  return isStatusChangeStatus(to) ? 'SESSION:STATUS_CHANGE' : null;
}

/** Top-level fields a session update may carry, named as in the API. */
export const SESSION_UPDATE_FIELDS = ['theme', 'redirect_url', 'language', 'vehicle', 'options'] as const;
export type SessionUpdateField = (typeof SESSION_UPDATE_FIELDS)[number];

/**
 * Why a PUT touching `fields` is refused in `status`, or null when it is allowed (docs/rest-guide.md):
 * `theme` only while IDLE (the photo list is fixed once capture starts); the rest until the session is final.
 */
export function checkSessionUpdate(status: SessionStatus, fields: readonly string[]): string | null {
  for (const field of fields) {
    if (!(SESSION_UPDATE_FIELDS as readonly string[]).includes(field)) {
      return `Unknown field ${field}. Use one of ${SESSION_UPDATE_FIELDS.join(', ')}.`;
    }
    if (field === 'theme' && status !== 'IDLE') {
      return `theme can only be changed while the session is IDLE; it is ${status}.`;
    }
    if (isFinal(status)) {
      return `${field} can no longer be changed: the session is ${status}.`;
    }
  }
  return null;
}
