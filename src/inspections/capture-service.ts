// The capture flow (docs/events.md, docs/capture.md): start, photos through quality control, location, guest notes and
// confirmation. Each status-bound write is conditional on the status, so racing requests cannot both win.
import { randomBytes } from 'node:crypto';
import type { InspectionSessionStore } from '../store/inspection-sessions.js';
import type { InspectionSession } from '../domain/inspection-session.js';
import type { Account } from '../domain/account.js';
import type { CaptureStore } from '../store/captures.js';
import type { Capture } from '../domain/capture.js';
import type { EventRecorder } from '../events/event-recorder.js';
import { AppError, limitReached } from '../errors.js';
import { acceptsPhotos, PHOTO_STATUSES, retakeReplacesIn, sourcesOf } from '../domain/statuses.js';
import { allRequiredAccepted, photoLabel, requiredPhotoCodes } from '../domain/themes.js';
import { stageChangePayload } from '../domain/events.js';
import { GUEST_NOTE_STATUSES, GUEST_NOTE_USER } from '../domain/capture-scope.js';
import type { QcRunner } from '../qc/pool.js';
import type { QcVerdict } from '../qc/analyze.js';
import { maxCapturesPerSession } from '../domain/limits.js';
import { variantsToKeep, type ThumbnailSize } from '../domain/photo-variants.js';
import type { Metrics } from '../observability/metrics.js';
import { NO_PHOTO_KEYS, type PhotoFiles, type PhotoKeys } from './photo-files.js';
import type { PublicUrls } from './public-urls.js';
import type { SessionMoves } from './session-moves.js';
import type { SessionService } from './session-service.js';
import type { ReportGenerator } from './report-generator.js';
import { checkVin, VIN_PHOTO_CODE } from '../domain/vin.js';
import { clusterSuggestion, OdometerReadingSchema, odometerSource } from '../domain/odometer.js';
import type { OdometerUnit } from '../domain/vehicle.js';

export type CaptureFailure = 'SESSION_EXPIRED' | 'INVALID_STATUS' | 'UNKNOWN_PHOTO_CODE' | 'INVALID_LOCATION' | 'INVALID_VIN' | 'INVALID_ODOMETER';

export function captureError(reason: CaptureFailure, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { reason });
}

/** A capture token after COMPLETE reads (status, report) and changes nothing (docs/limits.md). */
export function captureTokenReadOnly(sessionKey: string): AppError {
  return new AppError('FORBIDDEN', `Session ${sessionKey} is complete: its capture link can show the inspection and its report but change nothing.`, {
    reason: 'READ_ONLY',
  });
}

export class CaptureService {
  constructor(
    private readonly deps: {
      sessions: InspectionSessionStore;
      captures: CaptureStore;
      files: PhotoFiles;
      recorder: EventRecorder;
      moves: SessionMoves;
      sessionService: SessionService;
      reports: ReportGenerator;
      qc: QcRunner;
      metrics: Pick<Metrics, 'qcDuration'>;
      urls: PublicUrls;
      clock: () => Date;
    },
  ) {}

  /**
   * A photo sent over REST by an integrator's own capture app (docs/rest-guide.md): the same quality control, events,
   * limits and moves as the capture app's upload; an IDLE session is opened first, as the capture app opens it when
   * its page loads, so the integrator needs no separate start call.
   */
  async capturePhotoForAccount(account: Account, sessionKey: string, photoCode: number, bytes: Buffer): Promise<Capture> {
    const session = await this.deps.sessionService.require(account, sessionKey);
    return this.capturePhoto(session.status === 'IDLE' ? await this.start(session) : session, photoCode, bytes);
  }

  /** Confirmation over REST: the same as the capture app's (a session under manual review then waits in CONFIRM). */
  async confirmForAccount(account: Account, sessionKey: string): Promise<InspectionSession> {
    return this.confirm(await this.deps.sessionService.require(account, sessionKey));
  }

  /** Opens the capture: IDLE → STARTED. Calling it again later returns the session as it is (page reloads). */
  async start(session: InspectionSession): Promise<InspectionSession> {
    const current = await this.refuseIfExpired(session);
    if (current.status !== 'IDLE') return current;
    const now = this.deps.clock();
    const moved = await this.deps.moves.move(current.key, 'start', now, { inspectStartedAt: now, expiresAt: this.idleDeadline(current, now) });
    return moved ?? (await this.reload(current));
  }

  async capturePhoto(session: InspectionSession, photoCode: number, bytes: Buffer): Promise<Capture> {
    const current = await this.refuseIfExpired(session);
    const label = this.requirePhotoCode(current, photoCode);
    if (!acceptsPhotos(current.status)) throw this.notAcceptingPhotos(current);
    // The limit is checked before anything else happens, so a full session stores and moves nothing.
    await this.reserveCaptureSlot(current);
    let kept: { capture: Capture; updated: InspectionSession };
    try {
      kept = await this.checkAndKeep(current, photoCode, label, bytes);
    } catch (error) {
      await this.deps.sessions.releaseSlot(current.key, 'captureCount');
      throw error;
    }
    const { capture, updated } = kept;
    const processedAt = capture.createdAt;
    await this.deps.recorder.record({
      apiKey: current.apiKey,
      callbackKey: current.createdWithKey,
      sessionKey: current.key,
      payload: {
        ...stageChangePayload({
          sessionKey: current.key,
          photoCode,
          photoLabel: label,
          photoUrl: capture.urlToken ? this.deps.urls.photoUrl(capture.urlToken) : '',
          photoStatus: capture.approved ? 'accepted' : 'rejected',
          message: capture.reason,
          at: processedAt,
        }),
      },
    });
    const acceptedCodes = Object.entries(updated.photos)
      .filter(([, photo]) => photo.approved)
      .map(([code]) => Number(code));
    if (allRequiredAccepted(updated.theme, acceptedCodes)) {
      await this.deps.moves.move(current.key, 'allPhotosAccepted', this.deps.clock());
    }
    return capture;
  }

  /** Runs QC on the upload and keeps what docs/limits.md allows; returns the stored capture and the updated session. */
  private async checkAndKeep(current: InspectionSession, photoCode: number, label: string, bytes: Buffer) {
    const receivedAt = this.deps.clock();
    // The first photo moves STARTED → PROCESS before quality control, as the spec's "first capture begins".
    if (current.status === 'STARTED') {
      await this.deps.moves.move(current.key, 'firstPhoto', receivedAt, { expiresAt: this.idleDeadline(current, receivedAt) });
    }
    const acceptedPhotos = Object.entries(current.photos)
      .filter(([code, slot]) => Number(code) !== photoCode && slot.approved && slot.hash)
      .map(([code, slot]) => ({ photoCode: Number(code), photoLabel: photoLabel(Number(code)) ?? code, hash: slot.hash as string }));
    const qcStarted = performance.now();
    // The whole analysis — verdict, thumbnails, VIN, odometer — takes one turn of the account's in the shared workers.
    const { verdict, thumbnails, vin, odometer } = await this.deps.qc.check(bytes, {
      account: current.apiKey,
      acceptedPhotos,
      photoCode,
      readVin: photoCode === VIN_PHOTO_CODE,
      thumbnailsFor: (judged) => thumbnailSizesToKeep(judged.accepted),
    });
    this.deps.metrics.qcDuration.observe({ verdict: verdict.accepted ? 'accepted' : 'rejected' }, (performance.now() - qcStarted) / 1000);

    const captureId = randomBytes(12).toString('hex');
    const keys = await this.keepFiles(current.key, captureId, bytes, verdict, thumbnails);
    const hasFile = keys.fileKey !== null || keys.mediumKey !== null || keys.thumbKey !== null;
    const processedAt = this.deps.clock();
    const capture: Capture = {
      id: captureId,
      sessionKey: current.key,
      apiKey: current.apiKey,
      photoCode,
      photoLabel: label,
      ...keys,
      urlToken: hasFile ? randomBytes(24).toString('base64url') : null,
      mimeType: verdict.mimeType,
      sizeBytes: bytes.length,
      width: verdict.width,
      height: verdict.height,
      hash: verdict.hash,
      approved: verdict.accepted,
      reason: verdict.reason,
      rejectionCode: verdict.rejectionCode,
      metrics: numericMetrics(verdict.metrics),
      decodedVin: vin,
      vehicleCheck: verdict.vehicle?.check ?? null,
      vehicleBox: verdict.vehicle?.box ?? null,
      odometerSuggested: odometer,
      createdAt: processedAt,
      updatedAt: processedAt,
    };
    await this.deps.captures.insert(capture);
    const slot = { captureId: capture.id, approved: capture.approved, hash: capture.approved ? capture.hash : null, capturedAt: processedAt };
    const touched = { expiresAt: this.idleDeadline(current, processedAt), updatedAt: processedAt };
    // docs/capture.md: the latest capture takes the view's place, except that once every view is accepted (QC_PASSED) a
    // rejected retake is only recorded and the accepted photo stays. Each write names the statuses it may land in, so
    // a session that reached QC_PASSED during this photo's check is judged by the QC_PASSED rule.
    const updated =
      (await this.deps.sessions.updateIfStatus(current.key, retakeReplacesIn(capture.approved), { photo: { code: photoCode, slot }, ...touched })) ??
      (capture.approved ? null : await this.deps.sessions.updateIfStatus(current.key, ['QC_PASSED'], touched));
    if (!updated) {
      // The session moved on (confirmed, expired) while this photo was checked: the photo is not kept.
      await this.deps.captures.delete(capture.id);
      await this.deps.files.delete(keys);
      throw this.notAcceptingPhotos(await this.reload(current));
    }
    return { capture, updated };
  }

  /**
   * An accepted photo keeps its original and both thumbnails; a rejected one only its thumbnail; an upload that is
   * not a decodable image within the pixel limit (unsupported, unreadable, a decompression bomb) keeps nothing.
   */
  private async keepFiles(
    sessionKey: string,
    captureId: string,
    bytes: Buffer,
    verdict: QcVerdict,
    thumbnails: Partial<Record<ThumbnailSize, Buffer>> | null,
  ): Promise<PhotoKeys> {
    if (!verdict.mimeType || verdict.width === null) return NO_PHOTO_KEYS;
    if (!thumbnails && !verdict.accepted) return NO_PHOTO_KEYS;
    return this.deps.files.save(
      { sessionKey, captureId },
      {
        ...(variantsToKeep(verdict.accepted).includes('original') ? { original: { bytes, contentType: verdict.mimeType } } : {}),
        ...thumbnails,
      },
    );
  }

  private async reserveCaptureSlot(session: InspectionSession): Promise<void> {
    const limit = maxCapturesPerSession(requiredPhotoCodes(session.theme).length);
    if (!(await this.deps.sessions.takeSlot(session.key, 'captureCount', limit, PHOTO_STATUSES))) {
      throw limitReached(`Session ${session.key} already holds ${limit} photo uploads, the most one session may hold.`, { limit });
    }
  }

  async setLocation(session: InspectionSession, input: { latitude: number; longitude: number; accuracy?: number | null }) {
    const current = await this.refuseIfExpired(session);
    const { latitude, longitude } = input;
    const accuracy = input.accuracy ?? null;
    if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) throw captureError('INVALID_LOCATION', 'latitude must be between -90 and 90.');
    if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) throw captureError('INVALID_LOCATION', 'longitude must be between -180 and 180.');
    if (accuracy !== null && (!Number.isFinite(accuracy) || accuracy < 0))
      throw captureError('INVALID_LOCATION', 'accuracy must be a non-negative number of metres.');
    const now = this.deps.clock();
    const updated = await this.deps.sessions.updateIfStatus(current.key, ['STARTED', 'PROCESS', 'QC_PASSED'], {
      location: { latitude, longitude, accuracy, capturedAt: now },
      updatedAt: now,
    });
    if (!updated) throw captureError('INVALID_STATUS', `The location can be set only while capturing; session ${current.key} is ${current.status}.`);
    return updated;
  }

  /**
   * A VIN typed on the capture page, while capturing (docs/capture.md): for a label the barcode reader could not read.
   * The VIN given last, typed or decoded, is the one the results report.
   */
  async setVin(session: InspectionSession, typed: string): Promise<InspectionSession> {
    const current = await this.refuseIfExpired(session);
    const check = checkVin(typed);
    if (!check.valid) throw captureError('INVALID_VIN', `The VIN is not valid. ${check.problem}`);
    const now = this.deps.clock();
    const updated = await this.deps.sessions.updateIfStatus(current.key, ['STARTED', 'PROCESS', 'QC_PASSED'], {
      typedVin: { vin: check.vin, typedAt: now },
      updatedAt: now,
    });
    if (updated) return updated;
    const latest = await this.reload(current);
    if (latest.status === 'IDLE') throw captureError('INVALID_STATUS', `Start the capture of session ${latest.key} before typing the VIN.`);
    throw captureError('INVALID_STATUS', `The VIN can be typed only while capturing; session ${latest.key} is ${latest.status}.`);
  }

  /**
   * The odometer confirmed or typed on the capture page, while capturing (docs/capture.md#odometer-reading): its source is
   * "photo" when it equals what the kept cluster photo was read as, "typed" otherwise. The reading given last counts;
   * without a unit it is in the integrator's odom_unit, else in kilometres.
   */
  async setOdometer(session: InspectionSession, input: { reading: number; unit?: OdometerUnit | null }): Promise<InspectionSession> {
    const current = await this.refuseIfExpired(session);
    const reading = OdometerReadingSchema.safeParse(input.reading);
    if (!reading.success) throw captureError('INVALID_ODOMETER', reading.error.issues[0]?.message ?? 'The odometer reading is not valid.');
    const suggested = clusterSuggestion(current, await this.deps.captures.listForSession(current.apiKey, current.key));
    const now = this.deps.clock();
    const updated = await this.deps.sessions.updateIfStatus(current.key, ['STARTED', 'PROCESS', 'QC_PASSED'], {
      capturedOdometer: {
        reading: reading.data,
        unit: input.unit ?? current.vehicle.odomUnit ?? 'km',
        source: odometerSource(reading.data, suggested),
        capturedAt: now,
      },
      updatedAt: now,
    });
    if (updated) return updated;
    const latest = await this.reload(current);
    if (latest.status === 'IDLE') throw captureError('INVALID_STATUS', `Start the capture of session ${latest.key} before giving the odometer reading.`);
    throw captureError('INVALID_STATUS', `The odometer reading can be given only while capturing; session ${latest.key} is ${latest.status}.`);
  }

  /** A note from the person capturing: only while capturing, so it is in the report and never added after it. */
  async addGuestNote(session: InspectionSession, input: { title: string; description: string }) {
    const current = await this.refuseIfExpired(session);
    return this.deps.sessionService.insertNote(
      current,
      {
        user: GUEST_NOTE_USER,
        statuses: GUEST_NOTE_STATUSES,
        refusal: (latest) => {
          if (latest.status === 'COMPLETE') return captureTokenReadOnly(latest.key);
          if (latest.status === 'EXPIRED') return captureError('SESSION_EXPIRED', `Session ${latest.key} has expired.`);
          if (latest.status === 'IDLE') return captureError('INVALID_STATUS', `Start the capture of session ${latest.key} before adding notes.`);
          return captureError('INVALID_STATUS', `Notes can be added only while capturing; session ${latest.key} is ${latest.status}.`);
        },
      },
      input,
    );
  }

  /**
   * QC_PASSED → CONFIRM, then the condition report is generated and the session completes. Idempotent like
   * start: a session already confirmed (or complete) is returned as it is, with no second report or event.
   */
  async confirm(session: InspectionSession): Promise<InspectionSession> {
    const current = await this.refuseIfExpired(session);
    if (isConfirmed(current)) return current;
    const now = this.deps.clock();
    const moved = await this.deps.moves.move(current.key, 'confirm', now, { inspectEndedAt: now });
    if (!moved) {
      const latest = await this.reload(current);
      if (isConfirmed(latest)) return latest;
      throw captureError(
        'INVALID_STATUS',
        `Only a session whose photos all passed quality control can be confirmed; session ${current.key} is ${latest.status}.`,
      );
    }
    return (await this.deps.reports.complete(moved)) ?? (await this.reload(moved));
  }

  /** Expiry is checked in code as well as by the sweeper, so an idle session never accepts work late. */
  private async refuseIfExpired(session: InspectionSession): Promise<InspectionSession> {
    const now = this.deps.clock();
    if (sourcesOf('expire').includes(session.status) && session.expiresAt <= now) {
      await this.deps.moves.move(session.key, 'expire', now);
      throw captureError('SESSION_EXPIRED', `Session ${session.key} has expired.`);
    }
    if (session.status === 'EXPIRED') throw captureError('SESSION_EXPIRED', `Session ${session.key} has expired.`);
    return session;
  }

  private requirePhotoCode(session: InspectionSession, photoCode: number): string {
    const required = requiredPhotoCodes(session.theme);
    const label = photoLabel(photoCode);
    if (!required.includes(photoCode) || !label) {
      throw captureError('UNKNOWN_PHOTO_CODE', `Photo code ${photoCode} is not part of theme ${session.theme}; use one of ${required.join(', ')}.`);
    }
    return label;
  }

  private notAcceptingPhotos(session: InspectionSession): AppError {
    if (session.status === 'IDLE') return captureError('INVALID_STATUS', `Start the capture of session ${session.key} before sending photos.`);
    return captureError('INVALID_STATUS', `Session ${session.key} is ${session.status} and no longer accepts photos.`);
  }

  private idleDeadline(session: InspectionSession, from: Date): Date {
    return new Date(from.getTime() + session.expirationHours * 3_600_000);
  }

  private async reload(session: InspectionSession): Promise<InspectionSession> {
    return (await this.deps.sessions.findByKey(session.key)) ?? session;
  }
}

function isConfirmed(session: InspectionSession): boolean {
  return session.status === 'CONFIRM' || session.status === 'COMPLETE';
}

function numericMetrics(metrics: object): Record<string, number> {
  return Object.fromEntries(Object.entries(metrics).filter(([, value]) => typeof value === 'number' && Number.isFinite(value))) as Record<string, number>;
}

/** The thumbnails a verdict keeps (variantsToKeep without the original). */
function thumbnailSizesToKeep(accepted: boolean): ThumbnailSize[] {
  return variantsToKeep(accepted).filter((size): size is ThumbnailSize => size !== 'original');
}
