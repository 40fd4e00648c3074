// Review revisions end to end (docs/staff.md "Review revisions"): a completed review reopened with a reason (REST and
// GraphQL), its damage records corrected, completed again → report.revision + 1, a new PDF behind the same report
// link, SESSION:REPORT_REVISED signed to a real receiver and on the subscription; the refusals (400, 409, FORBIDDEN).
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, type TestServer } from '../support/test-server.js';
import { graphqlRequest, uploadPhoto, wsEventRecorder, type EventRecorder } from '../support/graphql.js';
import { createSession, THEME_PHOTOS, type CreatedSession } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { cookieGraphql, signedInAs } from '../support/sign-in.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { bodyOf, setCallback, signedHeaders, startDeliveryServer } from '../webhooks/delivery-support.js';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PASSWORD = 'a-long-revisions-password';
const REOPEN = 'mutation($k: String!, $r: String!) { reopenReview(sessionKey: $k, reason: $r) { status review { state revision reopened { reason by } } } }';
const COMPLETE =
  'mutation($k: String!) { completeReview(sessionKey: $k) { status review { state revision revisions { revision reason reopenedBy completedBy } } } }';

let server: TestServer;
let manual: TestAccount;
let receiver: Receiver;
let revisedSecret: string;
let seed = 9_100;

beforeAll(async () => {
  [server, receiver] = await Promise.all([startDeliveryServer(), startReceiver()]);
  manual = await server.createAccount(undefined, { review_mode: 'manual' });
  await setCallback(server, manual, { event: 'SESSION:COMPLETE', url: `${receiver.origin}/complete` });
  revisedSecret = (await setCallback(server, manual, { event: 'SESSION:REPORT_REVISED', url: `${receiver.origin}/revised` })).secret;
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});

const api = (account: TestAccount, method: string, path: string, body?: unknown) => apiRequest(server.baseUrl, account, method, path, body);
const received = (path: string) => receiver.requests.filter((request) => request.path === path);

/** A LITE session captured and confirmed on a manual-review account: it waits for its review. */
async function confirmedSession(account: TestAccount): Promise<CreatedSession> {
  const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' } });
  const capture = { captureToken: session.captureToken };
  const variables = { k: session.sessionKey };
  await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', variables);
  seed += 50;
  for (const code of THEME_PHOTOS.LITE ?? []) {
    const result = await uploadPhoto(server.baseUrl, capture, session.sessionKey, code, await makeScene({ seed: seed + code }));
    expect(result.body.data?.capturePhoto?.approved).toBe(true);
  }
  await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', variables);
  return session;
}

const POPPLER = existsSync('/usr/bin/pdftotext');

/** The text of a PDF (poppler's pdftotext); '' where poppler is not installed, so only the bytes are compared. */
function pdfText(pdf: Buffer): string {
  return POPPLER ? execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8') : '';
}

async function pdfAt(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await response.arrayBuffer());
}

describe('a review reopened and completed again over REST', () => {
  let session: CreatedSession;
  let dentId: string;
  let firstResults: any;
  let firstPdf: Buffer;
  let events: EventRecorder;

  beforeAll(async () => {
    session = await confirmedSession(manual);
    const dent = await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/damages`, { item: 'rear_bumper', damage_type: 'dent', grade: 3, photo_code: 8 });
    dentId = dent.body.damage_id;
    const completed = await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/review`, {});
    expect(completed.status).toBe(200);
    firstResults = completed.body;
    events = wsEventRecorder(server.baseUrl, signRequestHeaders(manual), { sessionKey: session.sessionKey });
    await events.ready;
  }, 180_000);
  afterAll(() => events?.close());

  it('counts the first report as revision 1 and its review as completed', async () => {
    expect(firstResults.report).toMatchObject({ revision: 1, url: expect.any(String), pdf_url: expect.any(String) });
    const view = await api(manual, 'GET', `/v1/sessions/${session.sessionKey}`);
    expect(view.body.review).toEqual({ state: 'completed', revision: 1, reopened: null, revisions: [] });
    firstPdf = await pdfAt(firstResults.report.pdf_url);
    if (POPPLER) expect(pdfText(firstPdf)).toMatch(/dent/i);
  });

  it('refuses a reopening without a reason or with one over 500 characters (400), changing nothing', async () => {
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }, { reason: 'x'.repeat(501) }]) {
      const refused = await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/review/reopen`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toContain('reason');
    }
    expect((await api(manual, 'GET', `/v1/sessions/${session.sessionKey}`)).body.review.state).toBe('completed');
  });

  it('reopens with a reason: still COMPLETE, review.state reopened, the report links still show revision 1; a second reopening is 409', async () => {
    const reason = 'The dent is on the rear door, not the bumper; a scratch on the hood was missed.';
    const reopened = await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/review/reopen`, { reason });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ session_key: session.sessionKey, status: 'COMPLETE', active: false });
    expect(reopened.body.review).toEqual({ state: 'reopened', revision: 1, reopened: { reason, by: 'api', at: expect.any(String) }, revisions: [] });
    expect((await api(manual, 'GET', `/v1/sessions/${session.sessionKey}`)).body.review.state).toBe('reopened');
    expect((await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/review/reopen`, { reason: 'again' })).status).toBe(409);
    expect((await api(manual, 'GET', `/v1/sessions/${session.sessionKey}/results`)).body).toEqual(firstResults);
    expect((await fetch(firstResults.report.url)).status).toBe(200);
  });

  it('takes damage corrections while reopened: add, change and remove', async () => {
    const path = `/v1/sessions/${session.sessionKey}/damages`;
    const scratch = await api(manual, 'POST', path, { item: 'hood', damage_type: 'scratch', grade: 2, photo_code: 5 });
    expect(scratch.status).toBe(200);
    const changed = await api(manual, 'PATCH', `${path}/${dentId}`, { item: 'left_rear_door', grade: 2 });
    expect(changed.status).toBe(200);
    const extra = await api(manual, 'POST', path, { item: 'roof', damage_type: 'chip', grade: 4 });
    expect((await api(manual, 'DELETE', `${path}/${extra.body.damage_id}`)).status).toBe(200);
  });

  it('completes again: report.revision 2, a new PDF behind the same link, SESSION:REPORT_REVISED signed and on the subscription', async () => {
    const revised = await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/review`, {});
    expect(revised.status).toBe(200);
    expect(revised.body.report).toEqual({ ...firstResults.report, revision: 2 });
    expect(revised.body.session.completed_at).toBe(firstResults.session.completed_at);
    expect(revised.body.inspection.damages.map((damage: { item: string }) => damage.item).sort()).toEqual(['hood', 'left_rear_door']);
    expect(revised.body.inspection.reviewed_by).toBe('api');
    expect((await api(manual, 'GET', `/v1/sessions/${session.sessionKey}/results`)).body).toEqual(revised.body);
    const view = (await api(manual, 'GET', `/v1/sessions/${session.sessionKey}`)).body.review;
    expect(view).toEqual({
      state: 'completed',
      revision: 2,
      reopened: null,
      revisions: [
        {
          revision: 2,
          reason: expect.stringContaining('rear door'),
          reopened_by: 'api',
          reopened_at: expect.any(String),
          completed_by: 'api',
          completed_at: expect.any(String),
        },
      ],
    });

    // The webhook: the results object plus revision and reason, signed with the callback's secret.
    await expect.poll(() => received('/revised').length, { timeout: 30_000 }).toBe(1);
    const delivery = received('/revised')[0]!;
    expect(() => new Webhook(revisedSecret).verify(delivery.body, signedHeaders(delivery))).not.toThrow();
    const { event, revision, reason, ...results } = bodyOf(delivery);
    expect([event, revision, reason]).toEqual(['SESSION:REPORT_REVISED', 2, expect.stringContaining('rear door')]);
    expect({ ...results, event: 'SESSION:COMPLETE' }).toEqual(revised.body);
    expect(received('/complete')).toHaveLength(1);
    await events.waitFor((seen) => seen.some((entry) => entry.event === 'SESSION:REPORT_REVISED'));
    expect(events.events.find((entry) => entry.event === 'SESSION:REPORT_REVISED')?.payload).toMatchObject({ revision: 2, report: revised.body.report });

    // The same link now opens the revised report: a new PDF naming the corrected damages.
    const revisedPdf = await pdfAt(revised.body.report.pdf_url);
    expect(revisedPdf.equals(firstPdf)).toBe(false);
    if (POPPLER) {
      const text = pdfText(revisedPdf);
      expect(text).toMatch(/scratch/i);
      expect(text).toMatch(/rear door/i);
      expect(text).toContain('Revision 2 of this report');
      expect(pdfText(firstPdf)).not.toContain('Revision');
    }
    const page = await (await fetch(revised.body.report.url)).text();
    expect(page).toMatch(/Hood/);
    expect(page).toContain('Revision 2 of this report');

    // Frozen again.
    expect((await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/damages`, { item: 'hood', damage_type: 'dent' })).status).toBe(409);
  });
});

describe('reopening refused', () => {
  it('is 409 for a session never reviewed (auto) and for one not COMPLETE', async () => {
    const auto = await server.createAccount(undefined, { review_mode: 'auto' });
    const unreviewed = await confirmedSession(auto);
    await expect.poll(async () => (await api(auto, 'GET', `/v1/sessions/${unreviewed.sessionKey}`)).body.status, { timeout: 30_000 }).toBe('COMPLETE');
    const never = await api(auto, 'POST', `/v1/sessions/${unreviewed.sessionKey}/review/reopen`, { reason: 'Look again' });
    expect(never.status).toBe(409);
    expect(never.body.message).toContain('never reviewed');
    const waiting = await confirmedSession(manual);
    const early = await api(manual, 'POST', `/v1/sessions/${waiting.sessionKey}/review/reopen`, { reason: 'Look again' });
    expect(early.status).toBe(409);
    expect((await api(manual, 'GET', `/v1/sessions/${waiting.sessionKey}`)).body.review.state).toBe('pending');
    expect((await api(manual, 'POST', '/v1/sessions/XKT-7Q2M9D4B1A/review/reopen', { reason: 'Look again' })).status).toBe(404);
  }, 180_000);
});

describe('reopenReview in GraphQL', () => {
  it('lets inspectors and owners reopen and complete again (revision 2, then 3); viewers are FORBIDDEN', async () => {
    const session = await confirmedSession(manual);
    const inspector = `inspector-${manual.username}`.slice(0, 60);
    const viewer = `viewer-${manual.username}`.slice(0, 60);
    for (const [username, role] of [
      [inspector, 'inspector'],
      [viewer, 'viewer'],
    ]) {
      expect((await api(manual, 'POST', '/v1/users', { username, password: PASSWORD, role, name: `Ana ${role}` })).status).toBe(201);
    }
    const asInspector = await signedInAs(server.baseUrl, inspector, PASSWORD);
    const asViewer = await signedInAs(server.baseUrl, viewer, PASSWORD);
    const k = session.sessionKey;
    expect(
      (await cookieGraphql(server.baseUrl, asInspector, 'mutation($k: String!) { completeReview(sessionKey: $k, noDamageFound: true) { status } }', { k }))
        .errors,
    ).toBeUndefined();

    // The report names the person who reviewed, never their username (a login), in both copies.
    const copies = [
      (await api(manual, 'GET', `/v1/sessions/${k}/report`)).body as unknown as string,
      await (await fetch(`${server.baseUrl}/capture/${k}/report`, { headers: { 'capture-token': session.captureToken } })).text(),
    ];
    for (const html of copies) {
      expect(html).toContain('Reviewed by Ana inspector on');
      expect(html).not.toContain(inspector);
    }

    const denied = await cookieGraphql(server.baseUrl, asViewer, REOPEN, { k, r: 'Not mine to reopen' });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const empty = await cookieGraphql(server.baseUrl, asInspector, REOPEN, { k, r: '' });
    expect(empty.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect((await api(manual, 'GET', `/v1/sessions/${k}`)).body.review.state).toBe('completed');

    const reopened = await cookieGraphql(server.baseUrl, asInspector, REOPEN, { k, r: 'A chip on the windshield' });
    expect(reopened.data).toEqual({
      reopenReview: { status: 'COMPLETE', review: { state: 'REOPENED', revision: 1, reopened: { reason: 'A chip on the windshield', by: inspector } } },
    });
    expect((await cookieGraphql(server.baseUrl, asInspector, REOPEN, { k, r: 'again' })).errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const added = await cookieGraphql(
      server.baseUrl,
      asInspector,
      'mutation($k: String!) { addDamage(sessionKey: $k, item: "windshield", damageType: "chip", grade: 4, photoCode: 5) { damageId } }',
      { k },
    );
    expect(added.errors).toBeUndefined();
    const second = await cookieGraphql(server.baseUrl, asInspector, COMPLETE, { k });
    expect(second.data?.completeReview).toEqual({
      status: 'COMPLETE',
      review: {
        state: 'COMPLETED',
        revision: 2,
        revisions: [{ revision: 2, reason: 'A chip on the windshield', reopenedBy: inspector, completedBy: inspector }],
      },
    });

    // The API headers reopen it too; the next completion is revision 3.
    expect((await api(manual, 'POST', `/v1/sessions/${k}/review/reopen`, { reason: 'The chip is a crack' })).status).toBe(200);
    const third = await graphqlRequest(server.baseUrl, { account: manual }, COMPLETE, { k });
    expect(third.data?.completeReview.review.revision).toBe(3);
    expect(third.data?.completeReview.review.revisions.map((entry: { reopenedBy: string }) => entry.reopenedBy)).toEqual([inspector, 'api']);
    expect((await api(manual, 'GET', `/v1/sessions/${k}/results`)).body.report.revision).toBe(3);
    await expect.poll(() => received('/revised').filter((request) => bodyOf(request).session.session_key === k).length, { timeout: 30_000 }).toBe(2);
  }, 180_000);
});
