// Completing a review (docs/staff.md): a person, or an integrator's system, states what the vehicle shows; the report
// is then generated and the session completes. One use case behind POST /v1/sessions/:key/review and completeReview.
// A completed review may be reopened with a reason, corrected and completed again: a revision of the report.
import { z } from 'zod';
import type { Account } from '../domain/account.js';
import type { InspectionSession } from '../domain/inspection-session.js';
import type { DamageStore } from '../store/damages.js';
import { badRequest, conflict } from '../errors.js';
import { MAX_REVISION_REASON_LENGTH } from '../domain/results.js';
import { firstIssueMessage } from '../domain/validation.js';
import type { ReportGenerator } from './report-generator.js';
import type { SessionService } from './session-service.js';

/** The body of POST /v1/sessions/:key/review; unknown fields are ignored, null means false. */
export const ReviewInputSchema = z
  .object({
    no_damage_found: z
      .boolean({ error: 'must be true or false.' })
      .nullish()
      .meta({ default: false, description: 'Required true when no damage is accepted; refused when some are.' }),
  })
  .meta({ id: 'ReviewInput' });

/** The body of POST /v1/sessions/:key/review/reopen. */
export const ReopenReviewInputSchema = z
  .object({
    reason: z
      .string({ error: 'reason is required: say why the review is reopened.' })
      .trim()
      .min(1, 'reason is required: say why the review is reopened.')
      .max(MAX_REVISION_REASON_LENGTH, `reason must be at most ${MAX_REVISION_REASON_LENGTH} characters.`)
      .meta({ description: 'Why the review is reopened; kept in the revision history and sent with SESSION:REPORT_REVISED.' }),
  })
  .meta({ id: 'ReopenReviewInput' });

export class ReviewService {
  constructor(
    private readonly deps: {
      sessionService: SessionService;
      damages: DamageStore;
      reports: ReportGenerator;
    },
  ) {}

  /**
   * Completes the review of a CONFIRM session as `reviewer` (a user's username, or `api`). Idempotent: a session
   * already COMPLETE is returned as it is. With no accepted damage the reviewer must say so (`no_damage_found`),
   * and saying so while damages are accepted is refused: the report states only what the reviewer stated.
   */
  async completeReview(account: Account, sessionKey: string, input: unknown, reviewer: string): Promise<InspectionSession> {
    const parsed = ReviewInputSchema.safeParse(input);
    if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
    const noDamageFound = parsed.data.no_damage_found ?? false;
    const session = await this.deps.sessionService.require(account, sessionKey);
    if (session.status === 'COMPLETE' && !session.reviewReopened) return session;
    if (session.status !== 'CONFIRM' && session.status !== 'COMPLETE') {
      throw conflict(`Session ${sessionKey} is ${session.status}: only a confirmed session (CONFIRM) can be reviewed.`);
    }
    const damages = await this.deps.damages.listForSession(account.apiKey, sessionKey);
    const accepted = damages.filter((damage) => damage.status === 'accepted').length;
    if (noDamageFound && accepted > 0) {
      throw badRequest(`Session ${sessionKey} has ${accepted} accepted damage record(s): decline them, or complete the review without no_damage_found.`);
    }
    if (!noDamageFound && accepted === 0) {
      throw badRequest(`Session ${sessionKey} has no accepted damage: accept or add the damages seen, or complete the review with no_damage_found: true.`);
    }
    const completed =
      session.status === 'COMPLETE' ? await this.deps.reports.completeRevision(session, reviewer) : await this.deps.reports.completeReview(session, reviewer);
    return completed ?? (await this.deps.sessionService.require(account, sessionKey));
  }

  /**
   * Reopens the completed review of a session as `reviewer`, saying why: the status stays COMPLETE, the report links
   * keep showing the current report, and the damage records may change until the review is completed again, which
   * makes the next revision of the report. A session nobody reviewed, one not COMPLETE, or one already reopened → 409.
   */
  async reopen(account: Account, sessionKey: string, input: unknown, reviewer: string): Promise<InspectionSession> {
    const parsed = ReopenReviewInputSchema.safeParse(input);
    if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
    const session = await this.deps.sessionService.require(account, sessionKey);
    if (session.status !== 'COMPLETE') throw conflict(`Session ${sessionKey} is ${session.status}: only a completed review can be reopened.`);
    // An `auto` account's report was made without a person: there is no review to reopen.
    if (!session.reviewedBy) throw conflict(`Session ${sessionKey} was never reviewed: only a completed review can be reopened.`);
    const reopened = await this.deps.sessionService.reopenReview(session, parsed.data.reason, reviewer);
    if (!reopened) throw conflict(`The review of session ${sessionKey} is already reopened.`);
    return reopened;
  }
}
