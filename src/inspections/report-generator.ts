// Condition report generation: runs the damage detector (if any), assembles the results object once, and moves
// CONFIRM → COMPLETE with it. The same stored object answers GET .../results and is the SESSION:COMPLETE payload.
import type { InspectionSessionDocument, InspectionSessionStore } from '../store/inspection-sessions.js';
import type { CaptureDocument, CaptureStore } from '../store/captures.js';
import type { DamageStore } from '../store/damages.js';
import type { Logger } from '../logger.js';
import { buildSessionResults } from '../domain/results.js';
import { approvedMessage, latestCapturePerCode } from '../domain/photos.js';
import { capturedVin, VIN_PHOTO_CODE } from '../domain/vin.js';
import { isGrade, parseDamage, type Grade } from '../domain/grading.js';
import type { Theme } from '../domain/themes.js';
import type { DamageDetector } from './damage-detector.js';
import type { PhotoFiles } from './photo-files.js';
import type { PublicUrls } from './public-urls.js';
import type { SessionMoves } from './session-moves.js';

export class ReportGenerator {
  constructor(
    private readonly deps: {
      sessions: InspectionSessionStore;
      captures: CaptureStore;
      damages: DamageStore;
      files: PhotoFiles;
      moves: SessionMoves;
      urls: PublicUrls;
      detector: DamageDetector | null;
      logger: Logger;
      clock: () => Date;
    },
  ) {}

  /** Completes a CONFIRM session; returns it, or null when another instance completed it first. */
  async complete(session: InspectionSessionDocument): Promise<InspectionSessionDocument | null> {
    const captures = await this.deps.captures.listForSession(session.api_key, session._id);
    await this.runDetector(session, captures);
    const damages = await this.deps.damages.listForSession(session.api_key, session._id);
    const results = buildSessionResults({
      session: {
        sessionKey: session._id,
        theme: session.theme as Theme,
        status: 'COMPLETE',
        language: session.language,
        redirectUrl: session.redirect_url,
        createdAt: session.created_at,
        inspectStartedAt: session.inspect_started_at,
        inspectEndedAt: session.inspect_ended_at,
        options: session.options,
      },
      vehicle: session.vehicle,
      vinCaptured: vinCapturedBy(session, captures),
      photos: captures.map((capture) => ({
        photoCode: capture.photo_code,
        photoLabel: capture.photo_label,
        url: capture.url_token ? this.deps.urls.photoUrl(capture.url_token) : '',
        approved: capture.approved,
        approvedMessage: approvedMessage(capture.approved, capture.reason),
        capturedAt: capture.created_at,
      })),
      location: session.location
        ? { latitude: session.location.latitude, longitude: session.location.longitude, accuracy: session.location.accuracy, capturedAt: session.location.captured_at }
        : null,
      damages: damages.filter((damage) => isGrade(damage.grade)).map((damage) => ({
        item: damage.item,
        damage: damage.damage,
        grade: damage.grade as Grade,
        photoCode: damage.photo_code,
        source: damage.source,
      })),
    });
    const plain = JSON.parse(JSON.stringify(results)) as Record<string, unknown> & { event: string };
    const completedAt = this.deps.clock();
    return this.deps.moves.move(session._id, 'reportGenerated', completedAt, { results: plain, completed_at: completedAt }, () => plain);
  }

  private async readOriginal(key: string): Promise<Buffer> {
    const bytes = await this.deps.files.read(key);
    if (!bytes) throw new Error(`The photo file ${key} is missing from the file store.`);
    return bytes;
  }

  private async runDetector(session: InspectionSessionDocument, captures: Awaited<ReturnType<CaptureStore['listForSession']>>) {
    const detector = this.deps.detector;
    if (!detector) return;
    const accepted = latestCapturePerCode(captures.map((capture) => ({ ...capture, photoCode: capture.photo_code, capturedAt: capture.created_at })))
      .filter((capture) => capture.approved && capture.file_key && capture.mime_type);
    const detected = await detector.detect(
      accepted.map((capture) => ({
        photoCode: capture.photo_code,
        photoLabel: capture.photo_label,
        mimeType: capture.mime_type as string,
        bytes: () => this.readOriginal(capture.file_key as string),
      })),
    );
    const now = this.deps.clock();
    await this.deps.damages.deleteDetected(session.api_key, session._id);
    const valid = detected.flatMap((damage) => {
      const parsed = parseDamage({ item: damage.item, damage: damage.damage, grade: damage.grade, photoCode: damage.photoCode });
      if (!parsed.ok) {
        this.deps.logger.warn({ detector: detector.name, problem: parsed.message }, 'damage detector proposed an invalid record');
        return [];
      }
      return [{ ...parsed.value }];
    });
    await this.deps.damages.insertMany(
      valid.map((damage) => ({
        session_key: session._id,
        api_key: session.api_key,
        item: damage.item,
        damage: damage.damage,
        grade: damage.grade,
        photo_code: damage.photoCode,
        source: 'detector' as const,
        created_at: now,
      })),
    );
  }
}

/** Of the VIN read from the session's VIN photo (its kept capture) and the VIN typed on the capture page, the one given last. */
function vinCapturedBy(session: InspectionSessionDocument, captures: readonly CaptureDocument[]): string | null {
  const slot = session.photos[String(VIN_PHOTO_CODE)];
  const vinPhoto = slot ? captures.find((capture) => capture._id === slot.capture_id) : undefined;
  const decoded = vinPhoto ? { vin: vinPhoto.decoded_vin ?? null, at: vinPhoto.created_at } : null;
  const typed = session.typed_vin ? { vin: session.typed_vin.vin, at: session.typed_vin.typed_at } : null;
  return capturedVin(decoded, typed);
}
