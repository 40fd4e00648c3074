// The admin API is rate limited per client address (docs/limits.md): guessing the bearer token runs out of tries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders } from '../support/signing.js';

const BUDGET = 5;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_RATE_LIMIT_POINTS: String(BUDGET), ADMIN_RATE_LIMIT_WINDOW_SECONDS: '600' });
});
afterAll(() => server.stop());

const listAccounts = (token: string, baseUrl = server.baseUrl) => fetch(`${baseUrl}/admin/accounts`, { headers: { authorization: `Bearer ${token}` } });

describe('the admin API', () => {
  it('answers 429 with Retry-After once an address has spent its budget, whatever the token', async () => {
    // The test server created no account yet, so the whole budget is left.
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await listAccounts(`wrong-token-${attempt}`);
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
      await response.body?.cancel();
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(BUDGET);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - BUDGET);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);

    // The right token no longer helps from this address: otherwise a 200 among the 429s would reveal a guess.
    const withRightToken = await listAccounts(ADMIN_TOKEN);
    expect(withRightToken.status).toBe(429);
    expect(await withRightToken.json()).toHaveProperty('message');
  });

  it('keeps its budget apart from the /v1 one', async () => {
    // Accounts are made through the admin API, which is exhausted: make one on a fresh server to prove /v1 still works.
    const other = await startTestServer({ ADMIN_RATE_LIMIT_POINTS: String(BUDGET) });
    try {
      const account = await other.createAccount();
      for (let attempt = 0; attempt < BUDGET; attempt += 1) await (await listAccounts('wrong', other.baseUrl)).body?.cancel();
      expect((await listAccounts(ADMIN_TOKEN, other.baseUrl)).status).toBe(429);
      expect((await fetch(`${other.baseUrl}/v1/callbacks`, { headers: signRequestHeaders(account) })).status).toBe(200);
    } finally {
      await other.stop();
    }
  });
});
