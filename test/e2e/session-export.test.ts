// The CSV export (docs/rest-guide.md "Exporting sessions"): GET /v1/sessions/export.csv over the running service — the
// header row, a reviewed session's grade and damage count, RFC 4180 quoting, the apostrophe before a formula, the
// search's filters, a bad filter answered 400 before any CSV, a signed-in user's cookie, and no other account's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { createSession, THEME_PHOTOS, type CreatedSession } from '../support/capture-flow.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import { signedInAs } from '../support/sign-in.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { TestClock } from '../support/clock.js';

const HEADER =
  'session_key,status,theme,language,created_at,completed_at,vin,vin_match,year,make,model,odometer,grade,total_damages,reviewed_by,contact_name,contact_phone,client_id';

const clock = new TestClock();
let server: TestServer;
let account: TestAccount;
let other: TestAccount;
let reviewed: CreatedSession;
let hostile: CreatedSession;
let plain: CreatedSession;
let test: CreatedSession;

async function exportCsv(query = '', headers: Record<string, string> = signRequestHeaders(account)) {
  const response = await fetch(`${server.baseUrl}/v1/sessions/export.csv${query ? `?${query}` : ''}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The CSV's lines without their CRLF ends; the last line ends with one too. */
function linesOf(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
}

/** Start, all LITE photos accepted, confirm (manual review: the session waits in CONFIRM). */
async function captureAndConfirm(session: CreatedSession): Promise<void> {
  const capture = { captureToken: session.captureToken };
  const variables = { k: session.sessionKey };
  await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', variables);
  for (const code of THEME_PHOTOS.LITE ?? []) {
    const result = await uploadPhoto(server.baseUrl, capture, session.sessionKey, code, await makeScene({ seed: 8300 + code }));
    expect(result.body.data?.capturePhoto?.approved).toBe(true);
  }
  const confirmed = await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', variables);
  expect(confirmed.data?.confirmInspection?.status).toBe('CONFIRM');
}

beforeAll(async () => {
  server = await startTestServer({}, { clock: clock.now });
  account = await server.createAccount(undefined, { review_mode: 'manual' });
  other = await server.createAccount();
  reviewed = await createSession(server.baseUrl, account, {
    session: { theme: 'LITE', client_id: 'lot-1', contact: { name: 'Dana Buyer', phone: '555 010 0199' } },
    vehicle: { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', odom_reading: 42180 },
  });
  await captureAndConfirm(reviewed);
  const damage = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${reviewed.sessionKey}/damages`, {
    item: 'front_bumper',
    damage_type: 'dent',
    grade: 3,
  });
  expect(damage.status).toBe(200);
  expect((await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${reviewed.sessionKey}/review`, { no_damage_found: false })).status).toBe(200);
  clock.advance(1_000);
  hostile = await createSession(server.baseUrl, account, {
    session: { theme: 'LITE', client_id: '=HYPERLINK("http://evil.example","x")', contact: { name: 'Smith, "Jr"\nSenior', phone: '@SUM(1)' } },
    vehicle: { make: '-2+3', model: '+Plus' },
  });
  clock.advance(1_000);
  plain = await createSession(server.baseUrl, account, { session: { theme: 'PRO', language: 'de' } });
  clock.advance(1_000);
  test = await createSession(server.baseUrl, account);
  // Sessions made with a test key carry test: true; one is marked so here (test keys have tests of their own).
  await server.app.database.db.collection('inspection_sessions').updateOne({ _id: test.sessionKey as never }, { $set: { test: true } });
  await createSession(server.baseUrl, other, { session: { theme: 'LITE', client_id: 'lot-1' } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('GET /v1/sessions/export.csv', () => {
  it('streams a header row and one row per live session, newest first, with the review of a completed one', async () => {
    const answer = await exportCsv();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="sessions-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Streamed: sent in chunks as the rows are read, never with a length known up front.
    expect(answer.headers.get('content-length')).toBeNull();
    const lines = linesOf(answer.text);
    expect(lines[0]).toBe(HEADER);
    expect(lines.map((line) => line.slice(0, 14))).toEqual(['session_key,st', plain.sessionKey, hostile.sessionKey, reviewed.sessionKey]);
    const results = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${reviewed.sessionKey}/results`)).body;
    const created = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${reviewed.sessionKey}`)).body.created_at;
    expect(results.inspection).toMatchObject({ grade: expect.any(Number), total_damages: 1, reviewed_by: 'api' });
    expect(lines[3]?.split(',')).toEqual([
      reviewed.sessionKey,
      'COMPLETE',
      'LITE',
      'en',
      created,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      '1HGCM82633A004352',
      '',
      '2003',
      'Honda',
      'Accord',
      '42180',
      String(results.inspection.grade),
      '1',
      'api',
      'Dana Buyer',
      '555 010 0199',
      'lot-1',
    ]);
    const plainCreated = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${plain.sessionKey}`)).body.created_at;
    expect(lines[1]).toBe(`${plain.sessionKey},IDLE,PRO,de,${plainCreated}${','.repeat(13)}`);
  });

  it('quotes commas, quotes and line breaks, and puts an apostrophe before a formula', async () => {
    const text = (await exportCsv(`q=${hostile.sessionKey}`)).text;
    expect(text.startsWith(`${HEADER}\r\n${hostile.sessionKey},IDLE,LITE,en,`)).toBe(true);
    expect(text.endsWith(`,,,'-2+3,'+Plus,,,,,"Smith, ""Jr""\nSenior",'@SUM(1),"'=HYPERLINK(""http://evil.example"",""x"")"\r\n`)).toBe(true);
  });

  it('takes the filters of the search', async () => {
    expect(
      linesOf((await exportCsv('status=COMPLETE')).text)
        .slice(1)
        .map((line) => line.slice(0, 14)),
    ).toEqual([reviewed.sessionKey]);
    expect(linesOf((await exportCsv('q=dana%20BUYER')).text)).toHaveLength(2);
    expect(
      linesOf((await exportCsv('test=true')).text)
        .slice(1)
        .map((line) => line.slice(0, 14)),
    ).toEqual([test.sessionKey]);
    const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await exportCsv(`created_from=${tomorrow}`)).text).toBe(`${HEADER}\r\n`);
    // limit and cursor belong to the search's pages; the export takes every session the filters find.
    expect(linesOf((await exportCsv('limit=1')).text)).toHaveLength(4);
  });

  it('answers a bad filter with 400 naming it, before any CSV', async () => {
    for (const [query, message] of [
      ['status=FINISHED', 'status must be a comma-separated list'],
      ['created_to=31/12/2026', 'created_to must be an ISO 8601'],
      ['test=1', 'test must be true or false.'],
    ]) {
      const answer = await exportCsv(query);
      expect(answer.status, query).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(answer.text).message).toContain(message);
    }
  });

  it('opens for a signed-in user of any role with the cookie, and for nobody without credentials', async () => {
    for (const role of ['owner', 'inspector', 'viewer'] as const) {
      const username = `csv-${role}-${account.username}`.slice(0, 60);
      expect((await apiRequest(server.baseUrl, account, 'POST', '/v1/users', { username, password: 'correct horse battery', role })).status).toBe(201);
      const cookie = await signedInAs(server.baseUrl, username, 'correct horse battery');
      const answer = await exportCsv('status=COMPLETE', { cookie });
      expect(answer.status, role).toBe(200);
      expect(linesOf(answer.text)).toEqual([HEADER, expect.stringMatching(new RegExp(`^${reviewed.sessionKey},COMPLETE,`))]);
    }
    expect((await exportCsv('', {})).status).toBe(403);
    expect((await exportCsv('', { cookie: 'cg_session=not-a-sign-in' })).status).toBe(403);
  });

  it("never holds another account's sessions", async () => {
    const theirs = linesOf((await exportCsv('q=lot-1', signRequestHeaders(other))).text);
    expect(theirs).toHaveLength(2);
    expect(theirs[1]).not.toContain(reviewed.sessionKey);
    expect(
      linesOf((await exportCsv('q=lot-1')).text)
        .slice(1)
        .map((line) => line.slice(0, 14)),
    ).toEqual([reviewed.sessionKey]);
  });
});
