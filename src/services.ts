// The composition root: stores over one database, each folder's use cases built by its own factory, and the split
// between what the faces receive (UseCases: use cases only, so the compiler keeps REST, GraphQL and pages off the
// stores and the infrastructure) and what the app starts, stops and closes (Services).
import type { Db } from 'mongodb';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { EventBus } from './events/event-bus.js';
import type { Metrics } from './observability/metrics.js';
import type { FileStore } from './storage/file-store.js';
import type { SmsProvider } from './sms/sms-provider.js';
import type { DamageDetector } from './inspections/damage-detector.js';
import type { EventRecorder } from './events/event-recorder.js';
import type { AccessRecordService } from './auth/access-records.js';
import { findKeyOwner, type ApiKeys } from './accounts/api-keys.js';
import type { SessionSimulator } from './simulation/session-simulator.js';
import type { Authenticator } from './auth/authenticator.js';
import type { AccountService as AccountUseCases } from './accounts/accounts.js';
import type { CallbackService } from './webhooks/callbacks.js';
import type { DeliveryService } from './webhooks/deliveries.js';
import type { DeliveryScheduler } from './webhooks/delivery-scheduler.js';
import type { OutboxReconciler } from './webhooks/outbox-reconciler.js';
import type { PublicUrls } from './inspections/public-urls.js';
import type { PhotoFiles } from './inspections/photo-files.js';
import type { SessionService } from './inspections/session-service.js';
import type { CaptureService } from './inspections/capture-service.js';
import type { CaptureAccess } from './inspections/capture-access.js';
import type { ReportGenerator } from './inspections/report-generator.js';
import type { ReviewService } from './inspections/review-service.js';
import type { ExpirySweeper } from './inspections/expiry-sweeper.js';
import type { ReportDocuments } from './reports/report-documents.js';
import type { RenderThreadStart } from './reports/report-render-pool.js';
import type { UserService } from './users/users.js';
import type { SignInService } from './users/sign-ins.js';
import type { VinReader } from './vin/vin-reader.js';
import type { VehicleDecoding } from './inspections/vehicle-decoding.js';
import { AccountService } from './accounts/accounts.js';
import { AccountLogos } from './accounts/account-logos.js';
import { createAuthUseCases } from './auth/auth-use-cases.js';
import { createEventUseCases, type SessionEvents } from './events/event-use-cases.js';
import { createInspectionUseCases } from './inspections/inspection-use-cases.js';
import { RetentionSweeper } from './maintenance/retention-sweeper.js';
import { createReportDocuments } from './reports/report-use-cases.js';
import { createSmsProvider } from './sms/create-sms-provider.js';
import { createStores, type Stores } from './store/stores.js';
import { PLAIN_SERVER, type ServerTraits } from './store/server-traits.js';
import { createUserUseCases } from './users/user-use-cases.js';
import { createVinReader } from './vin/vin-reader.js';
import { createVehicleDetector, type VehicleDetector } from './vehicle/vehicle-detector.js';
import { createVinDecoder, type VinDecoder } from './vin/vin-decoder.js';
import { createOdometerReader, type OdometerReader } from './odometer/odometer-reader.js';
import { createWebhookUseCases } from './webhooks/webhook-use-cases.js';
import { createMailUseCases } from './mail/mail-use-cases.js';
import type { MailNotifications } from './mail/mail-notifications.js';
import { AccountMail } from './mail/account-mail.js';
import type { MailSender } from './mail/mail-sender.js';
import { resolveQcThresholds, type QcThresholds } from './qc/thresholds.js';
import { IdempotentRequests } from './idempotency/idempotent-requests.js';

/** What REST routes, GraphQL resolvers and pages receive: use cases, never a store, the file store or the event bus. */
export interface UseCases {
  /** The service's public addresses (capture links, report links, the GraphQL endpoint). */
  urls: PublicUrls;
  authenticator: Authenticator;
  accessRecords: AccessRecordService;
  /** The account's further API keys, test keys among them (docs/rest-guide.md "Test keys"). */
  apiKeys: ApiKeys;
  accounts: AccountUseCases;
  /** The account's logo: upload, removal, and its public file (docs/staff.md). */
  accountLogos: AccountLogos;
  /** People of an account and their sign-ins (docs/staff.md). */
  users: UserService;
  signIns: SignInService;
  callbacks: CallbackService;
  deliveries: DeliveryService;
  sessions: SessionService;
  /** What a capture token may read or change: one rule for GraphQL and the capture report routes. */
  captureAccess: CaptureAccess;
  capture: CaptureService;
  /** Completing reviews (docs/staff.md). */
  reviews: ReviewService;
  /** Simulated captures of test sessions (docs/rest-guide.md "Test keys"). */
  simulator: Pick<SessionSimulator, 'start'>;
  /** Condition reports as HTML and PDF, and the sessions report links open. */
  reportDocuments: Pick<ReportDocuments, 'openLink' | 'html' | 'pdf'>;
  /** Photos and thumbnails by their URL token. */
  files: Pick<PhotoFiles, 'openByUrlToken'>;
  /** A subscriber's events: recorded ones after a cursor, then live ones (events/event-stream.ts). */
  sessionEvents: SessionEvents;
  /** Writes sent with an Idempotency-Key run once (docs/rest-guide.md). */
  idempotency: IdempotentRequests;
  /** What a VIN says about the vehicle (docs/capture.md). */
  vehicleDecoding: VehicleDecoding;
  /** The service's mail: what was sent about a session (docs/staff.md "Mail"). */
  mails: Pick<MailNotifications, 'forSession'>;
}

/** What the app holds: the use cases, plus the stores, infrastructure and workers it starts, stops and closes. */
export interface Services extends UseCases {
  stores: Stores;
  eventBus: EventBus;
  recorder: EventRecorder;
  reports: ReportGenerator;
  reportDocuments: ReportDocuments;
  files: PhotoFiles;
  /** Photos, thumbnails and report PDFs (docs/capture.md). */
  fileStore: FileStore;
  sms: SmsProvider;
  metrics: Metrics;
  /** Expires sessions past their deadline; started and stopped with the app. */
  sweeper: ExpirySweeper;
  /** Sends webhook deliveries; started and stopped with the app. */
  deliveryWorker: DeliveryScheduler;
  /** Sends queued mail; started and stopped with the app. */
  mailSender: MailSender;
  /** Writes deliveries missing after a crash; started and stopped with the app. */
  outboxReconciler: OutboxReconciler;
  /** Deletes what TTL indexes would; started and stopped with the app. */
  retention: RetentionSweeper;
  /** Reads VIN barcodes in a worker thread; closed with the app. */
  vinReader: VinReader;
  /** Decodes VINs against the offline vPIC data in a worker thread; closed with the app. */
  vinDecoder: VinDecoder;
  /** Finds the vehicle on exterior views in worker threads (null with VEHICLE_CHECK=off); closed with the app. */
  vehicleDetector: VehicleDetector | null;
  /** Reads the odometer of cluster photos in tesseract.js's OCR thread (null with ODOMETER_READING=off); closed with the app. */
  odometerReader: OdometerReader | null;
  /** Starts the background workers (expiry, deliveries, outbox reconciliation, retention). */
  startWorkers(): void;
  /** Stops the background workers, each after its work in flight. */
  stopWorkers(): Promise<void>;
  /** Closes the report renderer (after the renders in progress), the VIN reader and decoder, the vehicle detector, the odometer reader; after stopWorkers. */
  close(): Promise<void>;
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
  /** What the database server does (Database.server); the plain traits are safe on any server. */
  server?: ServerTraits;
  /** When the report layout threads start (report-render-pool.ts); with the service unless told. */
  renderThreadStart?: RenderThreadStart;
  /**
   * A VIN decoder the caller owns and closes, shared by the services it starts (tests start many in one process, and
   * each decoder's thread loads the vPIC database: ~1 s of CPU and 160 MB); without one the services make their own.
   */
  vinDecoder?: VinDecoder;
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
  server = PLAIN_SERVER,
  renderThreadStart = 'at-start',
  vinDecoder: sharedVinDecoder,
}: ServiceOptions): Services {
  const stores = createStores(db, { webhookRetentionDays: config.webhooks.retentionDays, server, clock });
  const events = createEventUseCases({
    events: stores.events,
    bus: eventBus,
    clock,
    publishDelay: metrics.eventPublishDelay,
    fanoutDelay: metrics.eventFanoutDelay,
  });
  // The owners hear of a callback the service disabled by mail, which is built below.
  const webhooks = createWebhookUseCases({
    stores,
    recorder: events.recorder,
    config,
    logger,
    metrics,
    clock,
    onCallbackDisabled: (callback, cause) => accountMail.callbackDisabled(callback, cause),
  });
  const sms = createSmsProvider(config, logger);
  const { maxPixels } = resolveQcThresholds(config.qcThresholds as Partial<QcThresholds>);
  const vinReader = createVinReader({ maxPixels, logger });
  // One thread: a model copy costs about 100 MB, and the analysis slots in front of it keep the accounts' turns fair.
  const vehicleDetector = config.vehicleCheck === 'off' ? null : createVehicleDetector({ threads: 1, maxPixels, logger });
  const vinDecoder = sharedVinDecoder ?? createVinDecoder();
  // One OCR thread: cluster photos are one per session, and the analysis slots in front of it keep the turns fair.
  const odometerReader = config.odometerReading ? createOdometerReader({ maxPixels, logger }) : null;
  // The dashboard's pages; the public URL is known once inspections' URLs exist (and may follow the listening address).
  const mail = createMailUseCases({ stores, config, dashboardUrl: (path) => `${inspections.urls.base}/dashboard${path}`, logger, clock });
  // A callback belongs to one of the account's keys: its own, or a further one (docs/rest-guide.md "Test keys").
  const accountOfKey = {
    findByApiKey: async (apiKey: string) => (await findKeyOwner({ accounts: stores.accounts, keys: stores.apiKeys }, apiKey))?.account ?? null,
  };
  const accountMail = new AccountMail({ mails: mail.mails, accounts: accountOfKey });
  const inspections = createInspectionUseCases({
    stores,
    recorder: events.recorder,
    fileStore,
    sms,
    vin: vinReader,
    vinDecoder,
    vehicleDetector,
    odometerReader,
    config,
    detector,
    logger,
    metrics,
    mails: mail.mails,
    clock,
  });
  const accountLogos = new AccountLogos({ accounts: stores.accounts, fileStore, urls: inspections.urls, clock });
  const reportDocuments = createReportDocuments({
    stores,
    recorder: events.recorder,
    files: inspections.files,
    fileStore,
    logos: accountLogos,
    urls: inspections.urls,
    config,
    metrics,
    logger,
    clock,
    renderThreadStart,
  });
  const retention = new RetentionSweeper({ db, leases: stores.leases, logger, intervalMs: config.retentionSweepIntervalMs, clock });
  // Stopped in this order: the delivery worker last, as the outbox reconciler hands it deliveries.
  const workers = [inspections.sweeper, webhooks.outboxReconciler, retention, mail.mailSender, webhooks.deliveryWorker];
  return {
    ...events,
    ...webhooks,
    ...inspections,
    ...mail,
    ...createAuthUseCases(stores, clock),
    ...createUserUseCases(stores, clock),
    accounts: new AccountService(stores.accounts, clock, config.apiSecretOverlapMs),
    accountLogos,
    idempotency: new IdempotentRequests(stores.idempotencyKeys, clock),
    reportDocuments,
    retention,
    stores,
    eventBus,
    fileStore,
    sms,
    metrics,
    vinReader,
    vinDecoder,
    vehicleDetector,
    odometerReader,
    startWorkers() {
      for (const worker of workers) worker.start();
    },
    async stopWorkers() {
      for (const worker of workers) await worker.stop();
    },
    async close() {
      await inspections.simulator.close();
      await reportDocuments.close();
      await vinReader.close();
      if (!sharedVinDecoder) await vinDecoder.close();
      await vehicleDetector?.close();
      await odometerReader?.close();
    },
  };
}
