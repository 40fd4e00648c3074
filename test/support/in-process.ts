// Builds the use cases (src/services.ts) on the run's database without an HTTP server: a photo store in a temporary
// folder, an in-memory event bus, a silent logger and a TestClock. No background worker runs unless a test starts it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { expect, inject } from 'vitest';
import './provided-context.js';
import { loadConfig, type Config } from '../../src/config.js';
import { AppError } from '../../src/errors.js';
import { createEventBus } from '../../src/events/event-bus.js';
import { createLogger } from '../../src/logger.js';
import { createMetrics } from '../../src/observability/metrics.js';
import { createServices, type Services } from '../../src/services.js';
import { prepareDatabase } from '../../src/store/stores.js';
import { FilesystemStore } from '../../src/storage/filesystem-store.js';
import type { Account } from '../../src/domain/account.js';
import type { Capture } from '../../src/domain/capture.js';
import type { SessionEvent } from '../../src/domain/session-event.js';
import type { InspectionSession } from '../../src/domain/inspection-session.js';
import { TestClock } from './clock.js';
import { makeScene } from './images.js';
import { gateQualityControl, type QcGate } from './qc-gate.js';
import { uniqueDatabaseName } from './test-server.js';

export interface InProcess {
  services: Services;
  config: Config;
  /** The test's own database, for arranging what no use case does (e.g. losing a write). */
  db: Db;
  /** The time every use case reads; `advance` it to jump over a wait. */
  clock: TestClock;
  /**
   * Creates an account through the accounts use case, as POST /admin/accounts does, and returns its stored document
   * (what the use cases take). review_mode `auto` unless `settings` says otherwise, like TestServer.createAccount.
   */
  createAccount(settings?: Record<string, unknown>): Promise<Account>;
  /** The session as stored now (what a request of the capture app starts from). */
  session(sessionKey: string): Promise<InspectionSession>;
  /** One upload of the capture app: the session read afresh, then the capture use case. */
  capturePhoto(sessionKey: string, photoCode: number, bytes: Buffer): Promise<Capture>;
  /** Sends each of `codes` its own sharp scene (seed `seedBase + code`), in order, and expects each accepted. */
  captureScenes(sessionKey: string, codes: readonly number[], seedBase: number): Promise<void>;
  /** The session's recorded events, oldest first. */
  events(sessionKey: string): Promise<SessionEvent[]>;
  /** Holds chosen photos at the door of the capture use case's quality control (see qc-gate.ts). */
  gateQualityControl(): QcGate;
  /** Stops every worker the test started and what the services opened, drops the database and removes the folder. */
  close(): Promise<void>;
}

/** `environment` adds to or overrides the configuration variables, as for startTestServer. */
export async function startInProcess(environment: Record<string, string> = {}): Promise<InProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'capture-gateway-in-process-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    MONGODB_URL: inject('mongoUrl'),
    MONGODB_DB: uniqueDatabaseName('inproc'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    DEMO_ACCOUNT: 'false',
    // As for startTestServer: the vehicle check's model costs seconds of CPU per set of services; its tests turn it on.
    VEHICLE_CHECK: 'off',
    // The OCR of the odometer costs seconds of CPU to start; the tests of the reading turn it on.
    ODOMETER_READING: 'off',
    ...environment,
  });
  const client = new MongoClient(inject('mongoUrl'), { serverSelectionTimeoutMS: 5_000 });
  const clock = new TestClock();
  let services: Services | null = null;
  const close = async () => {
    if (services) {
      await services.stopWorkers();
      await services.close();
    }
    await client
      .db(config.mongodbDb)
      .dropDatabase()
      .catch(() => undefined);
    await client.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await client.connect();
    services = createServices({
      config,
      db: client.db(config.mongodbDb),
      fileStore: new FilesystemStore(dataDir),
      logger: createLogger('silent'),
      eventBus: createEventBus(null),
      metrics: createMetrics({ collectProcessMetrics: false }),
      clock: clock.now,
      // As on a test server: the layout thread starts with the first report, which most of these tests never render.
      renderThreadStart: 'on-demand',
    });
    await prepareDatabase(client.db(config.mongodbDb), services.stores);
  } catch (error) {
    await close();
    throw error;
  }
  const built = services;
  let accounts = 0;
  const session = async (sessionKey: string) => {
    const found = await built.stores.sessions.findByKey(sessionKey);
    if (!found) throw new Error(`session ${sessionKey} cannot be found`);
    return found;
  };
  const capturePhoto = async (sessionKey: string, photoCode: number, bytes: Buffer) => built.capture.capturePhoto(await session(sessionKey), photoCode, bytes);
  return {
    services: built,
    config,
    db: client.db(config.mongodbDb),
    clock,
    async createAccount(settings = {}) {
      const username = `acct${(accounts += 1)}-${randomBytes(3).toString('hex')}`;
      const created = await built.accounts.create({ username, review_mode: 'auto', ...settings });
      const account = await built.stores.accounts.findByApiKey(created.api_key);
      if (!account) throw new Error(`account ${username} was created but cannot be read back`);
      return account;
    },
    session,
    capturePhoto,
    async captureScenes(sessionKey, codes, seedBase) {
      for (const code of codes) {
        const capture = await capturePhoto(sessionKey, code, await makeScene({ seed: seedBase + code }));
        if (!capture.approved) throw new Error(`photo ${code} (seed ${seedBase + code}) was rejected: ${capture.reason}`);
      }
    },
    async events(sessionKey) {
      return built.stores.events.listForSession((await session(sessionKey)).apiKey, sessionKey);
    },
    // qc-gate.ts reaches the runner through `app.services` alone, so the services without a server are enough.
    gateQualityControl: () => gateQualityControl({ services: built }),
    close,
  };
}

/** Expects `work` to fail with the use cases' AppError of this code and message, and of this `reason` when one is given. */
export async function expectAppError(work: Promise<unknown>, code: AppError['code'], message: string, reason?: string): Promise<void> {
  const error = await work.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code, message, ...(reason === undefined ? {} : { details: { reason } }) });
}
