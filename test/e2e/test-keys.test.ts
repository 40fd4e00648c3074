// Test keys and simulated sessions (docs/rest-guide.md "Test keys"), as an integrator lives them: a test key made and
// listed, signing for the same account with callbacks of its own; its sessions carry "test": true and stay out of the
// dashboard's list; a simulated capture runs through the real pipeline and a real receiver gets the webhooks in order;
// a live session cannot be simulated; keys are revoked, never the calling one or the account's own. Signed-in owners
// do the same over GraphQL; other roles cannot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest } from '../support/graphql.js';
import { cookieGraphql, signedInAs } from '../support/sign-in.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { startDeliveryServer, waitFor } from '../webhooks/delivery-support.js';

let server: TestServer;
let account: TestAccount;
let testKey: TestAccount;
let receiver: Receiver;

const api = (as: TestAccount, method: string, path: string, body?: unknown) => apiRequest(server.baseUrl, as, method, path, body);

/** The webhooks the receiver got for a session, as [event, detail] in arrival order. */
function webhooksOf(sessionKey: string): { event: string; payload: Record<string, any> }[] {
  return receiver.requests
    .map((request) => JSON.parse(request.body))
    .filter((payload) => (payload.session_key ?? payload.session?.session_key) === sessionKey)
    .map((payload) => ({ event: payload.event, payload }));
}

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startDeliveryServer();
  // Manual review: the simulation completes the review itself, as a person would.
  account = await server.createAccount(undefined, { review_mode: 'manual' });
  const created = await api(account, 'POST', '/v1/account/api-keys', { mode: 'test', label: 'staging' });
  expect(created.status).toBe(201);
  expect(Object.keys(created.body).sort()).toEqual(['api_key', 'api_secret', 'created_at', 'label', 'mode']);
  expect(created.body).toMatchObject({ mode: 'test', label: 'staging' });
  testKey = { username: account.username, apiKey: created.body.api_key, apiSecret: created.body.api_secret };
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe('test keys', () => {
  it('lists the keys without secrets, the account’s own first', async () => {
    const listed = await api(testKey, 'GET', '/v1/account/api-keys');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((key: { api_key: string; mode: string }) => [key.api_key, key.mode])).toEqual([
      [account.apiKey, 'live'],
      [testKey.apiKey, 'test'],
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(testKey.apiSecret);
  });

  it('refuses a bad mode or label with 400 and makes no key', async () => {
    for (const body of [{}, { mode: 'sandbox' }, { mode: 'test', label: '' }, { mode: 'test', label: 'x'.repeat(101) }, { mode: 'live', extra: 1 }]) {
      expect((await api(account, 'POST', '/v1/account/api-keys', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api(account, 'GET', '/v1/account/api-keys')).body.data).toHaveLength(2);
  });

  it('makes test sessions, left out of the dashboard list unless asked for; the account’s own key makes live ones', async () => {
    const test = await api(testKey, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
    const live = await api(account, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
    expect([test.body.test, live.body.test]).toEqual([true, false]);
    // The same account reads both, whichever key signs.
    expect((await api(account, 'GET', `/v1/sessions/${test.body.session_key}`)).body.test).toBe(true);
    const list = async (test: boolean | null) => {
      const answer = await graphqlRequest(
        server.baseUrl,
        { account },
        'query($t: Boolean) { inspectionSessions(test: $t) { edges { node { sessionKey test } } } }',
        { t: test },
      );
      return answer.data.inspectionSessions.edges.map((edge: { node: { sessionKey: string } }) => edge.node.sessionKey);
    };
    expect(await list(null)).toContain(live.body.session_key);
    expect(await list(null)).not.toContain(test.body.session_key);
    expect(await list(true)).toEqual([test.body.session_key]);
  });

  it('simulates a whole capture: the test key’s callbacks hear it in order, the live key’s hear nothing', async () => {
    for (const [key, path] of [
      [testKey, '/test'],
      [account, '/live'],
    ] as const) {
      for (const event of ['SESSION:STATUS_CHANGE', 'SESSION:STAGE_CHANGE', 'SESSION:COMPLETE']) {
        expect((await api(key, 'POST', '/v1/callbacks', { event, url: `${receiver.origin}${path}` })).status).toBe(200);
      }
    }
    const created = await api(testKey, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
    const sessionKey = created.body.session_key as string;
    const started = await api(testKey, 'POST', `/v1/sessions/${sessionKey}/simulate`, { outcome: 'complete', rejected_photos: 2 });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ session_key: sessionKey, outcome: 'complete', rejected_photos: 2 });
    expect((await api(testKey, 'POST', `/v1/sessions/${sessionKey}/simulate`, { outcome: 'complete' })).status).toBe(409);

    await waitFor(() => webhooksOf(sessionKey).some((hook) => hook.event === 'SESSION:COMPLETE'), 'SESSION:COMPLETE of the simulated session', 90_000);
    // Deliveries of different callbacks may overtake each other: the events' own times give their order.
    // SESSION:COMPLETE carries no timestamp: it is the last event of a session.
    const at = (hook: { payload: Record<string, any> }) =>
      typeof hook.payload.timestamp === 'string' ? Date.parse(hook.payload.timestamp) : Number.POSITIVE_INFINITY;
    const hooks = webhooksOf(sessionKey).sort((a, b) => at(a) - at(b));
    expect(receiver.requests.filter((request) => request.path === '/live' && request.body.includes(sessionKey))).toEqual([]);
    const statuses = hooks.filter((hook) => hook.event === 'SESSION:STATUS_CHANGE').map((hook) => hook.payload.status);
    expect(statuses).toEqual(['STARTED', 'PROCESS', 'QC_PASSED', 'CONFIRM']);
    const stages = hooks.filter((hook) => hook.event === 'SESSION:STAGE_CHANGE');
    expect(stages.filter((hook) => hook.payload.photo_status === 'rejected').map((hook) => hook.payload.photo_code)).toEqual([1, 2]);
    expect(stages.filter((hook) => hook.payload.photo_status === 'accepted').map((hook) => hook.payload.photo_code)).toEqual([1, 2, 4, 5, 7, 8]);
    expect(hooks.at(-1)?.event).toBe('SESSION:COMPLETE');
    const results = (await api(testKey, 'GET', `/v1/sessions/${sessionKey}/results`)).body;
    expect(results.inspection).toMatchObject({ assessment: 'ASSESSED', total_damages: 0, reviewed_by: 'api' });
    // Each key's deliveries are its own.
    const testDeliveries = await api(testKey, 'GET', '/v1/callbacks/SESSION:COMPLETE/deliveries');
    expect(testDeliveries.body.data.map((delivery: { session_key: string }) => delivery.session_key)).toContain(sessionKey);
    expect((await api(account, 'GET', '/v1/callbacks/SESSION:COMPLETE/deliveries')).body.data).toEqual([]);
  }, 150_000);

  it('lets a simulated session expire', async () => {
    const created = await api(testKey, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
    const sessionKey = created.body.session_key as string;
    expect((await api(testKey, 'POST', `/v1/sessions/${sessionKey}/simulate`, { outcome: 'expire' })).status).toBe(202);
    await waitFor(async () => (await api(testKey, 'GET', `/v1/sessions/${sessionKey}`)).body.status === 'EXPIRED', 'the simulated session to expire', 60_000);
  }, 90_000);

  it('refuses to simulate a live session (403), a bad body (400), and too many rejections for the theme (400)', async () => {
    const live = await api(account, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
    expect((await api(account, 'POST', `/v1/sessions/${live.body.session_key}/simulate`, { outcome: 'complete' })).status).toBe(403);
    const test = await api(testKey, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
    for (const body of [{}, { outcome: 'crash' }, { outcome: 'complete', rejected_photos: -1 }, { outcome: 'complete', rejected_photos: 7 }]) {
      expect((await api(testKey, 'POST', `/v1/sessions/${test.body.session_key}/simulate`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api(testKey, 'GET', `/v1/sessions/${test.body.session_key}`)).body.status).toBe('IDLE');
  });

  it('lets a signed-in owner list, make and revoke keys over GraphQL, and no other role', async () => {
    const person = async (role: string) => {
      const username = `${role}-${account.username}`;
      expect((await api(account, 'POST', '/v1/users', { username, password: 'a-long-password-1', role })).status).toBe(201);
      return signedInAs(server.baseUrl, username, 'a-long-password-1');
    };
    const owner = await person('owner');
    const made = await cookieGraphql(server.baseUrl, owner, 'mutation { createApiKey(mode: TEST, label: "ci") { key { apiKey mode label } apiSecret } }');
    expect(made.errors).toBeUndefined();
    const madeKey = (made.data as any).createApiKey.key.apiKey as string;
    const listed = await cookieGraphql(server.baseUrl, owner, '{ apiKeys { apiKey mode } }');
    expect((listed.data as any).apiKeys.map((key: { apiKey: string }) => key.apiKey)).toContain(madeKey);
    const inspector = await person('inspector');
    expect((await cookieGraphql(server.baseUrl, inspector, '{ apiKeys { apiKey } }')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const revoked = await cookieGraphql(server.baseUrl, owner, 'mutation($k: String!) { revokeApiKey(apiKey: $k) }', { k: madeKey });
    expect(revoked.errors).toBeUndefined();
    expect((await cookieGraphql(server.baseUrl, owner, '{ apiKeys { apiKey } }')).data).not.toContain(madeKey);
  }, 60_000);

  it('revokes a key at once, but never the calling key or the account’s own', async () => {
    expect((await api(testKey, 'DELETE', `/v1/account/api-keys/${testKey.apiKey}`)).status).toBe(409);
    expect((await api(testKey, 'DELETE', `/v1/account/api-keys/${account.apiKey}`)).status).toBe(409);
    expect((await api(account, 'DELETE', '/v1/account/api-keys/no-such-key')).status).toBe(404);
    expect((await api(account, 'DELETE', `/v1/account/api-keys/${testKey.apiKey}`)).status).toBe(200);
    const refused = await api(testKey, 'GET', '/v1/account/api-keys');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Invalid API Key');
  });
});
