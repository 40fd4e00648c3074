import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 4000,
      host: '0.0.0.0',
      mongodbUrl: null,
      mongodbDb: 'capture_gateway',
      adminToken: null,
      corsOrigins: [],
      webhookAllowPrivateTargets: false,
      expirySweepIntervalMs: 60_000,
      redisUrl: null,
      demoAccount: true,
      sms: { provider: 'log' },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://inspect.example.com/',
      MONGODB_URL: 'mongodb://db:27017',
      MONGODB_DB: 'prod',
      ADMIN_TOKEN: 'a-long-admin-token-value',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      EXPIRY_SWEEP_INTERVAL_MS: '5000',
      REDIS_URL: 'redis://cache:6379',
      QC_THRESHOLDS: '{"minSharpness": 30}',
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      publicUrl: 'https://inspect.example.com',
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
      webhookAllowPrivateTargets: true,
      redisUrl: 'redis://cache:6379',
      qcThresholds: { minSharpness: 30, maxPixels: 50_000_000 },
      demoAccount: false,
    });
  });

  it('reports every problem at once', () => {
    const problems = configProblems({ PORT: 'eighty', MONGODB_URL: 'postgres://x', LOG_LEVEL: 'loud', ADMIN_TOKEN: 'short', CORS_ORIGINS: 'not a url' }).join(
      '\n',
    );
    for (const name of ['PORT', 'MONGODB_URL', 'LOG_LEVEL', 'ADMIN_TOKEN', 'CORS_ORIGINS']) expect(problems).toContain(name);
  });

  it('reports rules spanning several variables in the same pass as single-variable problems', () => {
    const problems = configProblems({
      PORT: 'eighty',
      SMS_PROVIDER: 'twilio',
      TWILIO_FROM: '+15550000000',
      QC_THRESHOLDS: '{"minSharpnes": 3}',
      WEBHOOK_LEASE_MS: '5000',
      SMTP_URL: 'smtp://mail.example:587',
    });
    expect(problems.some((problem) => problem.startsWith('PORT:'))).toBe(true);
    expect(problems).toContain('MAIL_FROM: required when SMTP_URL is set');
    expect(problems).toContain('TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio');
    expect(problems).toContain('TWILIO_AUTH_TOKEN: required when SMS_PROVIDER=twilio');
    expect(problems.some((problem) => problem.startsWith('QC_THRESHOLDS: unknown threshold minSharpnes'))).toBe(true);
    expect(problems).toContain('WEBHOOK_LEASE_MS: must exceed WEBHOOK_TOTAL_TIMEOUT_MS by at least 1000');
    expect(problems).toHaveLength(6);
  });

  it('reports a variable that does not parse once, not again through the rules that span it', () => {
    expect(configProblems({ WEBHOOK_TOTAL_TIMEOUT_MS: 'soon', WEBHOOK_LEASE_MS: '5000' })).toEqual([
      'WEBHOOK_TOTAL_TIMEOUT_MS: Invalid input: expected number, received NaN',
    ]);
    expect(configProblems({ SMS_PROVIDER: 'pigeon', PHOTO_STORE: 'tape' })).toEqual([
      "PHOTO_STORE: Invalid discriminator value. Expected 'filesystem' | 's3'",
      "SMS_PROVIDER: Invalid discriminator value. Expected 'log' | 'twilio'",
    ]);
  });

  it('leases a claimed delivery for its longest attempt plus 10 s by default, so a crashed instance’s deliveries go out again soon', () => {
    // At 60 s, deliveries in flight when an instance was killed went out again a minute later (docs/webhooks.md).
    expect(loadConfig({}).webhooks.leaseMs).toBe(30_000);
    expect(loadConfig({ WEBHOOK_TOTAL_TIMEOUT_MS: '5000', WEBHOOK_RESPONSE_TIMEOUT_MS: '4000' }).webhooks.leaseMs).toBe(15_000);
    expect(loadConfig({ WEBHOOK_LEASE_MS: '21000' }).webhooks.leaseMs).toBe(21_000);
    const { webhooks } = loadConfig({});
    expect(webhooks.leaseMs).toBeGreaterThanOrEqual(webhooks.timeoutMs.total + 1_000);
  });

  it('refuses unknown QC thresholds and an incomplete Twilio set-up', () => {
    expect(() => loadConfig({ QC_THRESHOLDS: '{"sharpnezz": 1}' })).toThrow(/sharpnezz/);
    expect(() => loadConfig({ QC_THRESHOLDS: 'nope' })).toThrow(/QC_THRESHOLDS/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID[\s\S]*TWILIO_AUTH_TOKEN[\s\S]*TWILIO_FROM/);
  });

  it('limits a photo to MAX_PHOTO_MEGAPIXELS (default 50) through the one pixel threshold, which QC_THRESHOLDS may not set too', () => {
    expect(loadConfig({}).qcThresholds.maxPixels).toBe(50_000_000);
    expect(loadConfig({ MAX_PHOTO_MEGAPIXELS: '12.5', QC_THRESHOLDS: '{"minWidth": 800}' }).qcThresholds).toEqual({ minWidth: 800, maxPixels: 12_500_000 });
    expect(configProblems({ MAX_PHOTO_MEGAPIXELS: '0' })[0]).toMatch(/^MAX_PHOTO_MEGAPIXELS:/);
    expect(configProblems({ QC_THRESHOLDS: '{"maxPixels": 1}' })).toEqual(['QC_THRESHOLDS: maxPixels is set by MAX_PHOTO_MEGAPIXELS']);
  });

  it('keeps photos in a filesystem store by default, in DATA_DIR when set', () => {
    expect(loadConfig({}).photoStore).toEqual({ kind: 'filesystem', dataDir: null });
    expect(loadConfig({ DATA_DIR: '/var/lib/capture' }).photoStore).toEqual({ kind: 'filesystem', dataDir: '/var/lib/capture' });
  });

  it('reads the s3 photo store settings', () => {
    const config = loadConfig({
      PHOTO_STORE: 's3',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_BUCKET: 'inspection-photos',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'the-secret-access-key',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.photoStore).toMatchObject({
      kind: 's3',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      bucket: 'inspection-photos',
      region: 'auto',
      forcePathStyle: true,
    });
    expect(config.photoStore.kind === 's3' && config.photoStore.credentials?.secretAccessKey).toBe('the-secret-access-key');
    // AWS S3 itself: no endpoint, virtual-hosted addressing, us-east-1 unless told, the default credential chain.
    expect(loadConfig({ PHOTO_STORE: 's3', S3_BUCKET: 'photos' }).photoStore).toEqual({
      kind: 's3',
      endpoint: null,
      bucket: 'photos',
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('never shows the S3 secret when the configuration is printed or logged', () => {
    const config = loadConfig({ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'do-not-print-me' });
    expect(JSON.stringify(config)).not.toContain('do-not-print-me');
    expect(inspect(config, { depth: 10 })).not.toContain('do-not-print-me');
    expect(JSON.stringify(config)).toContain('AKIAEXAMPLE');
  });

  it('reports every s3 problem at once: a missing bucket, half a key pair, a bad endpoint and flag', () => {
    const problems = configProblems({ PHOTO_STORE: 's3', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_ENDPOINT: 'ftp://x', S3_FORCE_PATH_STYLE: 'maybe' });
    expect(problems).toContain('S3_BUCKET: required when PHOTO_STORE=s3');
    expect(problems.some((problem) => problem.startsWith('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('S3_ENDPOINT:'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('S3_FORCE_PATH_STYLE:'))).toBe(true);
    expect(problems).toHaveLength(4);
    expect(configProblems({ PHOTO_STORE: 'gridfs' }).some((problem) => problem.startsWith('PHOTO_STORE:'))).toBe(true);
    expect(configProblems({ PHOTO_STORE: 's3', S3_BUCKET: 'Not_A_Bucket' }).some((problem) => problem.startsWith('S3_BUCKET:'))).toBe(true);
  });
});

/** The problems loadConfig reports for `environment`; it must refuse it with a ConfigError. */
function configProblems(environment: Record<string, string>): string[] {
  let error: unknown;
  try {
    loadConfig(environment);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).problems;
}
