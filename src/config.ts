// The typed environment: one zod model per concern (server, database, limits, webhooks, photos, reports, vehicle
// check, damage detector, SMS), rules that span variables written as unions or checks inside their concern, and the
// Config type inferred from the models. Every problem of every concern is collected and reported at once, so a misconfigured
// deployment is fixed in one pass. The README's table of variables is generated from `variables` (npm run config:table).
import { z } from 'zod';
import { DEFAULT_QC_THRESHOLDS } from './qc/thresholds.js';
import { VEHICLE_CHECK_MODES } from './domain/vehicle-check.js';

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');
const positiveInt = z.coerce.number().int().positive();
const httpUrl = z.url({ protocol: /^https?$/ });
const none = (shown: string) => ({ shownDefault: shown });

/**
 * The default lease: the longest attempt plus a margin for clocks and a slow database write, so that a claim always
 * outlives its request (no second sender) and deliveries a crashed instance had in flight go out again soon after.
 */
const WEBHOOK_LEASE_MARGIN_MS = 10_000;

/** A Twilio setting: optional unless SMS_PROVIDER=twilio. */
const twilioSetting = z.string({ error: 'required when SMS_PROVIDER=twilio' }).min(1, 'required when SMS_PROVIDER=twilio');
/** The bucket: optional unless PHOTO_STORE=s3. */
const s3Bucket = z
  .string({ error: 'required when PHOTO_STORE=s3' })
  .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens');

/** Every variable, once, with what it means; the concerns below pick theirs. Declaration order is the README's. */
export const variables = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4000).meta({ description: 'where to listen' }),
  HOST: z.string().min(1).default('0.0.0.0').meta({ description: 'the address to listen on' }),
  PUBLIC_URL: httpUrl.optional().meta({ description: 'base of capture links and photo URLs', ...none('the listening address') }),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').meta({ description: '`production` turns GraphiQL and the demo account off' }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .meta({ description: 'pino level; logs are JSON, credentials redacted' }),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()))
    .meta({ description: 'comma-separated origins allowed to call the API from a browser', ...none('*(none)*') }),
  ADMIN_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .meta({ description: 'bearer token of the admin API (≥ 16 characters)', ...none('*(admin API off)*') }),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .meta({ description: 'bearer token for `/metrics` (≥ 16 characters); without it production does not serve `/metrics`', ...none('*(none)*') }),
  ADMIN_RATE_LIMIT_POINTS: positiveInt.default(60).meta({ description: '`/admin` requests per client address per window, right token or wrong' }),
  ADMIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60).meta({ description: 'the window of `ADMIN_RATE_LIMIT_POINTS`' }),
  API_SECRET_OVERLAP_SECONDS: positiveInt
    .default(24 * 60 * 60)
    .meta({ description: 'how long a rotated-out API secret, and the access records it signed, keep working' }),
  DEMO_ACCOUNT: booleanFlag.default(true).meta({ description: 'create the demo account on an empty database (never in production)' }),
  MONGODB_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
    .optional()
    .meta({ description: 'MongoDB connection string', ...none('*(embedded in-memory server)*') }),
  MONGODB_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be 1-63 letters, digits, _ or -')
    .default('capture_gateway')
    .meta({ description: 'database name' }),
  MONGODB_COMMAND_METRICS: booleanFlag.default(false).meta({
    description:
      "count database commands at `/metrics` (`mongodb_commands_total`) through the driver's command monitoring, which parses every reply a second time (about 60 µs per command here)",
  }),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional()
    .meta({ description: 'share rate limits and live events between instances', ...none('*(none)*') }),
  RATE_LIMIT_POINTS: positiveInt.default(1200).meta({ description: 'requests per API key per window (429 + `Retry-After`)' }),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60).meta({ description: 'the window of the API key and guest budgets' }),
  RATE_LIMIT_GUEST_POINTS: positiveInt.default(240).meta({ description: "requests per capture token's session per window (HTTP and WebSocket alike)" }),
  WS_MAX_SOCKETS_PER_ACCOUNT: positiveInt
    .default(50)
    .meta({ description: 'open graphql-ws sockets and SSE streams per account (beyond: socket closed with 4290, stream 429)' }),
  WS_MAX_SOCKETS_PER_CAPTURE_TOKEN: positiveInt
    .default(5)
    .meta({ description: 'open graphql-ws sockets and SSE streams per capture token (beyond: socket closed with 4290, stream 429)' }),
  GUEST_SOCKETS_PER_ACCOUNT: positiveInt.default(200).meta({
    description: "open sockets and SSE streams of all the capture tokens of one account's sessions together (beyond: socket closed with 4429, stream 429)",
  }),
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: positiveInt.default(20).meta({ description: 'running subscriptions per socket (beyond: `LIMIT_REACHED`)' }),
  WS_IDLE_TIMEOUT_MS: positiveInt.default(300_000).meta({ description: 'a socket with no subscription and no operation this long is closed with 4080' }),
  WS_CREDENTIAL_CHECK_INTERVAL_MS: positiveInt
    .default(60_000)
    .meta({ description: "how often open sockets' credentials are checked again (revoked: closed with 4403)" }),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false).meta({ description: 'allow webhooks to loopback/private addresses (development only)' }),
  WEBHOOK_POLL_INTERVAL_MS: positiveInt.default(1_000).meta({ description: 'how often each worker looks for due deliveries' }),
  WEBHOOK_RETRY_TIME_SCALE: z.coerce.number().positive().max(1).default(1).meta({ description: 'scales the retry schedule (tests use a small value)' }),
  WEBHOOK_WORKER_CONCURRENCY: positiveInt.default(32).meta({ description: 'deliveries in flight per instance' }),
  WEBHOOK_CALLBACK_CONCURRENCY: positiveInt.default(8).meta({ description: 'deliveries in flight per callback' }),
  WEBHOOK_ACCOUNT_CONCURRENCY: positiveInt
    .optional()
    .meta({ description: 'deliveries in flight per account (at most `WEBHOOK_WORKER_CONCURRENCY`)', ...none("half the worker's, rounded up") }),
  WEBHOOK_HOST_CONCURRENCY: positiveInt
    .optional()
    .meta({ description: 'deliveries in flight per destination host', ...none('as `WEBHOOK_ACCOUNT_CONCURRENCY`') }),
  WEBHOOK_TEST_SENDS_PER_MINUTE: positiveInt.default(10).meta({ description: 'test sends per callback and minute; beyond, 429' }),
  WEBHOOK_LEASE_MS: positiveInt.optional().meta({
    description:
      "how long a claimed delivery stays reserved (at least `WEBHOOK_TOTAL_TIMEOUT_MS` + 1000); a crashed instance's deliveries are sent again after it",
    ...none(`\`WEBHOOK_TOTAL_TIMEOUT_MS\` + ${WEBHOOK_LEASE_MARGIN_MS} (30000)`),
  }),
  WEBHOOK_RESPONSE_TIMEOUT_MS: positiveInt.default(15_000).meta({ description: "time-out for the receiver's response headers" }),
  WEBHOOK_TOTAL_TIMEOUT_MS: positiveInt.default(20_000).meta({ description: 'time-out for a whole delivery attempt' }),
  WEBHOOK_ATTEMPT_RETENTION_DAYS: positiveInt.default(30).meta({ description: 'how long finished deliveries and attempts are kept' }),
  WEBHOOK_RECONCILE_INTERVAL_MS: positiveInt.default(10_000).meta({ description: 'how often events a crash left without their deliveries are looked for' }),
  CALLBACK_DISABLE_DAYS: positiveInt.default(5).meta({
    description: "a callback whose every delivery attempt failed for this many days is disabled and the account's `notification_emails` are told",
  }),
  EXPIRY_SWEEP_INTERVAL_MS: positiveInt.default(60_000).meta({ description: 'how often idle sessions are expired' }),
  RETENTION_SWEEP_INTERVAL_MS: positiveInt.default(60_000).meta({
    description: 'how often what TTL indexes would remove is deleted (expired access and sign-in records, finished deliveries and attempts past retention)',
  }),
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
    .pipe(z.record(z.string(), z.number().nonnegative(), { error: 'must be a JSON object of threshold name to number' }))
    .check((ctx) => {
      const unknown = Object.keys(ctx.value).filter((name) => !(name in DEFAULT_QC_THRESHOLDS));
      if (unknown.length > 0) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: `unknown threshold ${unknown.join(', ')}; known: ${Object.keys(DEFAULT_QC_THRESHOLDS).join(', ')}`,
        });
      }
    })
    .check((ctx) => {
      // One setting per limit: the pixel limit is MAX_PHOTO_MEGAPIXELS.
      if ('maxPixels' in ctx.value) ctx.issues.push({ code: 'custom', input: ctx.value, message: 'maxPixels is set by MAX_PHOTO_MEGAPIXELS' });
    })
    .meta({ description: 'JSON overrides, e.g. `{"minSharpness": 30, "minWidth": 1280}`' }),
  MAX_PHOTO_MEGAPIXELS: z.coerce
    .number()
    .positive()
    .max(1000)
    .default(50)
    .meta({ description: 'a photo whose header declares more megapixels is rejected `TOO_MANY_PIXELS` before it is decoded' }),
  VEHICLE_CHECK: z.enum(VEHICLE_CHECK_MODES).default('advise').meta({
    description:
      'the vehicle check on exterior views: `advise` (accepted with a flag the person and the reviewer see), `reject` (flags reject the photo) or `off` (see *Vehicle check*)',
  }),
  ODOMETER_READING: z.enum(['on', 'off']).default('on').meta({
    description:
      'the odometer reading of the cluster photo: `on` (the mileage is read with OCR and suggested to the person) or `off` (they type it; see *Odometer reading*)',
  }),
  PHOTO_STORE: z.enum(['filesystem', 's3']).default('filesystem').meta({ description: 'where photos live: `filesystem` or `s3` (see *Where photos live*)' }),
  DATA_DIR: z
    .string()
    .min(1)
    .optional()
    .meta({ description: "the filesystem store's folder", ...none('*(temporary folder)*') }),
  S3_ENDPOINT: httpUrl.optional().meta({ description: 'the `s3` store: an S3-compatible endpoint', ...none('*(AWS S3, by region)*') }),
  S3_BUCKET: s3Bucket.optional().meta({ description: 'the `s3` store: the bucket (required with `PHOTO_STORE=s3`)', ...none('*(none)*') }),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as us-east-1, or auto')
    .default('us-east-1')
    .meta({ description: 'the `s3` store: the region' }),
  S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'the `s3` store: access key (with `S3_SECRET_ACCESS_KEY`, or neither)', ...none('*(the AWS credential chain)*') }),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'the `s3` store: secret key (with `S3_ACCESS_KEY_ID`, or neither)', ...none('*(the AWS credential chain)*') }),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false).meta({ description: 'the `s3` store: bucket in the path, as MinIO and most local servers need' }),
  REPORT_RENDER_WORKERS: positiveInt.optional().meta({ description: 'worker threads that lay out report PDFs', ...none('half the CPUs, at least 1') }),
  REPORT_LINK_DAYS: positiveInt.default(30).meta({ description: "how long a report's shareable links (`report.url`, `report.pdf_url`) open it" }),
  DAMAGE_DETECTOR_URL: httpUrl.optional().meta({
    description: 'an HTTP damage model asked about each accepted exterior photo ([docs/damage-detector.md](docs/damage-detector.md))',
    ...none('*(none)*'),
  }),
  DAMAGE_DETECTOR_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5).meta({ description: 'proposals are accepted in `auto` mode from this score' }),
  DAMAGE_DETECTOR_TIMEOUT_MS: positiveInt.default(10_000).meta({ description: "the damage model's per-attempt time-out" }),
  DAMAGE_DETECTOR_RETRIES: z.coerce.number().int().min(0).max(5).default(2).meta({ description: 'damage model attempts after the first' }),
  SMS_PROVIDER: z.enum(['log', 'twilio']).default('log').meta({ description: '`log` (records the invitation) or `twilio` (any Twilio-compatible API)' }),
  TWILIO_BASE_URL: httpUrl.default('https://api.twilio.com').meta({ description: 'the Twilio-compatible API' }),
  TWILIO_ACCOUNT_SID: twilioSetting.optional().meta({ description: 'Twilio account (required with `SMS_PROVIDER=twilio`)', ...none('*(none)*') }),
  TWILIO_AUTH_TOKEN: twilioSetting.optional().meta({ description: 'Twilio auth token (required with `SMS_PROVIDER=twilio`)', ...none('*(none)*') }),
  TWILIO_FROM: twilioSetting.optional().meta({ description: 'the sender number (required with `SMS_PROVIDER=twilio`)', ...none('*(none)*') }),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .meta({ description: 'the SMTP server mail goes through (`smtp://user:pass@host:587`, STARTTLS when offered)', ...none('*(mail is only logged)*') }),
  MAIL_FROM: z
    .string({ error: 'required when SMTP_URL is set' })
    .min(3)
    .max(200)
    .optional()
    .meta({ description: 'the sender of every mail, e.g. `Acme <inspections@acme.example>` (required with `SMTP_URL`)', ...none('*(none)*') }),
  MAIL_POLL_INTERVAL_MS: positiveInt.default(5_000).meta({ description: 'how often the mail queue is looked at besides when mail is queued' }),
  MAIL_RETRY_TIME_SCALE: z.coerce.number().min(0).max(1).default(1).meta({ description: "multiplies the mail retry schedule's delays (tests)" }),
};

const v = variables;

const server = z
  .object({
    NODE_ENV: v.NODE_ENV,
    PORT: v.PORT,
    HOST: v.HOST,
    PUBLIC_URL: v.PUBLIC_URL,
    LOG_LEVEL: v.LOG_LEVEL,
    CORS_ORIGINS: v.CORS_ORIGINS,
    ADMIN_TOKEN: v.ADMIN_TOKEN,
    METRICS_TOKEN: v.METRICS_TOKEN,
    ADMIN_RATE_LIMIT_POINTS: v.ADMIN_RATE_LIMIT_POINTS,
    ADMIN_RATE_LIMIT_WINDOW_SECONDS: v.ADMIN_RATE_LIMIT_WINDOW_SECONDS,
    API_SECRET_OVERLAP_SECONDS: v.API_SECRET_OVERLAP_SECONDS,
    DEMO_ACCOUNT: v.DEMO_ACCOUNT,
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    logLevel: env.LOG_LEVEL,
    corsOrigins: env.CORS_ORIGINS,
    adminToken: env.ADMIN_TOKEN ?? null,
    /** Bearer token for /metrics; without it production does not serve /metrics. */
    metricsToken: env.METRICS_TOKEN ?? null,
    /** Requests per client address to /admin, right token or wrong, so the admin token cannot be guessed at speed. */
    adminRateLimit: { points: env.ADMIN_RATE_LIMIT_POINTS, windowSeconds: env.ADMIN_RATE_LIMIT_WINDOW_SECONDS },
    /** How long a rotated-out account secret, and the access records it signed, keep validating (docs/rest-guide.md). */
    apiSecretOverlapMs: env.API_SECRET_OVERLAP_SECONDS * 1000,
    demoAccount: env.DEMO_ACCOUNT && env.NODE_ENV !== 'production',
  }));

const database = z
  .object({ MONGODB_URL: v.MONGODB_URL, MONGODB_DB: v.MONGODB_DB, MONGODB_COMMAND_METRICS: v.MONGODB_COMMAND_METRICS, REDIS_URL: v.REDIS_URL })
  .transform((env) => ({
    mongodbUrl: env.MONGODB_URL ?? null,
    mongodbDb: env.MONGODB_DB,
    /**
     * Count database commands (mongodb_commands_total) through the driver's command monitoring. Off by default: the
     * driver then parses every reply a second time for its event, which costs more than the read itself saves.
     */
    mongodbCommandMetrics: env.MONGODB_COMMAND_METRICS,
    redisUrl: env.REDIS_URL ?? null,
  }));

const limits = z
  .object({
    RATE_LIMIT_POINTS: v.RATE_LIMIT_POINTS,
    RATE_LIMIT_WINDOW_SECONDS: v.RATE_LIMIT_WINDOW_SECONDS,
    RATE_LIMIT_GUEST_POINTS: v.RATE_LIMIT_GUEST_POINTS,
    WS_MAX_SOCKETS_PER_ACCOUNT: v.WS_MAX_SOCKETS_PER_ACCOUNT,
    WS_MAX_SOCKETS_PER_CAPTURE_TOKEN: v.WS_MAX_SOCKETS_PER_CAPTURE_TOKEN,
    GUEST_SOCKETS_PER_ACCOUNT: v.GUEST_SOCKETS_PER_ACCOUNT,
    WS_MAX_SUBSCRIPTIONS_PER_SOCKET: v.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
    WS_IDLE_TIMEOUT_MS: v.WS_IDLE_TIMEOUT_MS,
    WS_CREDENTIAL_CHECK_INTERVAL_MS: v.WS_CREDENTIAL_CHECK_INTERVAL_MS,
  })
  .transform((env) => ({
    rateLimit: { points: env.RATE_LIMIT_POINTS, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS },
    /** The budget of a capture token's session (the person with the phone), smaller than an account's. */
    guestRateLimit: { points: env.RATE_LIMIT_GUEST_POINTS, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS },
    /** Limits on graphql-ws sockets, and the caps SSE streams share with them (docs/limits.md). */
    webSockets: {
      maxSocketsPerAccount: env.WS_MAX_SOCKETS_PER_ACCOUNT,
      maxSocketsPerCaptureToken: env.WS_MAX_SOCKETS_PER_CAPTURE_TOKEN,
      /** Sockets and streams of all the capture tokens of one account's sessions together. */
      guestSocketsPerAccount: env.GUEST_SOCKETS_PER_ACCOUNT,
      maxSubscriptionsPerSocket: env.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
      /** A socket with no subscription and no operation for this long is closed. */
      idleTimeoutMs: env.WS_IDLE_TIMEOUT_MS,
      /** How often open sockets' credentials are checked again, so that revoked ones are closed. */
      credentialCheckIntervalMs: env.WS_CREDENTIAL_CHECK_INTERVAL_MS,
    },
  }));

/**
 * A rule across variables runs even when one variable of its concern is wrong, so every problem is reported in one
 * pass; it reads only values that parsed (a variable that did not parse is reported on its own).
 */
const always = { when: () => true };
/** True when a value is absent or did not parse as a number, so the rule spanning it has nothing to compare. */
const unparsed = (...values: unknown[]) => values.some((value) => typeof value !== 'number' || !Number.isFinite(value));

const webhooks = z
  .object({
    WEBHOOK_ALLOW_PRIVATE_TARGETS: v.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    WEBHOOK_POLL_INTERVAL_MS: v.WEBHOOK_POLL_INTERVAL_MS,
    WEBHOOK_RETRY_TIME_SCALE: v.WEBHOOK_RETRY_TIME_SCALE,
    WEBHOOK_WORKER_CONCURRENCY: v.WEBHOOK_WORKER_CONCURRENCY,
    WEBHOOK_CALLBACK_CONCURRENCY: v.WEBHOOK_CALLBACK_CONCURRENCY,
    WEBHOOK_ACCOUNT_CONCURRENCY: v.WEBHOOK_ACCOUNT_CONCURRENCY,
    WEBHOOK_HOST_CONCURRENCY: v.WEBHOOK_HOST_CONCURRENCY,
    WEBHOOK_TEST_SENDS_PER_MINUTE: v.WEBHOOK_TEST_SENDS_PER_MINUTE,
    WEBHOOK_LEASE_MS: v.WEBHOOK_LEASE_MS,
    WEBHOOK_RESPONSE_TIMEOUT_MS: v.WEBHOOK_RESPONSE_TIMEOUT_MS,
    WEBHOOK_TOTAL_TIMEOUT_MS: v.WEBHOOK_TOTAL_TIMEOUT_MS,
    WEBHOOK_ATTEMPT_RETENTION_DAYS: v.WEBHOOK_ATTEMPT_RETENTION_DAYS,
    WEBHOOK_RECONCILE_INTERVAL_MS: v.WEBHOOK_RECONCILE_INTERVAL_MS,
    CALLBACK_DISABLE_DAYS: v.CALLBACK_DISABLE_DAYS,
  })
  .refine((env) => unparsed(env.WEBHOOK_RESPONSE_TIMEOUT_MS, env.WEBHOOK_TOTAL_TIMEOUT_MS) || env.WEBHOOK_RESPONSE_TIMEOUT_MS <= env.WEBHOOK_TOTAL_TIMEOUT_MS, {
    ...always,
    path: ['WEBHOOK_RESPONSE_TIMEOUT_MS'],
    message: 'must not exceed WEBHOOK_TOTAL_TIMEOUT_MS',
  })
  .refine(
    (env) =>
      unparsed(env.WEBHOOK_ACCOUNT_CONCURRENCY, env.WEBHOOK_WORKER_CONCURRENCY) ||
      (env.WEBHOOK_ACCOUNT_CONCURRENCY as number) <= env.WEBHOOK_WORKER_CONCURRENCY,
    {
      ...always,
      path: ['WEBHOOK_ACCOUNT_CONCURRENCY'],
      message: 'must not exceed WEBHOOK_WORKER_CONCURRENCY',
    },
  )
  // A lease that can end while its request is still running would let a second worker send the delivery again.
  .refine((env) => unparsed(env.WEBHOOK_LEASE_MS, env.WEBHOOK_TOTAL_TIMEOUT_MS) || (env.WEBHOOK_LEASE_MS as number) >= env.WEBHOOK_TOTAL_TIMEOUT_MS + 1_000, {
    ...always,
    path: ['WEBHOOK_LEASE_MS'],
    message: 'must exceed WEBHOOK_TOTAL_TIMEOUT_MS by at least 1000',
  })
  .transform((env) => {
    const accountConcurrency = env.WEBHOOK_ACCOUNT_CONCURRENCY ?? Math.ceil(env.WEBHOOK_WORKER_CONCURRENCY / 2);
    return {
      webhookAllowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      /** The delivery engine's knobs (docs/webhooks.md); the defaults are the production values. */
      webhooks: {
        /** How often each worker looks for due deliveries besides its in-process wake-ups. */
        pollIntervalMs: env.WEBHOOK_POLL_INTERVAL_MS,
        /** Multiplies every retry delay; tests use 0.001 so the 13-attempt schedule runs in seconds. */
        retryTimeScale: env.WEBHOOK_RETRY_TIME_SCALE,
        /** Requests in flight per worker (process). */
        workerConcurrency: env.WEBHOOK_WORKER_CONCURRENCY,
        /** Requests in flight per callback and worker. */
        callbackConcurrency: env.WEBHOOK_CALLBACK_CONCURRENCY,
        /** Requests in flight per account and worker (docs/limits.md: the rest of the worker's slots stay with others). */
        accountConcurrency,
        /** Requests in flight per destination (host and port) and worker, whichever accounts' callbacks point there. */
        hostConcurrency: env.WEBHOOK_HOST_CONCURRENCY ?? accountConcurrency,
        /** Test sends accepted per callback in any minute; beyond, 429 with Retry-After. */
        testSendsPerMinute: env.WEBHOOK_TEST_SENDS_PER_MINUTE,
        /** How long a claimed delivery stays reserved; a crashed worker's deliveries are retried after it. */
        leaseMs: env.WEBHOOK_LEASE_MS ?? env.WEBHOOK_TOTAL_TIMEOUT_MS + WEBHOOK_LEASE_MARGIN_MS,
        timeoutMs: { response: env.WEBHOOK_RESPONSE_TIMEOUT_MS, total: env.WEBHOOK_TOTAL_TIMEOUT_MS },
        /** Attempts are kept this long, and finished deliveries this long after they finish (TTL indexes). */
        retentionDays: env.WEBHOOK_ATTEMPT_RETENTION_DAYS,
        /** How often the outbox is checked against the event log for events a crash left without their delivery. */
        reconcileIntervalMs: env.WEBHOOK_RECONCILE_INTERVAL_MS,
        /** Days a callback may fail without a single success before it is disabled (docs/webhooks.md#disabled-callbacks). */
        disableAfterDays: env.CALLBACK_DISABLE_DAYS,
      },
    };
  });

const sweeps = z
  .object({ EXPIRY_SWEEP_INTERVAL_MS: v.EXPIRY_SWEEP_INTERVAL_MS, RETENTION_SWEEP_INTERVAL_MS: v.RETENTION_SWEEP_INTERVAL_MS })
  .transform((env) => ({
    expirySweepIntervalMs: env.EXPIRY_SWEEP_INTERVAL_MS,
    /** How often what TTL indexes would remove is deleted (the embedded database has no TTL). */
    retentionSweepIntervalMs: env.RETENTION_SWEEP_INTERVAL_MS,
  }));

/** Where photos, thumbnails and report PDFs live (docs/capture.md): a folder, or an S3-compatible bucket. */
const photoStore = z
  .discriminatedUnion('PHOTO_STORE', [
    z
      .object({ PHOTO_STORE: z.literal('filesystem'), DATA_DIR: v.DATA_DIR })
      .transform((env) => ({ kind: 'filesystem' as const, dataDir: env.DATA_DIR ?? null })),
    z
      .object({
        PHOTO_STORE: z.literal('s3'),
        S3_ENDPOINT: v.S3_ENDPOINT,
        S3_BUCKET: s3Bucket,
        S3_REGION: v.S3_REGION,
        S3_FORCE_PATH_STYLE: v.S3_FORCE_PATH_STYLE,
        S3_ACCESS_KEY_ID: v.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: v.S3_SECRET_ACCESS_KEY,
      })
      .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
        ...always,
        path: ['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY'],
        message: 'set both or neither (neither uses the default AWS credential chain)',
      })
      .transform((env) => ({
        kind: 's3' as const,
        /** null: AWS S3 itself, addressed by region. */
        endpoint: env.S3_ENDPOINT ?? null,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        /** null: the SDK's default credential chain (environment, instance role, ...). Never logged. */
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? hiddenFromLogs({ accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY })
            : null,
        /** Bucket in the path (`endpoint/bucket/key`) rather than the host name; MinIO and most local servers need it. */
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      })),
  ])
  .transform((store) => ({ photoStore: store }));

const reports = z
  .object({
    QC_THRESHOLDS: v.QC_THRESHOLDS,
    MAX_PHOTO_MEGAPIXELS: v.MAX_PHOTO_MEGAPIXELS,
    REPORT_RENDER_WORKERS: v.REPORT_RENDER_WORKERS,
    REPORT_LINK_DAYS: v.REPORT_LINK_DAYS,
  })
  .transform((env) => ({
    /** Quality control's thresholds; the pixel limit also bounds every decode of a photo (docs/limits.md#photo-analysis). */
    qcThresholds: { ...env.QC_THRESHOLDS, maxPixels: Math.round(env.MAX_PHOTO_MEGAPIXELS * 1_000_000) },
    /** Threads that lay out report PDFs; null: half the cores, at least one. */
    reportRenderWorkers: env.REPORT_RENDER_WORKERS ?? null,
    /** How long a report's shareable link (report.url, report.pdf_url) opens the report (docs/staff.md). */
    reportLinkDays: env.REPORT_LINK_DAYS,
  }));

/**
 * The machine's help on photos (docs/capture.md#vehicle-check, #odometer-reading): what the vehicle check does with its
 * flags, and whether the cluster photo's odometer is read.
 */
const vehicleCheck = z
  .object({ VEHICLE_CHECK: v.VEHICLE_CHECK, ODOMETER_READING: v.ODOMETER_READING })
  .transform((env) => ({ vehicleCheck: env.VEHICLE_CHECK, odometerReading: env.ODOMETER_READING === 'on' }));

const damageDetector = z
  .object({
    DAMAGE_DETECTOR_URL: v.DAMAGE_DETECTOR_URL,
    DAMAGE_DETECTOR_MIN_SCORE: v.DAMAGE_DETECTOR_MIN_SCORE,
    DAMAGE_DETECTOR_TIMEOUT_MS: v.DAMAGE_DETECTOR_TIMEOUT_MS,
    DAMAGE_DETECTOR_RETRIES: v.DAMAGE_DETECTOR_RETRIES,
  })
  .transform((env) => ({
    /** An HTTP damage model (docs/damage-detector.md); null: none, every review is a person's. */
    damageDetector: env.DAMAGE_DETECTOR_URL
      ? {
          url: env.DAMAGE_DETECTOR_URL,
          minScore: env.DAMAGE_DETECTOR_MIN_SCORE,
          timeoutMs: env.DAMAGE_DETECTOR_TIMEOUT_MS,
          retries: env.DAMAGE_DETECTOR_RETRIES,
        }
      : null,
  }));

const sms = z
  .discriminatedUnion('SMS_PROVIDER', [
    z.object({ SMS_PROVIDER: z.literal('log') }).transform(() => ({ provider: 'log' as const })),
    z
      .object({
        SMS_PROVIDER: z.literal('twilio'),
        TWILIO_BASE_URL: v.TWILIO_BASE_URL,
        TWILIO_ACCOUNT_SID: twilioSetting,
        TWILIO_AUTH_TOKEN: twilioSetting,
        TWILIO_FROM: twilioSetting,
      })
      .transform((env) => ({
        provider: 'twilio' as const,
        baseUrl: env.TWILIO_BASE_URL,
        accountSid: env.TWILIO_ACCOUNT_SID,
        authToken: env.TWILIO_AUTH_TOKEN,
        from: env.TWILIO_FROM,
      })),
  ])
  .transform((settings) => ({ sms: settings }));

/** Outgoing mail (docs/staff.md "Mail"): through an SMTP server with its sender, or only logged without one. */
const mail = z
  .object({
    SMTP_URL: v.SMTP_URL,
    MAIL_FROM: v.MAIL_FROM,
    MAIL_POLL_INTERVAL_MS: v.MAIL_POLL_INTERVAL_MS,
    MAIL_RETRY_TIME_SCALE: v.MAIL_RETRY_TIME_SCALE,
  })
  .refine((env) => !env.SMTP_URL || env.MAIL_FROM, { path: ['MAIL_FROM'], message: 'required when SMTP_URL is set' })
  .transform((env) => ({
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM ?? 'capture-gateway <noreply@localhost>',
      pollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
      retryTimeScale: env.MAIL_RETRY_TIME_SCALE,
    },
  }));

/** The concerns, each parsed on its own so a problem in one never hides a problem in another. */
const concerns = { server, database, limits, webhooks, sweeps, photoStore, reports, vehicleCheck, damageDetector, sms, mail };

/** A union's discriminator takes its variable's default before the union picks a branch. */
const DISCRIMINATOR_DEFAULTS = { PHOTO_STORE: 'filesystem', SMS_PROVIDER: 'log' } as const;

type Concerns = typeof concerns;
type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;
export type Config = UnionToIntersection<{ [K in keyof Concerns]: z.output<Concerns[K]> }[keyof Concerns]>;
export type S3StoreConfig = Extract<Config['photoStore'], { kind: 's3' }>;
export type WebhookConfig = Config['webhooks'];
export type WebSocketLimits = Config['webSockets'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const present = { ...DISCRIMINATOR_DEFAULTS, ...Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== '')) };
  const problems: string[] = [];
  const parts: object[] = [];
  for (const concern of Object.values(concerns)) {
    const parsed = concern.safeParse(present);
    if (parsed.success) parts.push(parsed.data);
    else problems.push(...parsed.error.issues.map(describeIssue));
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.assign({}, ...parts) as Config;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union' && issue.discriminator) return `${issue.discriminator}: ${issue.message}`;
  return `${issue.path.join('.')}: ${issue.message}`;
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
