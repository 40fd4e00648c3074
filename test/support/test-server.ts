// Starts the real service on a random port against the run's database server, in a database of its own.
import { randomBytes } from 'node:crypto';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import './provided-context.js';
import { buildApp, type App, type AppOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createVinDecoder, type VinDecoder } from '../../src/vin/vin-decoder.js';
import { watchLiveSubscriptions } from './live-subscriptions.js';
import { signRequestHeaders, type TestAccount } from './signing.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface TestServer {
  app: App;
  config: Config;
  baseUrl: string;
  /** Creates an account through the admin API; review_mode `auto` unless `settings` says otherwise. */
  createAccount(username?: string, settings?: Record<string, unknown>): Promise<TestAccount>;
  stop(): Promise<void>;
}

export function uniqueDatabaseName(prefix = 'test'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/**
 * The VIN decoder of this test worker, shared by the servers its files start: each decoder's thread loads the vPIC
 * database on its first decode (~1 s of CPU, 160 MB). It answers from that read-only database alone, so no server sees
 * another's state through it; its thread ends with the worker.
 */
let sharedVinDecoder: VinDecoder | undefined;

/**
 * `options.clock` (e.g. a TestClock's `now`) replaces the service's time; `logDestination` receives its log. The report
 * layout thread starts on the first render (most test servers render none, and a start costs ~0.5 s of CPU) unless
 * `options.renderThreadStart` says `at-start`, as the service does.
 */
export async function startTestServer(
  environment: Record<string, string> = {},
  options: AppOptions & { logDestination?: DestinationStream } = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    MONGODB_URL: inject('mongoUrl'),
    MONGODB_DB: uniqueDatabaseName(),
    ADMIN_TOKEN,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    DEMO_ACCOUNT: 'false',
    // Loading the vehicle check's model costs seconds of CPU per server; the tests of the check turn it on.
    VEHICLE_CHECK: 'off',
    // Likewise the OCR of the odometer (its thread and language data); the tests of the reading turn it on.
    ODOMETER_READING: 'off',
    ...environment,
  });
  const app = await buildApp(config, createLogger(config.logLevel, options.logDestination), {
    clock: options.clock,
    renderThreadStart: options.renderThreadStart ?? 'on-demand',
    vinDecoder: (sharedVinDecoder ??= createVinDecoder()),
  });
  const baseUrl = await app.start(0, '127.0.0.1');
  // The event recorders (graphql.ts) wait for their subscriptions to be in place here.
  const unwatch = watchLiveSubscriptions(baseUrl, app.services);
  let accounts = 0;
  return {
    app,
    config,
    baseUrl,
    createAccount(username = `acct${(accounts += 1)}-${randomBytes(3).toString('hex')}`, settings = {}) {
      return createAccountAt(baseUrl, username, settings);
    },
    async stop() {
      unwatch();
      await app.database.db.dropDatabase().catch(() => undefined);
      await app.stop();
    },
  };
}

/** Creates an account through the admin API of the service at `baseUrl` (a TestServer or a service process). */
export async function createAccountAt(baseUrl: string, username: string, settings: Record<string, unknown> = {}): Promise<TestAccount> {
  const response = await fetch(`${baseUrl}/admin/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    // Tests written before reviews existed expect a confirmed session to complete at once; review tests ask for manual.
    body: JSON.stringify({ username, review_mode: 'auto', ...settings }),
  });
  if (response.status !== 201) throw new Error(`account creation failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { username: string; api_key: string; api_secret: string };
  return { username: body.username, apiKey: body.api_key, apiSecret: body.api_secret };
}

/** fetch with the three API headers signed for `account`, JSON in and out. */
export async function apiRequest(
  baseUrl: string,
  account: TestAccount,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...signRequestHeaders(account),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...extraHeaders,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
