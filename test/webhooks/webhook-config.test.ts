// The fairness knobs (docs/limits.md): defaults that leave one account half of a worker, and a refusal of settings
// that would let one account take every slot.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('webhook fairness settings', () => {
  it('default to half the worker per account and per destination, and 10 test sends a minute', () => {
    expect(loadConfig({}).webhooks).toMatchObject({ workerConcurrency: 32, accountConcurrency: 16, hostConcurrency: 16, testSendsPerMinute: 10 });
    expect(loadConfig({ WEBHOOK_WORKER_CONCURRENCY: '5' }).webhooks).toMatchObject({ accountConcurrency: 3, hostConcurrency: 3 });
    expect(loadConfig({ WEBHOOK_ACCOUNT_CONCURRENCY: '4' }).webhooks).toMatchObject({ accountConcurrency: 4, hostConcurrency: 4 });
  });

  it('read their variables', () => {
    const env = { WEBHOOK_ACCOUNT_CONCURRENCY: '12', WEBHOOK_HOST_CONCURRENCY: '20', WEBHOOK_TEST_SENDS_PER_MINUTE: '3' };
    expect(loadConfig(env).webhooks).toMatchObject({ accountConcurrency: 12, hostConcurrency: 20, testSendsPerMinute: 3 });
  });

  it('refuse a per-account limit above the worker’s', () => {
    expect(() => loadConfig({ WEBHOOK_WORKER_CONCURRENCY: '8', WEBHOOK_ACCOUNT_CONCURRENCY: '9' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_ACCOUNT_CONCURRENCY: '0' })).toThrow(/WEBHOOK_ACCOUNT_CONCURRENCY/);
  });
});
