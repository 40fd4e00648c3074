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
      qcThresholds: { minSharpness: 30 },
      demoAccount: false,
    });
  });

  it('reports every problem at once', () => {
    const problems = configProblems({ PORT: 'eighty', MONGODB_URL: 'postgres://x', LOG_LEVEL: 'loud', ADMIN_TOKEN: 'short', CORS_ORIGINS: 'not a url' }).join('\n');
    for (const name of ['PORT', 'MONGODB_URL', 'LOG_LEVEL', 'ADMIN_TOKEN', 'CORS_ORIGINS']) expect(problems).toContain(name);
  });

  it('reports rules spanning several variables in the same pass as single-variable problems', () => {
    const problems = configProblems({ PORT: 'eighty', SMS_PROVIDER: 'twilio', TWILIO_FROM: '+15550000000', QC_THRESHOLDS: '{"minSharpnes": 3}', WEBHOOK_LEASE_MS: '5000' });
    expect(problems.some((problem) => problem.startsWith('PORT:'))).toBe(true);
    expect(problems).toContain('TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio');
    expect(problems).toContain('TWILIO_AUTH_TOKEN: required when SMS_PROVIDER=twilio');
    expect(problems.some((problem) => problem.startsWith('QC_THRESHOLDS: unknown threshold minSharpnes'))).toBe(true);
    expect(problems).toContain('WEBHOOK_LEASE_MS: must exceed WEBHOOK_TOTAL_TIMEOUT_MS by at least 1000');
    expect(problems).toHaveLength(5);
  });

  it('refuses unknown QC thresholds and an incomplete Twilio set-up', () => {
    expect(() => loadConfig({ QC_THRESHOLDS: '{"sharpnezz": 1}' })).toThrow(/sharpnezz/);
    expect(() => loadConfig({ QC_THRESHOLDS: 'nope' })).toThrow(/QC_THRESHOLDS/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID[\s\S]*TWILIO_AUTH_TOKEN[\s\S]*TWILIO_FROM/);
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
