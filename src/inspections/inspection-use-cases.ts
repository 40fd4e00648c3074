// The inspections folder's part of the app: sessions, capture, report generation and reviews for the faces, the
// photo files and public URLs they read, and the expiry sweeper the app starts and stops.
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../observability/metrics.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { FileStore } from '../storage/file-store.js';
import type { SmsProvider } from '../sms/sms-provider.js';
import type { VinReader } from '../vin/vin-reader.js';
import type { VinDecoder } from '../vin/vin-decoder.js';
import type { VehicleDetector } from '../vehicle/vehicle-detector.js';
import type { OdometerReader } from '../odometer/odometer-reader.js';
import type { Stores } from '../store/stores.js';
import { createQcRunner } from '../qc/pool.js';
import type { QcThresholds } from '../qc/thresholds.js';
import { PublicUrls } from './public-urls.js';
import { PhotoFiles } from './photo-files.js';
import { SessionMoves } from './session-moves.js';
import { SessionSimulator } from '../simulation/session-simulator.js';
import { SessionService } from './session-service.js';
import { CaptureService } from './capture-service.js';
import { ReportGenerator } from './report-generator.js';
import { ReviewService } from './review-service.js';
import { ExpirySweeper } from './expiry-sweeper.js';
import { CaptureAccess } from './capture-access.js';
import { VehicleDecoding } from './vehicle-decoding.js';
import { SmsInvitations } from './sms-invitations.js';
import type { DamageDetector } from './damage-detector.js';
import { HttpDamageDetector } from './http-damage-detector.js';
import type { MailNotifications } from '../mail/mail-notifications.js';
import { SessionMail } from '../mail/session-mail.js';

export function createInspectionUseCases(deps: {
  stores: Pick<Stores, 'sessions' | 'accounts' | 'captures' | 'notes' | 'damages' | 'leases'>;
  recorder: EventRecorder;
  fileStore: FileStore;
  sms: SmsProvider;
  vin: VinReader;
  vinDecoder: VinDecoder;
  /** The vehicle check's detector; null when VEHICLE_CHECK=off. */
  vehicleDetector: VehicleDetector | null;
  /** The odometer reading of cluster photos; null when ODOMETER_READING=off. */
  odometerReader: OdometerReader | null;
  config: Pick<Config, 'publicUrl' | 'damageDetector' | 'reportLinkDays' | 'qcThresholds' | 'expirySweepIntervalMs' | 'vehicleCheck'>;
  detector: DamageDetector | null;
  logger: Logger;
  metrics: Metrics;
  /** Queues the mail a session's life triggers. */
  mails: MailNotifications;
  clock: () => Date;
}) {
  const { stores, recorder, config, logger, clock } = deps;
  const urls = new PublicUrls(config.publicUrl);
  const files = new PhotoFiles(deps.fileStore, stores.captures);
  const moves = new SessionMoves(stores.sessions, recorder);
  const mail = new SessionMail({ mails: deps.mails, accounts: stores.accounts, urls, logger });
  const sessions = new SessionService({
    sessions: stores.sessions,
    accounts: stores.accounts,
    captures: stores.captures,
    files,
    notes: stores.notes,
    damages: stores.damages,
    recorder,
    urls,
    sms: new SmsInvitations(deps.sms, recorder, urls, stores.sessions, clock),
    mail,
    clock,
  });
  const vehicleDecoding = new VehicleDecoding({ decoder: deps.vinDecoder, capturesOf: (session) => sessions.capturesOf(session), logger });
  const reports = new ReportGenerator({
    sessions: stores.sessions,
    accounts: stores.accounts,
    captures: stores.captures,
    damages: stores.damages,
    files,
    moves,
    urls,
    detector:
      deps.detector ??
      (config.damageDetector
        ? new HttpDamageDetector({ url: config.damageDetector.url, timeoutMs: config.damageDetector.timeoutMs, retries: config.damageDetector.retries, logger })
        : null),
    detectorMinScore: config.damageDetector?.minScore,
    logger,
    clock,
    reportLinkDays: config.reportLinkDays,
    vehicleDecoding,
    mail,
    recorder,
  });
  const capture = new CaptureService({
    sessions: stores.sessions,
    captures: stores.captures,
    files,
    recorder,
    moves,
    sessionService: sessions,
    reports,
    qc: createQcRunner({
      thresholds: config.qcThresholds as Partial<QcThresholds>,
      vehicleCheck: deps.vehicleDetector ? { mode: config.vehicleCheck, detector: deps.vehicleDetector } : undefined,
      vinReader: deps.vin,
      odometerReader: deps.odometerReader ?? undefined,
    }),
    metrics: deps.metrics,
    urls,
    clock,
  });
  const reviews = new ReviewService({ sessionService: sessions, damages: stores.damages, reports });
  return {
    urls,
    files,
    sessions,
    captureAccess: new CaptureAccess(sessions),
    capture,
    reports,
    /** What a VIN says about the vehicle (docs/capture.md). */
    vehicleDecoding,
    /** Completing reviews (docs/staff.md). */
    reviews,
    /** Simulated captures of test sessions (docs/rest-guide.md "Test keys"). */
    simulator: new SessionSimulator({ sessions, capture, reviews, moves, logger, clock }),
    /** Expires sessions past their deadline; started and stopped with the app. */
    sweeper: new ExpirySweeper({ sessions: stores.sessions, leases: stores.leases, moves, reports, logger, intervalMs: config.expirySweepIntervalMs, clock }),
  };
}
