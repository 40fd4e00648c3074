// The typed environment. Every problem is collected and reported at once, so a misconfigured deployment is
// fixed in one pass instead of one restart per variable.
import { z } from 'zod';
import { DEFAULT_QC_THRESHOLDS } from './qc/thresholds.js';

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  MONGODB_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
    .optional(),
  MONGODB_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be 1-63 letters, digits, _ or -')
    .default('capture_gateway'),
  MONGODB_COMMAND_METRICS: booleanFlag.default(false),
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  WEBHOOK_POLL_INTERVAL_MS: positiveInt.default(1_000),
  WEBHOOK_RETRY_TIME_SCALE: z.coerce.number().positive().max(1).default(1),
  WEBHOOK_WORKER_CONCURRENCY: positiveInt.default(32),
  WEBHOOK_CALLBACK_CONCURRENCY: positiveInt.default(8),
  /** Default: half of WEBHOOK_WORKER_CONCURRENCY (rounded up), so one account always leaves slots to the others. */
  WEBHOOK_ACCOUNT_CONCURRENCY: positiveInt.optional(),
  /** Default: as WEBHOOK_ACCOUNT_CONCURRENCY. */
  WEBHOOK_HOST_CONCURRENCY: positiveInt.optional(),
  WEBHOOK_TEST_SENDS_PER_MINUTE: positiveInt.default(10),
  WEBHOOK_LEASE_MS: positiveInt.default(60_000),
  WEBHOOK_RESPONSE_TIMEOUT_MS: positiveInt.default(15_000),
  WEBHOOK_TOTAL_TIMEOUT_MS: positiveInt.default(20_000),
  WEBHOOK_ATTEMPT_RETENTION_DAYS: positiveInt.default(30),
  WEBHOOK_RECONCILE_INTERVAL_MS: positiveInt.default(10_000),
  EXPIRY_SWEEP_INTERVAL_MS: positiveInt.default(60_000),
  RETENTION_SWEEP_INTERVAL_MS: positiveInt.default(60_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  RATE_LIMIT_POINTS: positiveInt.default(1200),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  RATE_LIMIT_GUEST_POINTS: positiveInt.default(240),
  WS_MAX_SOCKETS_PER_ACCOUNT: positiveInt.default(50),
  WS_MAX_SOCKETS_PER_CAPTURE_TOKEN: positiveInt.default(5),
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: positiveInt.default(20),
  WS_IDLE_TIMEOUT_MS: positiveInt.default(300_000),
  WS_CREDENTIAL_CHECK_INTERVAL_MS: positiveInt.default(60_000),
  API_SECRET_OVERLAP_SECONDS: positiveInt.default(24 * 60 * 60),
  ADMIN_RATE_LIMIT_POINTS: positiveInt.default(60),
  ADMIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  DEMO_ACCOUNT: booleanFlag.default(true),
  QC_THRESHOLDS: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.string(), z.number().nonnegative(), { error: 'must be a JSON object of threshold name to number' })),
  PHOTO_STORE: z.enum(['filesystem', 's3']).default('filesystem'),
  DATA_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as us-east-1, or auto')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  REPORT_RENDER_WORKERS: positiveInt.optional(),
  REPORT_LINK_DAYS: positiveInt.default(30),
  DAMAGE_DETECTOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  DAMAGE_DETECTOR_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  DAMAGE_DETECTOR_TIMEOUT_MS: positiveInt.default(10_000),
  DAMAGE_DETECTOR_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  SMS_PROVIDER: z.enum(['log', 'twilio']).default('log'),
  TWILIO_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
});

export type Environment = z.input<typeof environmentSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string | null;
  mongodbUrl: string | null;
  mongodbDb: string;
  /**
   * Count database commands (mongodb_commands_total) through the driver's command monitoring. Off by default: the
   * driver then parses every reply a second time for its event, which costs more than the read itself saves.
   */
  mongodbCommandMetrics: boolean;
  adminToken: string | null;
  /** Bearer token for /metrics; without it production does not serve /metrics. */
  metricsToken: string | null;
  corsOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webhookAllowPrivateTargets: boolean;
  webhooks: WebhookConfig;
  expirySweepIntervalMs: number;
  /** How often what TTL indexes would remove is deleted (the embedded database has no TTL). */
  retentionSweepIntervalMs: number;
  redisUrl: string | null;
  rateLimit: { points: number; windowSeconds: number };
  /** The budget of a capture token's session (the person with the phone), smaller than an account's. */
  guestRateLimit: { points: number; windowSeconds: number };
  webSockets: WebSocketLimits;
  /** How long a rotated-out account secret, and the access records it signed, keep validating (docs/rest-guide.md: 24 hours). */
  apiSecretOverlapMs: number;
  /** Requests per client address to /admin, right token or wrong, so the admin token cannot be guessed at speed. */
  adminRateLimit: { points: number; windowSeconds: number };
  demoAccount: boolean;
  qcThresholds: Record<string, number>;
  /** Where photos, thumbnails and report PDFs live (docs/capture.md). A null dataDir means a temporary folder. */
  photoStore: { kind: 'filesystem'; dataDir: string | null } | S3StoreConfig;
  /** Threads that lay out report PDFs; null: half the cores, at least one. */
  reportRenderWorkers: number | null;
  /** How long a report's shareable link (report.url, report.pdf_url) opens the report (docs/staff.md). */
  reportLinkDays: number;
  /** An HTTP damage model (docs/damage-detector.md); null: none, every review is a person's. */
  damageDetector: { url: string; minScore: number; timeoutMs: number; retries: number } | null;
  sms: { provider: 'log' } | { provider: 'twilio'; baseUrl: string; accountSid: string; authToken: string; from: string };
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...). */
export interface S3StoreConfig {
  kind: 's3';
  /** null: AWS S3 itself, addressed by region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** null: the SDK's default credential chain (environment, instance role, ...). Never logged. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name; MinIO and most local servers need it. */
  forcePathStyle: boolean;
}

/** The delivery engine's knobs (docs/webhooks.md); the defaults are the production values. */
export interface WebhookConfig {
  /** How often each worker looks for due deliveries besides its in-process wake-ups. */
  pollIntervalMs: number;
  /** Multiplies every retry delay; tests use 0.001 so the 13-attempt schedule runs in seconds. */
  retryTimeScale: number;
  /** Requests in flight per worker (process). */
  workerConcurrency: number;
  /** Requests in flight per callback and worker. */
  callbackConcurrency: number;
  /** Requests in flight per account and worker (docs/limits.md: the rest of the worker's slots stay with others). */
  accountConcurrency: number;
  /** Requests in flight per destination (host and port) and worker, whichever accounts' callbacks point there. */
  hostConcurrency: number;
  /** Test sends accepted per callback in any minute; beyond, 429 with Retry-After. */
  testSendsPerMinute: number;
  /** How long a claimed delivery stays reserved; a crashed worker's deliveries are retried after it. */
  leaseMs: number;
  timeoutMs: { response: number; total: number };
  /** Attempts are kept this long, and finished deliveries this long after they finish (TTL indexes). */
  retentionDays: number;
  /** How often the outbox is checked against the event log for events a crash left without their delivery. */
  reconcileIntervalMs: number;
}

/** Limits on graphql-ws sockets (docs/limits.md). */
export interface WebSocketLimits {
  maxSocketsPerAccount: number;
  maxSocketsPerCaptureToken: number;
  maxSubscriptionsPerSocket: number;
  /** A socket with no subscription and no operation for this long is closed. */
  idleTimeoutMs: number;
  /** How often open sockets' credentials are checked again, so that revoked ones are closed. */
  credentialCheckIntervalMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type ParsedEnvironment = z.output<typeof environmentSchema>;

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(present);
  const env = parsed.success ? parsed.data : parseEachVariable(present);
  const problems = [...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)), ...crossVariableProblems(env)];
  if (problems.length > 0) throw new ConfigError(problems);
  return toConfig(env as ParsedEnvironment);
}

/** Each variable on its own, keeping the valid ones, so that rules spanning several are checked in the same pass. */
function parseEachVariable(present: Record<string, unknown>): Partial<ParsedEnvironment> {
  const env: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(environmentSchema.shape)) {
    const result = schema.safeParse(present[name]);
    if (result.success) env[name] = result.data;
  }
  return env as Partial<ParsedEnvironment>;
}

function crossVariableProblems(env: Partial<ParsedEnvironment>): string[] {
  const problems: string[] = [];
  const unknownThresholds = Object.keys(env.QC_THRESHOLDS ?? {}).filter((name) => !(name in DEFAULT_QC_THRESHOLDS));
  if (unknownThresholds.length > 0) {
    problems.push(`QC_THRESHOLDS: unknown threshold ${unknownThresholds.join(', ')}; known: ${Object.keys(DEFAULT_QC_THRESHOLDS).join(', ')}`);
  }
  if (env.SMS_PROVIDER === 'twilio') {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      if (!env[name]) problems.push(`${name}: required when SMS_PROVIDER=twilio`);
    }
  }
  if (env.PHOTO_STORE === 's3' && !env.S3_BUCKET) problems.push('S3_BUCKET: required when PHOTO_STORE=s3');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither uses the default AWS credential chain)');
  }
  const { WEBHOOK_RESPONSE_TIMEOUT_MS: responseTimeout, WEBHOOK_TOTAL_TIMEOUT_MS: totalTimeout, WEBHOOK_LEASE_MS: lease } = env;
  if (responseTimeout !== undefined && totalTimeout !== undefined && responseTimeout > totalTimeout) {
    problems.push('WEBHOOK_RESPONSE_TIMEOUT_MS: must not exceed WEBHOOK_TOTAL_TIMEOUT_MS');
  }
  const { WEBHOOK_WORKER_CONCURRENCY: workerConcurrency, WEBHOOK_ACCOUNT_CONCURRENCY: accountConcurrency } = env;
  if (workerConcurrency !== undefined && accountConcurrency !== undefined && accountConcurrency > workerConcurrency) {
    problems.push('WEBHOOK_ACCOUNT_CONCURRENCY: must not exceed WEBHOOK_WORKER_CONCURRENCY');
  }
  if (lease !== undefined && totalTimeout !== undefined && lease < totalTimeout + 1_000) {
    // A lease that can end while its request is still running would let a second worker send the delivery again.
    problems.push('WEBHOOK_LEASE_MS: must exceed WEBHOOK_TOTAL_TIMEOUT_MS by at least 1000');
  }
  return problems;
}

function toConfig(env: ParsedEnvironment): Config {
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    mongodbUrl: env.MONGODB_URL ?? null,
    mongodbDb: env.MONGODB_DB,
    mongodbCommandMetrics: env.MONGODB_COMMAND_METRICS,
    adminToken: env.ADMIN_TOKEN ?? null,
    metricsToken: env.METRICS_TOKEN ?? null,
    corsOrigins: env.CORS_ORIGINS,
    logLevel: env.LOG_LEVEL,
    webhookAllowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    webhooks: {
      pollIntervalMs: env.WEBHOOK_POLL_INTERVAL_MS,
      retryTimeScale: env.WEBHOOK_RETRY_TIME_SCALE,
      workerConcurrency: env.WEBHOOK_WORKER_CONCURRENCY,
      callbackConcurrency: env.WEBHOOK_CALLBACK_CONCURRENCY,
      accountConcurrency: env.WEBHOOK_ACCOUNT_CONCURRENCY ?? Math.ceil(env.WEBHOOK_WORKER_CONCURRENCY / 2),
      hostConcurrency: env.WEBHOOK_HOST_CONCURRENCY ?? env.WEBHOOK_ACCOUNT_CONCURRENCY ?? Math.ceil(env.WEBHOOK_WORKER_CONCURRENCY / 2),
      testSendsPerMinute: env.WEBHOOK_TEST_SENDS_PER_MINUTE,
      leaseMs: env.WEBHOOK_LEASE_MS,
      timeoutMs: { response: env.WEBHOOK_RESPONSE_TIMEOUT_MS, total: env.WEBHOOK_TOTAL_TIMEOUT_MS },
      retentionDays: env.WEBHOOK_ATTEMPT_RETENTION_DAYS,
      reconcileIntervalMs: env.WEBHOOK_RECONCILE_INTERVAL_MS,
    },
    expirySweepIntervalMs: env.EXPIRY_SWEEP_INTERVAL_MS,
    retentionSweepIntervalMs: env.RETENTION_SWEEP_INTERVAL_MS,
    redisUrl: env.REDIS_URL ?? null,
    rateLimit: { points: env.RATE_LIMIT_POINTS, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS },
    guestRateLimit: { points: env.RATE_LIMIT_GUEST_POINTS, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS },
    webSockets: {
      maxSocketsPerAccount: env.WS_MAX_SOCKETS_PER_ACCOUNT,
      maxSocketsPerCaptureToken: env.WS_MAX_SOCKETS_PER_CAPTURE_TOKEN,
      maxSubscriptionsPerSocket: env.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
      idleTimeoutMs: env.WS_IDLE_TIMEOUT_MS,
      credentialCheckIntervalMs: env.WS_CREDENTIAL_CHECK_INTERVAL_MS,
    },
    apiSecretOverlapMs: env.API_SECRET_OVERLAP_SECONDS * 1000,
    adminRateLimit: { points: env.ADMIN_RATE_LIMIT_POINTS, windowSeconds: env.ADMIN_RATE_LIMIT_WINDOW_SECONDS },
    demoAccount: env.DEMO_ACCOUNT && env.NODE_ENV !== 'production',
    qcThresholds: env.QC_THRESHOLDS,
    photoStore: photoStoreConfig(env),
    reportRenderWorkers: env.REPORT_RENDER_WORKERS ?? null,
    reportLinkDays: env.REPORT_LINK_DAYS,
    damageDetector: env.DAMAGE_DETECTOR_URL
      ? {
          url: env.DAMAGE_DETECTOR_URL,
          minScore: env.DAMAGE_DETECTOR_MIN_SCORE,
          timeoutMs: env.DAMAGE_DETECTOR_TIMEOUT_MS,
          retries: env.DAMAGE_DETECTOR_RETRIES,
        }
      : null,
    sms:
      env.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio',
            baseUrl: env.TWILIO_BASE_URL,
            accountSid: env.TWILIO_ACCOUNT_SID ?? '',
            authToken: env.TWILIO_AUTH_TOKEN ?? '',
            from: env.TWILIO_FROM ?? '',
          }
        : { provider: 'log' },
  };
}

function photoStoreConfig(env: ParsedEnvironment): Config['photoStore'] {
  if (env.PHOTO_STORE === 'filesystem') return { kind: 'filesystem', dataDir: env.DATA_DIR ?? null };
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT ?? null,
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? hiddenFromLogs({ accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY })
        : null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** The secret stays readable by code but prints as `[redacted]` if a config object is ever logged or inspected. */
function hiddenFromLogs<T extends { secretAccessKey: string }>(credentials: T): T {
  const secret = credentials.secretAccessKey;
  const hidden = { ...credentials } as T;
  Object.defineProperty(hidden, 'secretAccessKey', { value: secret, enumerable: false });
  Object.defineProperty(hidden, 'toJSON', { value: () => ({ ...hidden, secretAccessKey: '[redacted]' }), enumerable: false });
  Object.defineProperty(hidden, Symbol.for('nodejs.util.inspect.custom'), { value: () => ({ ...hidden, secretAccessKey: '[redacted]' }), enumerable: false });
  return hidden;
}
