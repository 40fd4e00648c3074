// The condition report use case: the completed session's results and notes, as HTML (drawn per request, cheap and
// bounded) or as a PDF. A completed session is immutable, so its PDF is rendered once, in the render pool, stored
// in the file store and served from there; concurrent first requests share that one render. A revised report (a
// reopened review completed again) is a new document with its own stored PDF.
import type { InspectionSessionStore } from '../store/inspection-sessions.js';
import type { InspectionSession } from '../domain/inspection-session.js';
import type { CaptureStore } from '../store/captures.js';
import type { Capture } from '../domain/capture.js';
import type { NoteStore } from '../store/notes.js';
import type { AccountStore } from '../store/accounts.js';
import type { UserStore } from '../store/users.js';
import type { Account } from '../domain/account.js';
import type { AccountLogos } from '../accounts/account-logos.js';
import type { PublicUrls } from '../inspections/public-urls.js';
import type { PhotoFiles } from '../inspections/photo-files.js';
import { API_ACTOR, type SessionResults } from '../domain/results.js';
import type { FileStore, StoredFile } from '../storage/file-store.js';
import type { Metrics } from '../observability/metrics.js';
import type { Logger } from '../logger.js';
import { latestCapturePerCode, standingCaptures } from '../domain/photos.js';
import { GUEST_NOTE_USER, guestBrand, guestVehicle } from '../domain/capture-scope.js';
import { AppError } from '../errors.js';
import { buildConditionReport, DEFAULT_BRAND_COLOR, REPORT_LIMITS, type ConditionReport } from './report-model.js';
import { renderReportHtml } from './report-html.js';
import type { ReportRenderPool } from './report-render-pool.js';
import { reportWords } from './report-words.js';
import { reportRevisionOf } from '../inspections/representation.js';

/**
 * Who a report is for: the account (everything), or the person who took the photos through the capture link, whose
 * copy leaves out the integrator's notes and vehicle record (docs/limits.md: a guest sees only what the guest needs).
 */
export type ReportAudience = 'account' | 'guest';

/**
 * Where a completed session's PDF is kept in the file store, one file per audience and report revision (docs/staff.md
 * "Review revisions"): a revised report is a new file, so a render of the previous one still under way cannot
 * overwrite it. The first revision keeps the name it always had.
 */
function reportPdfKey(session: Pick<InspectionSession, 'key' | 'results'>, audience: ReportAudience): string {
  const revision = reportRevisionOf(session);
  const name = [session.key, ...(revision > 1 ? [`r${revision}`] : []), ...(audience === 'account' ? [] : [audience])].join('.');
  return `reports/${name}.pdf`;
}

/** 24 random bytes in base64url, as the report generator makes them. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{32}$/;

export class ReportDocuments {
  /** Renders in progress in this instance, by session key (single flight). */
  private readonly rendering = new Map<string, Promise<void>>();
  /** Report preparations still looking their session up: close() waits for them too. */
  private readonly preparing = new Set<Promise<void>>();
  private closing = false;

  constructor(
    private readonly deps: {
      stores: { notes: NoteStore; captures: CaptureStore; sessions: InspectionSessionStore; accounts: AccountStore; users: Pick<UserStore, 'findInAccount'> };
      files: PhotoFiles;
      fileStore: FileStore;
      /** The account's logo: its URL for the page, its bytes for the PDF. */
      logos: Pick<AccountLogos, 'bytesOf'>;
      urls: Pick<PublicUrls, 'logoUrl'>;
      renderer: ReportRenderPool;
      metrics: Metrics;
      logger: Logger;
      clock: () => Date;
    },
  ) {}

  /**
   * The completed session a shareable report link opens (docs/staff.md), or why it opens none. The link opens the
   * integrator's report, as the authenticated route does.
   */
  async openLink(token: string, now: Date = this.deps.clock()): Promise<{ session: InspectionSession } | { refused: 'unknown' | 'expired' }> {
    const session = LINK_TOKEN.test(token) ? await this.deps.stores.sessions.findByReportLinkToken(token) : null;
    if (!session?.reportLink || session.reportLink.token !== token || session.status !== 'COMPLETE') return { refused: 'unknown' };
    if (session.reportLink.expiresAt <= now) return { refused: 'expired' };
    return { session };
  }

  async html(session: InspectionSession, audience: ReportAudience = 'account'): Promise<string> {
    return renderReportHtml(await this.model(session, audience, await this.accountOf(session)));
  }

  /** The stored PDF, rendered first if this is the first request for it. */
  async pdf(session: InspectionSession, audience: ReportAudience = 'account'): Promise<StoredFile> {
    assertComplete(session);
    const key = reportPdfKey(session, audience);
    const stored = await this.deps.fileStore.open(key);
    if (stored) return stored;
    await this.renderOnce(session, audience);
    const rendered = await this.deps.fileStore.open(key);
    if (!rendered) throw new Error(`The report PDF ${key} is missing right after it was stored.`);
    return rendered;
  }

  /** Renders and stores the PDF of a session that just completed or was revised, in the background, so the first download is a read. */
  prepareCompleted(apiKey: string, sessionKey: string): void {
    if (this.closing) return;
    const preparation: Promise<void> = (async () => {
      const session = await this.deps.stores.sessions.findForAccount(apiKey, sessionKey);
      if (this.closing) return;
      if (session?.status === 'COMPLETE' && session.results) await this.renderOnce(session, 'account');
    })()
      .catch((error: unknown) => this.deps.logger.warn({ err: error, sessionKey }, 'could not prepare the condition report PDF'))
      .finally(() => this.preparing.delete(preparation));
    this.preparing.add(preparation);
  }

  /** Waits for preparations and renders in progress (none starts after this), then ends the render threads. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.preparing]);
    await Promise.allSettled([...this.rendering.values()]);
    await this.deps.renderer.close();
  }

  private renderOnce(session: InspectionSession, audience: ReportAudience): Promise<void> {
    const key = reportPdfKey(session, audience);
    const running = this.rendering.get(key);
    if (running) return running;
    const render = this.renderAndStore(session, audience).finally(() => this.rendering.delete(key));
    this.rendering.set(key, render);
    return render;
  }

  private async renderAndStore(session: InspectionSession, audience: ReportAudience): Promise<void> {
    const key = reportPdfKey(session, audience);
    const existing = await this.deps.fileStore.open(key); // another instance may have stored it meanwhile
    if (existing) {
      existing.body.destroy();
      return;
    }
    const account = await this.accountOf(session);
    const [report, thumbnails, logo] = await Promise.all([this.model(session, audience, account), this.thumbnails(session), this.deps.logos.bytesOf(account)]);
    const stopTimer = this.deps.metrics.reportRenderDuration.startTimer();
    const pdf = await this.deps.renderer.render({ report, thumbnails: [...thumbnails], logo });
    stopTimer();
    this.deps.metrics.reportRenders.inc();
    await this.deps.fileStore.put(key, pdf, { contentType: 'application/pdf' });
  }

  private accountOf(session: InspectionSession): Promise<Account | null> {
    return this.deps.stores.accounts.findById(session.accountId);
  }

  private async model(session: InspectionSession, audience: ReportAudience, account: Account | null): Promise<ConditionReport> {
    assertComplete(session);
    const author = audience === 'guest' ? GUEST_NOTE_USER : undefined;
    const results = session.results as unknown as SessionResults;
    // The capture link's copy never names the account's username (its login): only a display name chosen to be shown.
    // Without a display name the guest copy is headed as the capture page is ("Vehicle inspection", in its language).
    const brandName = audience === 'guest' ? (guestBrand(account).name ?? reportWords(session.language).messages['page.title']) : account?.displayName;
    // The notes and the reviewer are two look-ups of their own: made together, one round trip's wait per render.
    const [{ notes, total }, reviewerName] = await Promise.all([
      this.deps.stores.notes.listNewestForSession(session.apiKey, session.key, REPORT_LIMITS.notes, author),
      this.reviewerName(session, results, audience, brandName),
    ]);
    return buildConditionReport(
      audience === 'guest' ? { ...results, vehicle: { ...guestVehicle(results.vehicle) } as SessionResults['vehicle'] } : results,
      { newest: notes, total },
      this.deps.clock(),
      {
        ...(account && brandName
          ? { brand: { name: brandName, color: account.brandColor ?? DEFAULT_BRAND_COLOR, logoUrl: this.deps.urls.logoUrl(account?.logo) } }
          : {}),
        unanalysedPhotoCodes: session.detectorUnanalysed,
        words: reportWords(session.language),
        ...(reviewerName ? { reviewerName } : {}),
      },
    );
  }

  /**
   * The person who completed the review as the report names them: their name, not their username (a login). The
   * guest copy never shows a username: without the person (removed since), it names the dealer instead.
   */
  private async reviewerName(session: InspectionSession, results: SessionResults, audience: ReportAudience, brandName: string | undefined) {
    const username = results.inspection?.reviewed_by;
    if (!username || username === API_ACTOR) return undefined;
    const person = await this.deps.stores.users.findInAccount(session.apiKey, username);
    return person?.name || (audience === 'guest' ? brandName : undefined);
  }

  /**
   * The reported photos as the JPEG thumbnails stored at capture time (PDF takes only JPEG and PNG; photos may be
   * WebP), so laying out a report decodes no photo again.
   */
  private async thumbnails(session: InspectionSession): Promise<Map<number, Uint8Array>> {
    const captures = standingCaptures(session.photos, await this.deps.stores.captures.listForSession(session.apiKey, session.key));
    const latest = latestCapturePerCode(captures.map((capture) => ({ ...capture, capturedAt: capture.createdAt })));
    const thumbnails = new Map<number, Uint8Array>();
    for (const capture of latest.slice(0, REPORT_LIMITS.photos)) {
      try {
        const bytes = await this.photoBytes(capture);
        if (bytes) thumbnails.set(capture.photoCode, bytes);
      } catch {
        // An unreadable stored photo leaves an empty frame rather than no report.
      }
    }
    return thumbnails;
  }

  /** The thumbnail made when the photo was captured (≤ 400 px JPEG, upright), or null when it has none. */
  private async photoBytes(capture: Capture): Promise<Buffer | null> {
    return capture.thumbKey ? this.deps.files.read(capture.thumbKey) : null;
  }
}

function assertComplete(session: InspectionSession): void {
  if (session.status !== 'COMPLETE' || !session.results) throw new AppError('CONFLICT', 'Session is not yet completed.');
}
