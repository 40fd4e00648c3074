// Finding sessions (docs/rest-guide.md "Finding sessions"): GET /v1/sessions/search and GraphQL sessionSearch over the
// running service — each filter, paging with the cursor, bad filters answered 400 naming the filter, and another
// account's sessions never in the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { createSession, startCapture, type CreatedSession } from '../support/capture-flow.js';
import { graphqlRequest } from '../support/graphql.js';
import { TestClock } from '../support/clock.js';
import type { TestAccount } from '../support/signing.js';

const clock = new TestClock();
let server: TestServer;
let account: TestAccount;
let other: TestAccount;
const made: Record<'dana' | 'stock' | 'started' | 'plain' | 'test', CreatedSession> = {} as never;
/** Server times between the creations, to filter on. */
const marks: Record<'afterDana' | 'afterStarted', string> = {} as never;

const tick = () => clock.advance(1_000);

async function search(query: string, as: TestAccount = account) {
  return apiRequest(server.baseUrl, as, 'GET', `/v1/sessions/search${query ? `?${query}` : ''}`);
}

async function keysOf(query: string, as: TestAccount = account): Promise<string[]> {
  const answer = await search(query, as);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.map((session: { session_key: string }) => session.session_key);
}

beforeAll(async () => {
  server = await startTestServer({}, { clock: clock.now });
  account = await server.createAccount();
  other = await server.createAccount();
  made.dana = await createSession(server.baseUrl, account, {
    session: { theme: 'LITE', client_id: 'lot-1', contact: { name: 'Dana Buyer', phone: '+1 555 010 0199', email: 'dana@example.com' } },
    vehicle: { vin: '1HGCM82633A004352' },
  });
  tick();
  marks.afterDana = clock.now().toISOString();
  tick();
  made.stock = await createSession(server.baseUrl, account, { session: { theme: 'LITE', reference: { stock: { number: 'STK-77' } } } });
  tick();
  made.started = await createSession(server.baseUrl, account, { session: { theme: 'LITE', client_id: 'lot-3' } });
  await startCapture(server.baseUrl, made.started);
  tick();
  marks.afterStarted = clock.now().toISOString();
  tick();
  made.plain = await createSession(server.baseUrl, account);
  tick();
  // Sessions made with a test key carry test: true; one is marked so here (test keys have tests of their own).
  made.test = await createSession(server.baseUrl, account, { session: { theme: 'LITE', client_id: 'lot-test' } });
  await server.app.database.db.collection('inspection_sessions').updateOne({ _id: made.test.sessionKey as never }, { $set: { test: true } });
  // Another account's sessions match every search below, and must never appear.
  await createSession(server.baseUrl, other, {
    session: { theme: 'LITE', client_id: 'lot-1', contact: { name: 'Dana Buyer', phone: '+1 555 010 0199' }, reference: { stock: 'STK-77' } },
    vehicle: { vin: '1HGCM82633A004352' },
  });
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /v1/sessions/search', () => {
  it('lists the live sessions of the account, newest first, as session representations', async () => {
    const answer = await search('');
    expect(answer.status).toBe(200);
    expect(answer.body.next_cursor).toBeNull();
    expect(answer.body.data.map((session: { session_key: string }) => session.session_key)).toEqual([
      made.plain.sessionKey,
      made.started.sessionKey,
      made.stock.sessionKey,
      made.dana.sessionKey,
    ]);
    expect(answer.body.data[3]).toMatchObject({ status: 'IDLE', theme: 'LITE', capture_url: made.dana.captureUrl, options: { client_id: 'lot-1' } });
  });

  it('filters by status, a comma list in any case', async () => {
    expect(await keysOf('status=STARTED')).toEqual([made.started.sessionKey]);
    expect(await keysOf('status=started,idle')).toEqual([made.plain.sessionKey, made.started.sessionKey, made.stock.sessionKey, made.dana.sessionKey]);
    expect(await keysOf('status=COMPLETE')).toEqual([]);
    // The review queue: none of these waits for a review.
    expect(await keysOf('awaiting_review=true')).toEqual([]);
    expect(await keysOf('awaiting_review=false&status=STARTED')).toEqual([made.started.sessionKey]);
  });

  it('filters by creation time, a date-time or a whole day', async () => {
    expect(await keysOf(`created_from=${marks.afterDana}`)).toEqual([made.plain.sessionKey, made.started.sessionKey, made.stock.sessionKey]);
    expect(await keysOf(`created_to=${marks.afterDana}`)).toEqual([made.dana.sessionKey]);
    expect(await keysOf(`created_from=${marks.afterDana}&created_to=${marks.afterStarted}`)).toEqual([made.started.sessionKey, made.stock.sessionKey]);
    const today = clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(await keysOf(`created_from=${today}&created_to=${today}`)).toHaveLength(4);
    expect(await keysOf(`created_from=${tomorrow}`)).toEqual([]);
    // An offset other than Z names the same instant.
    const shifted = new Date(marks.afterDana).getTime() + 2 * 3_600_000;
    const withOffset = `${new Date(shifted).toISOString().slice(0, 19)}+02:00`;
    expect(await keysOf(`created_to=${encodeURIComponent(withOffset)}`)).toEqual([made.dana.sessionKey]);
  });

  it('filters by last update', async () => {
    tick();
    const before = clock.now().toISOString();
    tick();
    const updated = await apiRequest(server.baseUrl, account, 'PUT', `/v1/sessions/${made.stock.sessionKey}`, { language: 'es' });
    expect(updated.status).toBe(200);
    expect(await keysOf(`updated_since=${before}`)).toEqual([made.stock.sessionKey]);
  });

  it('finds by VIN, key, client_id, reference values and the contact, in any case, with regex characters taken literally', async () => {
    const dana = [made.dana.sessionKey];
    expect(await keysOf('q=1hgcm8263')).toEqual(dana);
    expect(await keysOf(`q=${made.dana.sessionKey.slice(4).toLowerCase()}`)).toEqual(dana);
    expect(await keysOf('q=LOT-1')).toEqual(dana);
    expect(await keysOf('q=dana%20buyer')).toEqual(dana);
    expect(await keysOf('q=DANA%40EXAMPLE.COM')).toEqual(dana);
    expect(await keysOf('q=555-010-0199')).toEqual(dana);
    expect(await keysOf('q=(555)%200100199')).toEqual(dana);
    expect(await keysOf('q=stk-77')).toEqual([made.stock.sessionKey]);
    expect(await keysOf('q=.*')).toEqual([]);
    expect(await keysOf('q=lot-%5B13%5D')).toEqual([]);
    // A reference value changed by an update is found by its new value.
    const updated = await apiRequest(server.baseUrl, account, 'PUT', `/v1/sessions/${made.plain.sessionKey}`, { options: { reference: { po: 'PO-9931' } } });
    expect(updated.status).toBe(200);
    expect(await keysOf('q=po-99')).toEqual([made.plain.sessionKey]);
  });

  it('leaves test sessions out unless test=true asks for them alone', async () => {
    expect(await keysOf('test=true')).toEqual([made.test.sessionKey]);
    expect(await keysOf('test=false&q=lot-test')).toEqual([]);
  });

  it('pages with next_cursor through the same list', async () => {
    const all = await keysOf('');
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await search(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status).toBe(200);
      expect(answer.body.data.length).toBeLessThanOrEqual(3);
      seen.push(...answer.body.data.map((session: { session_key: string }) => session.session_key));
      cursor = answer.body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(all);
    // The cursor keeps the filters' order: the second page of a filtered list continues it.
    const first = await search('limit=1&status=IDLE');
    expect((await keysOf(`limit=5&status=IDLE&cursor=${first.body.next_cursor}`))[0]).toBe(made.stock.sessionKey);
  });

  it('answers a bad filter with 400 naming it', async () => {
    const cases: [string, string][] = [
      ['status=DONE', 'status must be a comma-separated list of IDLE, STARTED, PROCESS, QC_PASSED, CONFIRM, COMPLETE, EXPIRED.'],
      ['created_from=yesterday', 'created_from must be an ISO 8601'],
      ['created_to=2026-02-30', 'created_to must be an ISO 8601'],
      ['updated_since=2026-11-27T10:00:00', 'updated_since must be an ISO 8601'],
      ['created_from=2026-11-02&created_to=2026-11-01', 'created_from must not be after created_to.'],
      ['limit=0', 'limit must be a whole number from 1 to 100.'],
      ['limit=101', 'limit must be a whole number from 1 to 100.'],
      ['limit=ten', 'limit must be a whole number from 1 to 100.'],
      ['test=yes', 'test must be true or false.'],
      ['awaiting_review=1', 'awaiting_review must be true or false.'],
      ['cursor=bm9wZQ', 'cursor is not a next_cursor returned by this API.'],
      [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters.'],
    ];
    for (const [query, message] of cases) {
      const answer = await search(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toContain(message);
    }
  });

  it("never shows another account's sessions, and needs the API headers", async () => {
    const theirs = await keysOf('q=dana', other);
    expect(theirs).toHaveLength(1);
    expect(theirs).not.toContain(made.dana.sessionKey);
    expect(await keysOf('q=stk-77')).toEqual([made.stock.sessionKey]);
    const unsigned = await fetch(`${server.baseUrl}/v1/sessions/search`);
    expect(unsigned.status).toBe(403);
  });
});

describe('GraphQL sessionSearch', () => {
  const SEARCH = 'query($filter: SessionSearchInput) { sessionSearch(filter: $filter) { sessions { sessionKey status } nextCursor } }';

  it('takes the same filters in camelCase and answers the same sessions', async () => {
    const result = await graphqlRequest(server.baseUrl, { account }, SEARCH, {
      filter: { status: ['idle'], createdFrom: marks.afterDana, q: 'stk', limit: 5 },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.sessionSearch).toEqual({ sessions: [{ sessionKey: made.stock.sessionKey, status: 'IDLE' }], nextCursor: null });
    const paged = await graphqlRequest(server.baseUrl, { account }, SEARCH, { filter: { limit: 2 } });
    const rest = await graphqlRequest(server.baseUrl, { account }, SEARCH, { filter: { limit: 2, cursor: paged.data?.sessionSearch.nextCursor } });
    const keys = [...(paged.data?.sessionSearch.sessions ?? []), ...(rest.data?.sessionSearch.sessions ?? [])].map(
      (session: { sessionKey: string }) => session.sessionKey,
    );
    expect(keys).toEqual(await keysOf(''));
  });

  it('refuses a bad filter as BAD_REQUEST with the REST message', async () => {
    const result = await graphqlRequest(server.baseUrl, { account }, SEARCH, { filter: { createdTo: 'soon' } });
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(result.errors?.[0]?.message).toContain('created_to must be an ISO 8601');
  });
});
