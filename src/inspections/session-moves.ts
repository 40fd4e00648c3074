// Moves a session between statuses: one compare-and-set write per move, and the move's event recorded only by
// the write that won, so a move happens at most once and emits its event exactly once.
import type { EventRecorder } from '../events/event-recorder.js';
import type { InspectionSessionStore, SessionCondition } from '../store/inspection-sessions.js';
import type { InspectionSession, SessionChanges } from '../domain/inspection-session.js';
import { isStatusChangeStatus, sourcesOf, targetOf, type SessionTrigger } from '../domain/statuses.js';
import { statusChangePayload } from '../domain/events.js';
import { isoTimestamp } from '../domain/time.js';

export const SESSION_EXPIRED_EVENT = 'SESSION:EXPIRED';

export class SessionMoves {
  constructor(
    private readonly sessions: InspectionSessionStore,
    private readonly recorder: EventRecorder,
  ) {}

  /**
   * Applies `trigger` if the session is still in one of its source statuses, with `set` written in the same
   * update. Returns the moved session, or null when the session was not in a source status.
   */
  async move(
    sessionKey: string,
    trigger: SessionTrigger,
    at: Date,
    set: SessionChanges = {},
    completePayload?: (session: InspectionSession) => Record<string, unknown> & { event: string },
    /** Further conditions of the compare-and-set (e.g. that the damage records are still the ones reported). */
    condition: SessionCondition = {},
  ): Promise<InspectionSession | null> {
    const to = targetOf(trigger);
    const moved = await this.sessions.updateIfStatus(sessionKey, sourcesOf(trigger), { ...set, status: to, updatedAt: at }, condition);
    if (!moved) return null;
    await this.recorder.record({
      apiKey: moved.apiKey,
      callbackKey: moved.createdWithKey,
      sessionKey,
      payload: this.payloadFor(moved, at, completePayload),
    });
    return moved;
  }

  private payloadFor(
    session: InspectionSession,
    at: Date,
    completePayload?: (session: InspectionSession) => Record<string, unknown> & { event: string },
  ): Record<string, unknown> & { event: string } {
    if (session.status === 'COMPLETE') {
      if (!completePayload) throw new Error('A move to COMPLETE needs the results payload.');
      return completePayload(session);
    }
    if (isStatusChangeStatus(session.status)) return { ...statusChangePayload({ sessionKey: session.key, status: session.status, at }) };
    // EXPIRED: published on the subscriptions only; no webhook event exists for it.
    return { session_key: session.key, event: SESSION_EXPIRED_EVENT, status: session.status, timestamp: isoTimestamp(at) };
  }
}
