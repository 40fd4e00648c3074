// An access-record token must not outlive its record (docs/limits.md): it cannot mint a new record, and records made
// while a rotated secret was valid end when that secret's overlap ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../support/test-server.js';
import { apiTimestamp, signRequestHeaders, type TestAccount } from '../support/signing.js';

const OVERLAP_SECONDS = 6;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ API_SECRET_OVERLAP_SECONDS: String(OVERLAP_SECONDS) });
});
afterAll(() => server.stop());

async function call(path: string, headers: Record<string, string>, method = 'GET') {
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** A record minted by a request signed 30 s ago, so that later requests with a fresh timestamp can only pass by it. */
async function mintRecord(account: TestAccount): Promise<string> {
  const minted = await call('/v1/sessions', signRequestHeaders(account, new Date(Date.now() - 30_000)));
  expect(minted.status).toBe(200);
  return String(minted.body.api_token);
}

const withRecordToken = (account: TestAccount, token: string) => ({ 'API-Key': account.apiKey, 'API-Token': token, 'API-Timestamp': apiTimestamp() });

describe('a request authenticated by an access-record token', () => {
  it('is refused (403) when it asks for a new access record, by GET or by an empty POST', async () => {
    const account = await server.createAccount();
    const token = await mintRecord(account);

    const renewed = await call('/v1/sessions', withRecordToken(account, token));
    expect(renewed.status).toBe(403);
    expect(renewed.body.message).toMatch(/access-record token cannot create a new access record/i);
    expect(renewed.body).not.toHaveProperty('api_token');

    const renewedByPost = await call('/v1/sessions', withRecordToken(account, token), 'POST');
    expect(renewedByPost.status).toBe(403);
  });

  it('still works for everything else while its record lives', async () => {
    const account = await server.createAccount();
    const token = await mintRecord(account);
    expect((await call('/v1/callbacks', withRecordToken(account, token))).status).toBe(200);
  });
});

describe('records made under a rotated secret', () => {
  it('keep working during the overlap and end with it, while the new secret goes on', async () => {
    const account = await server.createAccount();
    const token = await mintRecord(account);
    const rotation = await fetch(`${server.baseUrl}/admin/accounts/${account.username}/rotate-secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(rotation.status).toBe(200);
    const rotated: TestAccount = { ...account, apiSecret: ((await rotation.json()) as { api_secret: string }).api_secret };

    expect((await call('/v1/callbacks', withRecordToken(account, token))).status).toBe(200);
    // The record outlives the overlap by minutes (it expires 270 s from now), so only the rotation can end it.
    await expect.poll(async () => (await call('/v1/callbacks', withRecordToken(account, token))).status, { timeout: 20_000, interval: 250 }).toBe(403);
    expect((await call('/v1/callbacks', signRequestHeaders(account))).status).toBe(403);
    expect((await call('/v1/callbacks', signRequestHeaders(rotated))).status).toBe(200);
  }, 30_000);
});
