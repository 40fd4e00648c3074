// The composition root for use cases: stores over one database, and the services both faces call.
import type { Db } from 'mongodb';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import { CachedAccountStore } from './accounts/account-cache.js';
import { AccessRecordStore } from './store/access-records.js';
import { CallbackStore } from './store/callbacks.js';
import { InspectionSessionStore } from './store/inspection-sessions.js';
import { CaptureStore } from './store/captures.js';
import { NoteStore } from './store/notes.js';
import { DamageStore } from './store/damages.js';
import { EventStore } from './store/events.js';
import { LeaseStore } from './store/leases.js';
import { DeliveryStore } from './store/deliveries.js';
import { UserStore } from './store/users.js';
import { SignInStore } from './store/sign-ins.js';
import { SignInFailureStore } from './store/sign-in-failures.js';
import { Authenticator } from './auth/authenticator.js';
import { AccessRecordService } from './auth/access-records.js';
import { AccountService } from './accounts/accounts.js';
import { CallbackService } from './webhooks/callbacks.js';
import { DeliveryScheduler } from './webhooks/delivery-scheduler.js';
import { WebhookOutbox } from './webhooks/outbox.js';
import { OutboxReconciler } from './webhooks/outbox-reconciler.js';
import { DeliveryService } from './webhooks/deliveries.js';
import { EventRecorder } from './events/event-recorder.js';
import type { EventBus, SessionEventMessage } from './events/event-bus.js';
import { sessionEventStream, type EventStreamRequest } from './events/event-stream.js';
import { PublicUrls } from './inspections/public-urls.js';
import { PhotoFiles } from './inspections/photo-files.js';
import { SessionMoves } from './inspections/session-moves.js';
import { SessionService } from './inspections/session-service.js';
import { CaptureService } from './inspections/capture-service.js';
import { ReportGenerator } from './inspections/report-generator.js';
import { ReviewService } from './inspections/review-service.js';
import { ExpirySweeper } from './inspections/expiry-sweeper.js';
import { RetentionSweeper } from './maintenance/retention-sweeper.js';
import { SmsInvitations } from './inspections/sms-invitations.js';
import type { DamageDetector } from './inspections/damage-detector.js';
import { HttpDamageDetector } from './inspections/http-damage-detector.js';
import { createQcRunner } from './qc/pool.js';
import type { QcThresholds } from './qc/thresholds.js';
import { resolveQcThresholds } from './qc/thresholds.js';
import { createVinReader, type VinReader } from './vin/vin-reader.js';
import type { SmsProvider } from './sms/sms-provider.js';
import { ReportDocuments } from './reports/report-documents.js';
import { createReportRenderPool } from './reports/report-render-pool.js';
import type { Metrics } from './observability/metrics.js';
import type { FileStore } from './storage/file-store.js';
import { LogSmsProvider } from './sms/log-sms-provider.js';
import { TwilioSmsProvider } from './sms/twilio-sms-provider.js';
import { UserService } from './users/users.js';
import { SignInService } from './users/sign-ins.js';

export interface Stores {
  accounts: CachedAccountStore;
  accessRecords: AccessRecordStore;
  callbacks: CallbackStore;
  sessions: InspectionSessionStore;
  captures: CaptureStore;
  notes: NoteStore;
  damages: DamageStore;
  events: EventStore;
  leases: LeaseStore;
  deliveries: DeliveryStore;
  users: UserStore;
  signIns: SignInStore;
  signInFailures: SignInFailureStore;
}

export interface Services {
  stores: Stores;
  urls: PublicUrls;
  eventBus: EventBus;
  recorder: EventRecorder;
  /** A subscriber's events: recorded ones after a cursor, then live ones (events/event-stream.ts). */
  sessionEvents: (request: EventStreamRequest) => AsyncGenerator<SessionEventMessage>;
  authenticator: Authenticator;
  accessRecords: AccessRecordService;
  accounts: AccountService;
  callbacks: CallbackService;
  deliveries: DeliveryService;
  /** Sends webhook deliveries; started and stopped with the app. */
  deliveryWorker: DeliveryScheduler;
  /** Writes deliveries missing after a crash; started and stopped with the app. */
  outboxReconciler: OutboxReconciler;
  sessions: SessionService;
  capture: CaptureService;
  reports: ReportGenerator;
  /** Completing reviews (docs/staff.md). */
  reviews: ReviewService;
  sweeper: ExpirySweeper;
  /** Deletes what TTL indexes would; started and stopped with the app. */
  retention: RetentionSweeper;
  files: PhotoFiles;
  /** Photos, thumbnails and report PDFs (docs/capture.md). */
  fileStore: FileStore;
  sms: SmsProvider;
  reportDocuments: ReportDocuments;
  metrics: Metrics;
  /** People of an account and their sign-ins (docs/staff.md). */
  users: UserService;
  signIns: SignInService;
  /** Reads VIN barcodes in a worker thread; closed with the app. */
  vinReader: VinReader;
}

export interface ServiceOptions {
  metrics: Metrics;
  config: Config;
  db: Db;
  fileStore: FileStore;
  logger: Logger;
  eventBus: EventBus;
  clock?: () => Date;
  detector?: DamageDetector | null;
  /** The database's findOneAndUpdate is a compare-and-set (Database.atomicFindAndModify); false is always safe. */
  atomicFindAndModify?: boolean;
}

export function createStores(db: Db, options: { webhookRetentionDays?: number; atomicFindAndModify?: boolean } = {}): Stores {
  return {
    accounts: new CachedAccountStore(db),
    accessRecords: new AccessRecordStore(db),
    callbacks: new CallbackStore(db),
    sessions: new InspectionSessionStore(db, { atomicFindAndModify: options.atomicFindAndModify ?? false }),
    captures: new CaptureStore(db),
    notes: new NoteStore(db),
    damages: new DamageStore(db),
    events: new EventStore(db),
    leases: new LeaseStore(db),
    deliveries: new DeliveryStore(db, { retentionDays: options.webhookRetentionDays ?? 30 }),
    users: new UserStore(db),
    signIns: new SignInStore(db),
    signInFailures: new SignInFailureStore(db),
  };
}

export async function ensureIndexes(stores: Stores): Promise<void> {
  await Promise.all(Object.values(stores).map((store) => store.ensureIndexes()));
}

export function createServices({
  config,
  db,
  fileStore,
  logger,
  eventBus,
  metrics,
  clock = () => new Date(),
  detector = null,
  atomicFindAndModify = false,
}: ServiceOptions): Services {
  const stores = createStores(db, { webhookRetentionDays: config.webhooks.retentionDays, atomicFindAndModify });
  const urls = new PublicUrls(config.publicUrl);
  const files = new PhotoFiles(fileStore, stores.captures);
  const recorder = new EventRecorder(stores.events, eventBus, clock, metrics.eventPublishDelay);
  const deliveryWorker = new DeliveryScheduler({
    deliveries: stores.deliveries,
    callbacks: stores.callbacks,
    logger,
    config: config.webhooks,
    allowPrivateTargets: config.webhookAllowPrivateTargets,
    metrics,
    clock,
  });
  const outbox = new WebhookOutbox({ deliveries: stores.deliveries, callbacks: stores.callbacks, worker: deliveryWorker, logger, clock });
  recorder.afterRecord(outbox.afterRecord);
  const moves = new SessionMoves(stores.sessions, recorder);
  const sms = createSmsProvider(config, logger);
  const sessions = new SessionService({
    sessions: stores.sessions,
    accounts: stores.accounts,
    captures: stores.captures,
    files,
    notes: stores.notes,
    damages: stores.damages,
    recorder,
    urls,
    sms: new SmsInvitations(sms, recorder, urls, clock),
    clock,
  });
  const reportDocuments = new ReportDocuments({
    stores,
    files,
    fileStore,
    renderer: createReportRenderPool({ workers: config.reportRenderWorkers }),
    metrics,
    logger,
    clock,
  });
  // A completed session's PDF is rendered once, right away, so its first download is a read from the file store.
  recorder.afterRecord(async (event) => {
    if (event.event === 'SESSION:COMPLETE') reportDocuments.prepareCompleted(event.apiKey, event.sessionKey);
  });
  const vinReader = createVinReader({ maxPixels: resolveQcThresholds(config.qcThresholds as Partial<QcThresholds>).maxPixels, logger });
  const reports = new ReportGenerator({
    sessions: stores.sessions,
    accounts: stores.accounts,
    captures: stores.captures,
    damages: stores.damages,
    files,
    moves,
    urls,
    detector:
      detector ??
      (config.damageDetector
        ? new HttpDamageDetector({ url: config.damageDetector.url, timeoutMs: config.damageDetector.timeoutMs, retries: config.damageDetector.retries, logger })
        : null),
    detectorMinScore: config.damageDetector?.minScore,
    logger,
    clock,
    reportLinkDays: config.reportLinkDays,
  });
  const capture = new CaptureService({
    sessions: stores.sessions,
    captures: stores.captures,
    files,
    recorder,
    moves,
    sessionService: sessions,
    reports,
    qc: createQcRunner({ thresholds: config.qcThresholds as Partial<QcThresholds> }),
    vin: vinReader,
    metrics,
    urls,
    clock,
  });
  return {
    stores,
    urls,
    eventBus,
    sessionEvents: (request) => sessionEventStream(stores.events, eventBus, request),
    recorder,
    authenticator: new Authenticator(stores.accounts, stores.accessRecords, clock),
    accessRecords: new AccessRecordService(stores.accessRecords, clock),
    accounts: new AccountService(stores.accounts, clock, config.apiSecretOverlapMs),
    callbacks: new CallbackService(stores.callbacks, { allowPrivateTargets: config.webhookAllowPrivateTargets }, clock),
    deliveries: new DeliveryService({
      deliveries: stores.deliveries,
      callbacks: stores.callbacks,
      outbox,
      worker: deliveryWorker,
      testSendsPerMinute: config.webhooks.testSendsPerMinute,
      clock,
    }),
    deliveryWorker,
    outboxReconciler: new OutboxReconciler({
      deliveries: stores.deliveries,
      callbacks: stores.callbacks,
      leases: stores.leases,
      outbox,
      logger,
      intervalMs: config.webhooks.reconcileIntervalMs,
      clock,
    }),
    sessions,
    capture,
    reports,
    reviews: new ReviewService({ sessionService: sessions, damages: stores.damages, reports }),
    sweeper: new ExpirySweeper({ sessions: stores.sessions, leases: stores.leases, moves, reports, logger, intervalMs: config.expirySweepIntervalMs, clock }),
    retention: new RetentionSweeper({ db, leases: stores.leases, logger, intervalMs: config.retentionSweepIntervalMs, clock }),
    files,
    fileStore,
    sms,
    reportDocuments,
    metrics,
    users: new UserService(stores.users, stores.signIns, clock),
    signIns: new SignInService({ users: stores.users, accounts: stores.accounts, signIns: stores.signIns, failures: stores.signInFailures, clock }),
    vinReader,
  };
}

function createSmsProvider(config: Config, logger: Logger): SmsProvider {
  if (config.sms.provider === 'twilio') return new TwilioSmsProvider(config.sms);
  return new LogSmsProvider(logger);
}
