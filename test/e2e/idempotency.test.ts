// Idempotent writes over HTTP (docs/rest-guide.md): a retry with the same Idempotency-Key and body gets the first answer
// again, marked Idempotent-Replayed, and nothing is done twice — also when the retries race each other, and when they
// reach two instances sharing one database. Another body → 422; a bad key → 400.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest } from '../support/graphql.js';

let server: TestServer;
let second: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  // A second instance on the same database, as behind a load balancer.
  second = await startTestServer({ MONGODB_DB: server.config.mongodbDb });
  account = await server.createAccount();
});
afterAll(async () => {
  await second.app.stop();
  await server.stop();
});

const newSession = { session: { theme: 'LITE', client_id: 'order-77' } };

async function sessionCount(target = account): Promise<number> {
  const listed = await graphqlRequest(server.baseUrl, { account: target }, '{ inspectionSessions(first: 50) { edges { node { sessionKey } } } }');
  return listed.data?.inspectionSessions.edges.length;
}

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and creates one session', async () => {
    const before = await sessionCount();
    const key = { 'idempotency-key': 'create-order-77' };
    const first = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', newSession, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', newSession, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await sessionCount()).toBe(before + 1);
  });

  it('runs a write once when identical retries race, on one instance or two', async () => {
    const before = await sessionCount();
    const key = { 'idempotency-key': 'race-1' };
    const answers = await Promise.all(
      [server, second, server, second, server, second].map((instance) => apiRequest(instance.baseUrl, account, 'POST', '/v1/sessions', newSession, key)),
    );
    const ran = answers.filter((answer) => answer.status === 200 && answer.headers.get('idempotent-replayed') === null);
    expect(ran).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.body.session_key).toBe(ran[0]?.body.session_key);
      else expect(answer).toMatchObject({ status: 409, body: { message: expect.stringContaining('still being processed') } });
    }
    expect(await sessionCount()).toBe(before + 1);
    const later = await apiRequest(second.baseUrl, account, 'POST', '/v1/sessions', newSession, key);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(later.body.session_key).toBe(ran[0]?.body.session_key);
  });

  it('answers 422 when the key comes back with another body, and changes nothing', async () => {
    const key = { 'idempotency-key': 'create-order-78' };
    const first = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', newSession, key);
    const before = await sessionCount();
    const other = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', { session: { theme: 'PRO' } }, key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: expect.stringContaining('different request'), request_id: other.headers.get('x-request-id') });
    expect(await sessionCount()).toBe(before);
    // The first answer is still the one kept.
    expect((await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', newSession, key)).body).toEqual(first.body);
  });

  it('replays a refusal too, and keeps keys apart per API key', async () => {
    const key = { 'idempotency-key': 'delete-missing' };
    const refused = await apiRequest(server.baseUrl, account, 'DELETE', '/v1/sessions/ABC-0000000000', undefined, key);
    expect(refused.status).toBe(404);
    const again = await apiRequest(server.baseUrl, account, 'DELETE', '/v1/sessions/ABC-0000000000', undefined, key);
    expect(again).toMatchObject({ status: 404, body: refused.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const other = await server.createAccount();
    const theirs = await apiRequest(server.baseUrl, other, 'POST', '/v1/sessions', newSession, { 'idempotency-key': 'create-order-77' });
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await sessionCount(other)).toBe(1);
  });

  it('does not claim a key for a request that fails authentication', async () => {
    const key = { 'idempotency-key': 'unsigned-first' };
    const unsigned = await fetch(`${server.baseUrl}/v1/sessions`, { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(403);
    const signed = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', newSession, key);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a key that is empty, too long, or holds characters other than printable ASCII', async () => {
    const before = await sessionCount();
    for (const key of ['', 'k'.repeat(256), 'tab\there', 'caf\u00e9']) {
      const answer = await rawPost('/v1/sessions', JSON.stringify(newSession), { ...signRequestHeaders(account), 'idempotency-key': key });
      expect(answer.status, JSON.stringify(key)).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ message: 'Idempotency-Key must be 1 to 255 printable ASCII characters.' });
    }
    expect(await sessionCount()).toBe(before);
  });

  it('leaves reads and requests without the header as they were', async () => {
    const read = await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks', undefined, { 'idempotency-key': 'read-1' });
    const again = await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks', undefined, { 'idempotency-key': 'read-1' });
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body).toEqual(read.body);
    const before = await sessionCount();
    await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', newSession);
    await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', newSession);
    expect(await sessionCount()).toBe(before + 2);
  });
});

/** A POST through node:http, which lets a header hold a tab or a Latin-1 byte as a client might send it. */
function rawPost(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.baseUrl);
    const request = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}
