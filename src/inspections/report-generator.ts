// Condition report generation (docs/staff.md): after confirmation the damage detector (if any) proposes damages; an
// `auto` account's report is generated at once, a `manual` one's when a person completes the review. Generating
// assembles the results object once and moves CONFIRM → COMPLETE with it: the same stored object answers
// GET .../results and is the SESSION:COMPLETE payload.
import { randomBytes } from 'node:crypto';
import type { InspectionSessionStore, SessionCondition } from '../store/inspection-sessions.js';
import type { InspectionSession } from '../domain/inspection-session.js';
import type { CaptureStore } from '../store/captures.js';
import type { DamageStore } from '../store/damages.js';
import type { AccountStore } from '../store/accounts.js';
import type { ReviewMode } from '../domain/account.js';
import type { Logger } from '../logger.js';
import { buildSessionResults, reportRevisedPayload, type SessionResults } from '../domain/results.js';
import type { EventRecorder } from '../events/event-recorder.js';
import { approvedMessage, latestCapturePerCode, standingCaptures } from '../domain/photos.js';
import { isGrade, parseRegion, type Grade } from '../domain/grading.js';
import { damageTypeOrOther, itemOrOther } from '../domain/damage-catalog.js';
import { newRandomId } from '../domain/identifiers.js';
import { sessionCapturedVin } from '../domain/vin.js';
import type { DamageDetector } from './damage-detector.js';
import type { PhotoFiles } from './photo-files.js';
import type { PublicUrls } from './public-urls.js';
import type { SessionMoves } from './session-moves.js';
import type { VehicleDecoding } from './vehicle-decoding.js';
import type { SessionMail } from '../mail/session-mail.js';
import { reportRevisionOf } from './representation.js';

/** Detector proposals scoring at least this are accepted in `auto` mode, unless configured otherwise. */
export const DEFAULT_DETECTOR_MIN_SCORE = 0.5;

const DAY_MS = 24 * 60 * 60 * 1000;
/** VIN plate, interior and instrument cluster: not shown to a body-damage model. */
const NOT_EXTERIOR = new Set([1, 2, 3]);

/** Only writes already under way when generation began can make it start over, so a few attempts suffice. */
const MAX_GENERATION_ATTEMPTS = 20;

type Captures = Awaited<ReturnType<CaptureStore['listForSession']>>;

export class ReportGenerator {
  constructor(
    private readonly deps: {
      sessions: InspectionSessionStore;
      accounts: AccountStore;
      captures: CaptureStore;
      damages: DamageStore;
      files: PhotoFiles;
      moves: SessionMoves;
      urls: PublicUrls;
      detector: DamageDetector | null;
      /** DAMAGE_DETECTOR_MIN_SCORE: the score from which `auto` mode accepts a proposal. */
      detectorMinScore?: number;
      logger: Logger;
      clock: () => Date;
      /** REPORT_LINK_DAYS: how long the report's shareable link opens it. */
      reportLinkDays: number;
      /** The VIN decode the results carry (docs/capture.md). */
      vehicleDecoding: VehicleDecoding;
      mail: Pick<SessionMail, 'reviewWaiting' | 'sessionCompleted'>;
      /** Records SESSION:REPORT_REVISED (a first report's SESSION:COMPLETE is recorded by the move). */
      recorder: Pick<EventRecorder, 'record'>;
    },
  ) {}

  /**
   * The step after confirmation (also retried by the sweeper for a CONFIRM session a crash interrupted): runs the
   * detector, then completes an `auto` account's session, or leaves a `manual` one waiting for its review.
   * Returns the completed session, or null when it stays in CONFIRM or another instance completed it first.
   */
  async complete(session: InspectionSession): Promise<InspectionSession | null> {
    if (session.status !== 'CONFIRM' || session.reviewPending) return null;
    const mode = await this.reviewModeOf(session);
    const captures = standingCaptures(session.photos, await this.deps.captures.listForSession(session.apiKey, session.key));
    const detectorRan = await this.runDetector(session, captures, mode);
    if (mode === 'manual') {
      const waiting = await this.deps.sessions.updateIfStatus(
        session.key,
        ['CONFIRM'],
        { reviewPending: true, detectorRan, updatedAt: this.deps.clock() },
        { reviewNotPending: true },
      );
      // Only the instance whose write set the flag tells the staff, so they hear of each session once.
      if (waiting) await this.deps.mail.reviewWaiting(waiting);
      return null;
    }
    return this.generate(session, captures, { reviewedBy: null, reviewedAt: null, detectorRan });
  }

  /** Completes a review: the report names `reviewedBy`. Returns null when another request completed it first. */
  async completeReview(session: InspectionSession, reviewedBy: string): Promise<InspectionSession | null> {
    const captures = standingCaptures(session.photos, await this.deps.captures.listForSession(session.apiKey, session.key));
    return this.generate(session, captures, { reviewedBy, reviewedAt: this.deps.clock(), detectorRan: session.detectorRan });
  }

  private async reviewModeOf(session: InspectionSession): Promise<ReviewMode> {
    const account = await this.deps.accounts.findById(session.accountId);
    // An account removed meanwhile: nobody can review, so generate the (NOT_ASSESSED) report rather than wait forever.
    return account ? account.reviewMode : 'auto';
  }

  /**
   * Generates the report and moves CONFIRM → COMPLETE. New damage record writes are refused from the start
   * (`report_started`); one already under way changes `damages_version`, which makes the move miss, and the report
   * is made again from the records as they then are. So the report never differs from the stored records.
   */
  private async generate(
    session: InspectionSession,
    captures: Captures,
    review: { reviewedBy: string | null; reviewedAt: Date | null; detectorRan: boolean },
  ): Promise<InspectionSession | null> {
    if (!(await this.deps.sessions.updateIfStatus(session.key, ['CONFIRM'], { reportStarted: newRandomId(9) }))) return null;
    for (let attempt = 0; attempt < MAX_GENERATION_ATTEMPTS; attempt += 1) {
      const current = await this.deps.sessions.findByKey(session.key);
      if (current?.status !== 'CONFIRM') return null;
      const unchanged: SessionCondition = { damagesVersion: current.damagesVersion };
      const moved = await this.generateFrom(current, captures, review, unchanged);
      if (moved) return moved;
    }
    throw new Error(`The damage records of session ${session.key} kept changing while its report was generated.`);
  }

  private async generateFrom(
    session: InspectionSession,
    captures: Captures,
    review: { reviewedBy: string | null; reviewedAt: Date | null; detectorRan: boolean },
    unchangedDamages: SessionCondition,
  ): Promise<InspectionSession | null> {
    const completedAt = this.deps.clock();
    const link = { token: randomBytes(24).toString('base64url'), expiresAt: new Date(completedAt.getTime() + this.deps.reportLinkDays * DAY_MS) };
    const plain = await this.resultsOf(session, captures, review, { completedAt, link, revision: 1 });
    const set = {
      results: plain,
      completedAt,
      reviewPending: false,
      reviewedBy: review.reviewedBy,
      reviewedAt: review.reviewedAt,
      reportLink: link,
    };
    const completed = await this.deps.moves.move(session.key, 'reportGenerated', completedAt, set, () => plain, unchangedDamages);
    if (completed) await this.deps.mail.sessionCompleted(completed);
    return completed;
  }

  /**
   * Completes a reopened review again (docs/staff.md "Review revisions"): the results are made anew from the damage
   * records as they are, with the next report.revision, under the same report link, and SESSION:REPORT_REVISED is
   * recorded. As for the first report, new damage record writes are refused from the start (`revision_started`) and
   * one already under way makes the write miss and the results be made again. Null when another request did it first.
   */
  async completeRevision(session: InspectionSession, reviewedBy: string): Promise<InspectionSession | null> {
    const started = await this.deps.sessions.updateIfStatus(
      session.key,
      ['COMPLETE'],
      { revisionStarted: newRandomId(9) },
      { reviewReopened: true, revisionStarted: null },
    );
    if (!started) return null;
    const captures = standingCaptures(session.photos, await this.deps.captures.listForSession(session.apiKey, session.key));
    for (let attempt = 0; attempt < MAX_GENERATION_ATTEMPTS; attempt += 1) {
      const current = await this.deps.sessions.findByKey(session.key);
      const reopening = current?.reviewReopened;
      if (current?.status !== 'COMPLETE' || !reopening || !current.reportLink || !current.completedAt) return null;
      const unchanged: SessionCondition = { damagesVersion: current.damagesVersion };
      const revisedAt = this.deps.clock();
      const revision = reportRevisionOf(current) + 1;
      const review = { reviewedBy, reviewedAt: revisedAt, detectorRan: current.detectorRan };
      const plain = await this.resultsOf(current, captures, review, { completedAt: current.completedAt, link: current.reportLink, revision });
      const entry = {
        revision,
        reason: reopening.reason,
        reopenedBy: reopening.by,
        reopenedAt: reopening.at,
        completedBy: reviewedBy,
        completedAt: revisedAt,
      };
      const revised = await this.deps.sessions.updateIfStatus(
        session.key,
        ['COMPLETE'],
        {
          results: plain,
          reviewedBy,
          reviewedAt: revisedAt,
          reviewReopened: null,
          revisionStarted: null,
          reviewRevisions: [...current.reviewRevisions, entry],
          updatedAt: revisedAt,
        },
        { ...unchanged, revisionStarted: current.revisionStarted },
      );
      if (revised) {
        const payload = reportRevisedPayload(plain as unknown as SessionResults, revision, reopening.reason);
        await this.deps.recorder.record({ apiKey: revised.apiKey, callbackKey: revised.createdWithKey, sessionKey: revised.key, payload: { ...payload } });
        return revised;
      }
    }
    throw new Error(`The damage records of session ${session.key} kept changing while its report was revised.`);
  }

  /** The results document of the session as its records are now (the stored results, and the webhook payload). */
  private async resultsOf(
    session: InspectionSession,
    captures: Captures,
    review: { reviewedBy: string | null; reviewedAt: Date | null; detectorRan: boolean },
    report: { completedAt: Date; link: { token: string; expiresAt: Date }; revision: number },
  ): Promise<Record<string, unknown> & { event: string }> {
    const { completedAt, link } = report;
    const damages = await this.deps.damages.listForSession(session.apiKey, session.key);
    const decodedVehicle = await this.deps.vehicleDecoding.decodedFor(session, captures);
    const results = buildSessionResults({
      session: {
        sessionKey: session.key,
        theme: session.theme,
        status: 'COMPLETE',
        language: session.language,
        redirectUrl: session.redirectUrl,
        createdAt: session.createdAt,
        inspectStartedAt: session.inspectStartedAt,
        inspectEndedAt: session.inspectEndedAt,
        completedAt,
        source: session.source,
        options: session.options,
      },
      vehicle: session.vehicle,
      vinCaptured: sessionCapturedVin(session, captures),
      decodedVehicle,
      odometerCaptured: session.capturedOdometer,
      photos: captures.map((capture) => ({
        photoCode: capture.photoCode,
        photoLabel: capture.photoLabel,
        url: capture.urlToken ? this.deps.urls.photoUrl(capture.urlToken) : '',
        approved: capture.approved,
        approvedMessage: approvedMessage(capture.approved, capture.reason),
        capturedAt: capture.createdAt,
      })),
      location: session.location
        ? {
            latitude: session.location.latitude,
            longitude: session.location.longitude,
            accuracy: session.location.accuracy,
            capturedAt: session.location.capturedAt,
          }
        : null,
      damages: damages
        .filter((damage) => isGrade(damage.grade))
        .map((damage) => ({
          damageId: damage.damageId,
          item: damage.item,
          damageType: damage.damageType,
          grade: damage.grade as Grade,
          photoCode: damage.photoCode,
          region: damage.region,
          source: damage.source,
          status: damage.status,
        })),
      review,
      reportLink: {
        url: this.deps.urls.reportUrl(link.token, 'html'),
        pdfUrl: this.deps.urls.reportUrl(link.token, 'pdf'),
        expiresAt: link.expiresAt,
        revision: report.revision,
      },
    });
    return JSON.parse(JSON.stringify(results)) as Record<string, unknown> & { event: string };
  }

  private async readOriginal(key: string): Promise<Buffer> {
    const bytes = await this.deps.files.read(key);
    if (!bytes) throw new Error(`The photo file ${key} is missing from the file store.`);
    return bytes;
  }

  /**
   * The detector seam: stores what the detector sees on the accepted photos as `proposed` damages (unknown items
   * and types become `other`); in `auto` mode proposals scoring at least the minimum are accepted at once.
   * Returns whether a detector ran.
   */
  private async runDetector(session: InspectionSession, captures: Captures, mode: ReviewMode): Promise<boolean> {
    const detector = this.deps.detector;
    if (!detector) return false;
    // The accepted exterior photos: the VIN plate, the interior and the instrument cluster show no body damage.
    const accepted = latestCapturePerCode(captures.map((capture) => ({ ...capture, capturedAt: capture.createdAt }))).filter(
      (capture) => capture.approved && capture.fileKey && capture.mimeType && !NOT_EXTERIOR.has(capture.photoCode),
    );
    const { damages: detected, unanalysed } = await detector.detect(
      accepted.map((capture) => ({
        photoCode: capture.photoCode,
        photoLabel: capture.photoLabel,
        mimeType: capture.mimeType as string,
        bytes: () => this.readOriginal(capture.fileKey as string),
      })),
      { sessionKey: session.key },
    );
    if (unanalysed.length) this.deps.logger.warn({ sessionKey: session.key, unanalysed }, 'the damage detector could not analyse some photos');
    await this.deps.sessions.updateIfStatus(session.key, ['CONFIRM'], { detectorUnanalysed: unanalysed });
    const now = this.deps.clock();
    const minScore = this.deps.detectorMinScore ?? DEFAULT_DETECTOR_MIN_SCORE;
    await this.deps.damages.deleteDetected(session.apiKey, session.key);
    const records = detected.flatMap((damage) => {
      if (!isGrade(damage.grade)) {
        this.deps.logger.warn({ detector: detector.name, grade: damage.grade }, 'damage detector proposed a record without a grade 1-5');
        return [];
      }
      const region = parseRegion(damage.region ?? null);
      const score = typeof damage.score === 'number' && damage.score >= 0 && damage.score <= 1 ? damage.score : null;
      const damageType = damageTypeOrOther(damage.damage);
      return [
        {
          damageId: newRandomId(12),
          sessionKey: session.key,
          apiKey: session.apiKey,
          item: itemOrOther(damage.item),
          damageType,
          grade: damage.grade,
          photoCode: damage.photoCode,
          region: region.ok && damage.photoCode !== null ? region.value : null,
          source: 'detector' as const,
          status: mode === 'auto' && score !== null && score >= minScore ? ('accepted' as const) : ('proposed' as const),
          score,
          note: '',
          createdBy: detector.name,
          createdAt: now,
          updatedAt: now,
        },
      ];
    });
    await this.deps.damages.insertMany(records);
    return true;
  }
}
