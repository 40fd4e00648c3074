// A signature checked once is remembered for the requests that reuse it, but never beyond what a fresh check would
// accept: the timestamp's five minutes, and the secret that signed it staying one of the account's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../support/clock.js';
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders } from '../support/signing.js';

const clock = new TestClock();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ API_SECRET_OVERLAP_SECONDS: '60' }, { clock: clock.now });
});
afterAll(() => server.stop());

const readCallbacks = async (headers: Record<string, string>) => {
  const response = await fetch(`${server.baseUrl}/v1/callbacks`, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('a reused signature', () => {
  it('is accepted again while its timestamp is fresh, and refused once it is not', async () => {
    clock.reset();
    const account = await server.createAccount();
    const headers = signRequestHeaders(account, clock.now());
    expect((await readCallbacks(headers)).status).toBe(200);
    expect((await readCallbacks(headers)).status).toBe(200);

    clock.advance(301_000);
    const stale = await readCallbacks(headers);
    expect(stale.status).toBe(403);
    expect(stale.body.error).toBe('Invalid API Timestamp');
  });

  it('stops working when the secret that signed it stops signing', async () => {
    clock.reset();
    const account = await server.createAccount();
    const headers = signRequestHeaders(account, clock.now());
    expect((await readCallbacks(headers)).status).toBe(200);

    const rotation = await fetch(`${server.baseUrl}/admin/accounts/${account.username}/rotate-secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(rotation.status).toBe(200);
    expect((await readCallbacks(headers)).status).toBe(200);

    clock.advance(61_000);
    const afterOverlap = await readCallbacks(headers);
    expect(afterOverlap.status).toBe(403);
    expect(afterOverlap.body.error).toBe('Invalid API Token');
  });

  it('is no shortcut for another token with the same key and timestamp', async () => {
    clock.reset();
    const account = await server.createAccount();
    const headers = signRequestHeaders(account, clock.now());
    expect((await readCallbacks(headers)).status).toBe(200);
    const forged = { ...headers, 'API-Token': headers['API-Token']?.replace(/^./, (c) => (c === '0' ? '1' : '0')) ?? '' };
    expect((await readCallbacks(forged)).status).toBe(403);
  });
});
