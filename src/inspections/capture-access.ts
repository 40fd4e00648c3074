// What a capture token may do, asked by both faces (GraphQL resolvers and the capture report routes): the token opens
// exactly one session; while the session is not complete it may read and change it, after COMPLETE only read it, and
// 30 days after completion nothing (docs/limits.md).
import { AppError } from '../errors.js';
import { isSessionKey } from '../domain/identifiers.js';
import { captureTokenReadOnly } from './capture-service.js';
import { sessionNotFound, type InspectionSessionRecord, type SessionService } from './session-service.js';

/** Reading (status, photos, the report) or changing (every mutation). */
export type CaptureIntent = 'read' | 'change';

export function invalidCaptureToken(): AppError {
  return new AppError('FORBIDDEN', 'The capture token is not valid.', { error: 'Invalid Capture Token' });
}

export class CaptureAccess {
  constructor(private readonly sessions: Pick<SessionService, 'findByCaptureToken' | 'findByKey' | 'captureTokenAccess'>) {}

  /** The session a capture token opens, or null: an unknown token, or one that stopped working. */
  findByToken(token: string): Promise<InspectionSessionRecord | null> {
    return this.sessions.findByCaptureToken(token);
  }

  /**
   * The session `sessionKey` names, when it is the one the token opened (`tokenSessionKey`) and the token may still
   * do `intent` with it. Asked on every operation, not only when a token was first shown: the session moves on.
   * `known` is that session as the caller already read it; it is read afresh otherwise.
   */
  async require(
    tokenSessionKey: string | null,
    sessionKey: string,
    intent: CaptureIntent,
    known?: InspectionSessionRecord | null,
  ): Promise<InspectionSessionRecord> {
    if (tokenSessionKey !== sessionKey || !isSessionKey(sessionKey)) throw sessionNotFound(sessionKey);
    const session = known?.key === sessionKey ? known : await this.sessions.findByKey(sessionKey);
    if (!session) throw sessionNotFound(sessionKey);
    const access = this.sessions.captureTokenAccess(session);
    if (access === 'expired') throw invalidCaptureToken();
    if (access === 'read-only' && intent === 'change') throw captureTokenReadOnly(sessionKey);
    return session;
  }
}
