// The OpenAPI document the service serves describes what it really answers: every documented operation is called
// on the running server (admin, users and sign-in, sessions, notes, damages, review, results, reports, photos,
// callbacks, deliveries) and each answer — successes and the usual failures — is validated against the document:
// status documented, content type documented, JSON body valid against the schema (undocumented keys fail, since
// the answer objects are closed). The webhook bodies a real receiver gets are validated against its `webhooks`.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { completeSession, createSession, THEME_PHOTOS } from '../support/capture-flow.js';
import { makeLogo, makeScene } from '../support/images.js';
import { graphqlRequest } from '../support/graphql.js';
import { waitForValue } from '../support/wait.js';
import { OpenApiResponseChecker, type CheckedAnswer } from '../support/openapi-validator.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';

const EVENTS = ['SESSION:SMS_PROCESS', 'SESSION:STAGE_CHANGE', 'SESSION:STATUS_CHANGE', 'SESSION:COMPLETE', 'SESSION:NOTE_INSERT'];

/** A multipart/form-data body with the photo as the field `file` (boundary `openapi-photo`). */
function multipartPhoto(photo: Buffer): Buffer {
  const head = '--openapi-photo\r\ncontent-disposition: form-data; name="file"; filename="photo.jpg"\r\ncontent-type: image/jpeg\r\n\r\n';
  return Buffer.concat([Buffer.from(head), photo, Buffer.from('\r\n--openapi-photo--\r\n')]);
}

describe('the served OpenAPI document against real answers', () => {
  let server: TestServer;
  let checker: OpenApiResponseChecker;
  let receiver: Receiver;
  let account: TestAccount;
  const problems: string[] = [];

  beforeAll(async () => {
    [server, receiver] = await Promise.all([
      startTestServer({ RATE_LIMIT_POINTS: '100000', WEBHOOK_POLL_INTERVAL_MS: '100', WEBHOOK_RETRY_TIME_SCALE: '0.001' }),
      startReceiver(),
    ]);
    const served = await fetch(`${server.baseUrl}/v1/openapi.json`);
    const document = (await served.json()) as Record<string, unknown>;
    checker = new OpenApiResponseChecker(document);
    expect(checker.check('GET', '/v1/openapi.json', { status: served.status, headers: served.headers, body: document })).toEqual([]);
  });

  beforeEach(() => {
    problems.length = 0;
  });

  afterAll(async () => {
    await receiver?.close();
    await server?.stop();
  });

  /** Sends a request, checks the answer against the document and returns it. */
  async function call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<CheckedAnswer> {
    const bytes = options.body instanceof Uint8Array ? new Blob([new Uint8Array(options.body)]) : null;
    const headers = { ...(options.body === undefined || bytes ? {} : { 'content-type': 'application/json' }), ...options.headers };
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : (bytes ?? JSON.stringify(options.body)),
    });
    const contentType = response.headers.get('content-type') ?? '';
    const body = contentType.startsWith('application/json') ? await response.json() : (await response.arrayBuffer()).byteLength > 0 ? '(bytes)' : null;
    const answer = { status: response.status, headers: response.headers, body };
    if (process.env.DEBUG_OPENAPI) console.log(method, path, answer.status, JSON.stringify(body).slice(0, 300));
    problems.push(...checker.check(method, path.split('?')[0] as string, answer));
    return answer;
  }

  const signed = (who: TestAccount) => signRequestHeaders(who);
  const asAccount = (method: string, path: string, body?: unknown, who: TestAccount = account) => call(method, path, { body, headers: signed(who) });
  const admin = (method: string, path: string, body?: unknown) => call(method, path, { body, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });

  function expectNoProblems(): void {
    expect(problems).toEqual([]);
  }

  it('describes the admin API', async () => {
    const created = await admin('POST', '/admin/accounts', { username: 'openapi-acme', review_mode: 'auto' });
    expect(created.status).toBe(201);
    account = { username: created.body.username, apiKey: created.body.api_key, apiSecret: created.body.api_secret };
    expect((await admin('GET', '/admin/accounts')).status).toBe(200);
    expect((await admin('PATCH', `/admin/accounts/${account.username}`, { display_name: 'Acme Motors', brand_color: '#0a5cff' })).status).toBe(200);
    const rotated = await admin('POST', `/admin/accounts/${account.username}/rotate-secret`);
    expect(rotated.status).toBe(200);
    account = { ...account, apiSecret: rotated.body.api_secret };
    expect((await admin('POST', '/admin/accounts', { username: 'openapi-acme' })).status).toBe(409);
    expect((await admin('POST', '/admin/accounts', { username: 'x' })).status).toBe(400);
    expect((await admin('PATCH', '/admin/accounts/nobody-here', { display_name: 'x' })).status).toBe(404);
    expect((await call('GET', '/admin/accounts')).status).toBe(401);
    expectNoProblems();
  });

  it('describes users and sign-in', async () => {
    const user = { username: 'openapi.jane', password: 'correct horse battery', role: 'inspector', name: 'Jane Doe' };
    expect((await asAccount('POST', '/v1/users', user)).status).toBe(201);
    expect((await asAccount('POST', '/v1/users', user)).status).toBe(409);
    expect((await asAccount('POST', '/v1/users', { username: 'x' })).status).toBe(400);
    expect((await asAccount('GET', '/v1/users')).status).toBe(200);
    const signIn = await call('POST', '/auth/login', { body: { username: user.username, password: user.password } });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect((await call('GET', '/auth/me', { headers: { cookie } })).status).toBe(200);
    const newPassword = 'a new long passphrase';
    expect((await call('POST', '/auth/password', { headers: { cookie, 'content-type': 'text/plain' }, body: {} })).status).toBe(403);
    expect(
      (await call('POST', '/auth/password', { headers: { cookie }, body: { current_password: 'wrong password here', new_password: newPassword } })).status,
    ).toBe(401);
    expect((await call('POST', '/auth/password', { headers: { cookie }, body: { current_password: user.password, new_password: 'short' } })).status).toBe(400);
    expect((await call('POST', '/auth/password', { headers: { cookie }, body: { current_password: user.password, new_password: newPassword } })).status).toBe(
      204,
    );
    expect((await asAccount('PATCH', `/v1/users/${user.username}`, { role: 'viewer', name: 'Jane D.' })).status).toBe(200);
    expect((await asAccount('PATCH', `/v1/users/${user.username}`, {})).status).toBe(400);
    expect((await asAccount('PATCH', '/v1/users/openapi.nobody', { name: 'No One' })).status).toBe(404);
    const owner = { username: 'openapi.sole.owner', password: 'correct horse battery', role: 'owner' };
    expect((await asAccount('POST', '/v1/users', owner)).status).toBe(201);
    expect((await asAccount('PATCH', `/v1/users/${owner.username}`, { role: 'inspector' })).status).toBe(409);
    expect((await asAccount('DELETE', `/v1/users/${owner.username}`)).status).toBe(409);
    expect((await call('POST', '/auth/logout', { headers: { cookie } })).status).toBe(403);
    expect((await call('POST', '/auth/logout', { headers: { cookie }, body: {} })).status).toBe(204);
    expect((await call('GET', '/auth/me', { headers: { cookie } })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { username: user.username, password: 'wrong password here' } })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { username: 42 } })).status).toBe(400);
    expect((await asAccount('DELETE', `/v1/users/${user.username}`)).status).toBe(200);
    expect((await asAccount('DELETE', `/v1/users/${user.username}`)).status).toBe(404);
    expectNoProblems();
  });

  it("describes the account's settings and logo", async () => {
    expect((await asAccount('GET', '/v1/account')).status).toBe(200);
    expect((await asAccount('PATCH', '/v1/account', { display_name: 'Acme Motors', review_mode: 'auto' })).status).toBe(200);
    expect((await asAccount('PATCH', '/v1/account', { brand_color: 'blue' })).status).toBe(400);
    const logo = new Uint8Array(await makeLogo());
    const png = { 'content-type': 'image/png' };
    expect((await call('PUT', '/v1/account/logo', { body: logo, headers: { ...signed(account), ...png } })).status).toBe(200);
    expect((await call('PUT', '/v1/account/logo', { body: new Uint8Array(Buffer.from('<svg/>')), headers: { ...signed(account), ...png } })).status).toBe(400);
    const logoUrl = (await graphqlRequest(server.baseUrl, { account }, '{ accountSettings { logoUrl } }')).data.accountSettings.logoUrl as string;
    expect((await call('GET', new URL(logoUrl).pathname)).status).toBe(200);
    const owner = { username: 'openapi.owner', password: 'correct horse battery', role: 'owner' };
    const inspector = { ...owner, username: 'openapi.inspector', role: 'inspector' };
    for (const user of [owner, inspector]) expect((await asAccount('POST', '/v1/users', user)).status).toBe(201);
    const cookieOf = async (user: typeof owner) =>
      ((await call('POST', '/auth/login', { body: { username: user.username, password: user.password } })).headers.get('set-cookie') ?? '').split(
        ';',
      )[0] as string;
    const [ownerCookie, inspectorCookie] = [await cookieOf(owner), await cookieOf(inspector)];
    expect((await call('PUT', '/v1/account/logo', { body: logo, headers: { cookie: ownerCookie, ...png } })).status).toBe(403);
    expect((await call('DELETE', '/v1/account/logo', { headers: { cookie: inspectorCookie, 'graphql-require-preflight': '1' } })).status).toBe(403);
    expect((await call('DELETE', '/v1/account/logo', { headers: { cookie: ownerCookie, 'graphql-require-preflight': '1' } })).status).toBe(200);
    expect((await call('GET', new URL(logoUrl).pathname)).status).toBe(404);
    await call('POST', '/auth/logout', { headers: { cookie: ownerCookie }, body: {} });
    expect((await call('DELETE', '/v1/account/logo', { headers: { cookie: ownerCookie, 'graphql-require-preflight': '1' } })).status).toBe(401);
    expectNoProblems();
  });

  it('describes sessions, notes and damages before completion, and the failures', async () => {
    expect((await asAccount('GET', '/v1/sessions')).status).toBe(200);
    expect((await asAccount('POST', '/v1/sessions', {})).status).toBe(200);
    const created = await asAccount('POST', '/v1/sessions', {
      session: { theme: 'PRO', language: 'es', redirect_url: 'https://dealer.example.com/done', client_id: 'C-1', reference: { stock: 'A1' } },
      vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', odom_reading: 42000, odom_unit: 'km' },
      sms: { to: '+14155550123', to_name: 'Jane' },
    });
    expect(created.status).toBe(200);
    const key = created.body.session_key as string;
    expect((await asAccount('GET', `/v1/sessions/${key}`)).status).toBe(200);
    expect((await asAccount('PUT', `/v1/sessions/${key}`, { theme: 'LITE', vehicle: { make: 'Acura' }, options: { client_id: 'C-2' } })).status).toBe(200);
    expect((await asAccount('PUT', `/v1/sessions/${key}`, { theme: 'GOLD' })).status).toBe(400);
    expect((await asAccount('GET', `/v1/sessions/${key}/photos`)).status).toBe(200);
    expect((await asAccount('POST', `/v1/sessions/${key}/notes`, { title: 'Scratch', description: 'Rear bumper, 10 cm.' })).status).toBe(200);
    expect((await asAccount('POST', `/v1/sessions/${key}/notes`, { title: '' })).status).toBe(400);
    expect((await asAccount('GET', `/v1/sessions/${key}/notes`)).status).toBe(200);
    expect((await asAccount('GET', '/v1/damage-catalog')).status).toBe(200);
    expect((await asAccount('GET', '/v1/vin/1HGCM82633A004352')).status).toBe(200);
    expect((await asAccount('GET', '/v1/vin/1HGCM82643A004352')).status).toBe(400);
    const damage = await asAccount('POST', `/v1/sessions/${key}/damages`, {
      item: 'rear_bumper',
      damage_type: 'scratch',
      grade: 2,
      photo_code: 8,
      region: { x: 0.4, y: 0.5, width: 0.1, height: 0.1 },
      note: 'Along the top edge.',
    });
    expect(damage.status).toBe(200);
    const damageId = (damage.body as { damage_id: string }).damage_id;
    expect((await asAccount('POST', `/v1/sessions/${key}/damages`, { item: 'wing' })).status).toBe(400);
    expect((await asAccount('GET', `/v1/sessions/${key}/damages`)).status).toBe(200);
    expect((await asAccount('PATCH', `/v1/sessions/${key}/damages/${damageId}`, { grade: 3, note: 'Deeper than it looked.' })).status).toBe(200);
    expect((await asAccount('PATCH', `/v1/sessions/${key}/damages/unknown-damage`, { grade: 3 })).status).toBe(404);
    expect((await asAccount('DELETE', `/v1/sessions/${key}/damages/${damageId}`)).status).toBe(200);
    expect((await asAccount('GET', `/v1/sessions/${key}/results`)).status).toBe(409);
    expect((await asAccount('GET', `/v1/sessions/${key}/report`)).status).toBe(409);
    expect((await asAccount('DELETE', `/v1/sessions/${key}`)).status).toBe(200);
    expect((await asAccount('GET', `/v1/sessions/${key}`)).status).toBe(404);
    expect((await call('GET', `/v1/sessions/${key}`, { headers: { ...signed(account), 'API-Token': '0'.repeat(64) } })).status).toBe(403);
    expectNoProblems();
  });

  it('describes callbacks, a test send, the deliveries and a redelivery, and the webhook bodies sent', async () => {
    for (const event of EVENTS) {
      expect((await asAccount('POST', '/v1/callbacks', { event, url: `${receiver.origin}/hooks/${event}`, method: 'POST' })).status).toBe(200);
    }
    expect((await asAccount('POST', '/v1/callbacks', { event: 'SESSION:NOPE', url: `${receiver.origin}/x` })).status).toBe(400);
    expect((await asAccount('GET', '/v1/callbacks')).status).toBe(200);
    expect((await asAccount('GET', '/v1/callbacks/SESSION:COMPLETE')).status).toBe(200);
    const update = { url: `${receiver.origin}/hooks/SESSION:COMPLETE`, method: 'PUT', headers: { 'X-Dealer': 'D-42' }, payload: { dealer_id: 'D-42' } };
    expect((await asAccount('PUT', '/v1/callbacks/SESSION:COMPLETE', update)).status).toBe(200);
    expect((await asAccount('POST', '/v1/callbacks/SESSION:COMPLETE/rotate-secret')).status).toBe(200);
    expect((await asAccount('POST', '/v1/callbacks/SESSION:COMPLETE/test')).status).toBe(200);
    const delivery = await waitForValue(async () => {
      const page = await asAccount('GET', '/v1/callbacks/SESSION:COMPLETE/deliveries?limit=5');
      return (page.body.data as { id: string; status: string }[]).find((item) => item.status === 'succeeded');
    }, 'the test delivery');
    expect((await asAccount('GET', '/v1/callbacks/SESSION:COMPLETE/deliveries?limit=0')).status).toBe(400);
    expect((await asAccount('POST', `/v1/deliveries/${delivery.id}/redeliver`)).status).toBe(200);
    expect((await asAccount('POST', '/v1/deliveries/msg_unknown/redeliver')).status).toBe(404);
    expect((await asAccount('PUT', '/v1/callbacks/SESSION:STAGE_CHANGE', { disabled: true })).body.disabled).toBe(true);
    expect((await asAccount('GET', '/v1/callbacks/SESSION:STAGE_CHANGE')).body.disabled_reason).toMatch(/^Disabled on request/);
    expect((await asAccount('PUT', '/v1/callbacks/SESSION:STAGE_CHANGE', { disabled: false })).body.disabled).toBe(false);
    expect((await asAccount('POST', '/v1/callbacks/recover', { since: '2026-03-14T09:00:00Z' })).status).toBe(202);
    expect((await asAccount('POST', '/v1/callbacks/recover', { since: 'yesterday' })).status).toBe(400);

    // A whole LITE session sends every event but the SMS one (which needs a provider); the SMS event answers 404 when removed.
    const session = await createSession(server.baseUrl, account);
    await asAccount('POST', `/v1/sessions/${session.sessionKey}/notes`, { title: 'Note', description: 'From the integrator.' });
    await completeSession(server.baseUrl, session);
    await waitForValue(
      () => receiver.requests.some((request) => request.path === '/hooks/SESSION:COMPLETE' && !request.body.includes('"test"')),
      'SESSION:COMPLETE',
    );
    for (const request of receiver.requests) {
      const event = decodeURIComponent(request.path.replace('/hooks/', ''));
      problems.push(...checker.checkWebhook(event, JSON.parse(request.body)));
    }
    expect(new Set(receiver.requests.map((request) => request.path))).toEqual(
      new Set(['SESSION:STAGE_CHANGE', 'SESSION:STATUS_CHANGE', 'SESSION:COMPLETE', 'SESSION:NOTE_INSERT'].map((event) => `/hooks/${event}`)),
    );
    expect((await asAccount('DELETE', '/v1/callbacks/SESSION:SMS_PROCESS')).status).toBe(200);
    expect((await asAccount('GET', '/v1/callbacks/SESSION:SMS_PROCESS')).status).toBe(404);
    expectNoProblems();
  });

  it('describes the results, the reports and the photos of a completed session', async () => {
    const session = await createSession(server.baseUrl, account);
    await completeSession(server.baseUrl, session, 'LITE', 2000);
    const key = session.sessionKey;
    const results = await asAccount('GET', `/v1/sessions/${key}/results`);
    expect(results.status).toBe(200);
    const { url, pdf_url } = (results.body as { report: { url: string; pdf_url: string } }).report;
    expect((await call('GET', new URL(url).pathname)).status).toBe(200);
    expect((await call('GET', new URL(pdf_url).pathname)).status).toBe(200);
    expect((await call('GET', '/reports/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.pdf')).status).toBe(404);
    expect((await asAccount('GET', `/v1/sessions/${key}/report`)).status).toBe(200);
    expect((await asAccount('GET', `/v1/sessions/${key}/report.pdf`)).status).toBe(200);
    expect((await asAccount('GET', `/v1/sessions/${key}/capture-qr.svg`)).status).toBe(200);
    const found = await asAccount('GET', `/v1/sessions/search?q=${key}&status=COMPLETE&limit=1`);
    expect(found.body).toMatchObject({ data: [{ session_key: key }], next_cursor: null });
    expect((await asAccount('GET', '/v1/sessions/search?created_from=soon')).status).toBe(400);
    expect((await asAccount('GET', `/v1/sessions/export.csv?q=${key}`)).status).toBe(200);
    expect((await asAccount('GET', '/v1/sessions/export.csv?status=DONE')).status).toBe(400);
    expect((await call('GET', `/capture/${key}/report`, { headers: { 'Capture-Token': session.captureToken } })).status).toBe(200);
    expect((await call('GET', `/capture/${key}/report.pdf`, { headers: { 'Capture-Token': session.captureToken } })).status).toBe(200);
    expect((await call('GET', `/capture/${key}/report`)).status).toBe(403);
    const photos = await asAccount('GET', `/v1/sessions/${key}/photos`);
    const photoPath = new URL((photos.body as { url: string }[])[0]?.url as string).pathname;
    expect((await call('GET', photoPath)).status).toBe(200);
    expect((await call('GET', `${photoPath}?size=thumb`)).status).toBe(200);
    expect((await call('GET', `${photoPath}?size=huge`)).status).toBe(400);
    expect((await call('GET', '/photos/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expectNoProblems();
  });

  it('describes the review of a session awaiting it', async () => {
    const created = await admin('POST', '/admin/accounts', { username: 'openapi-review', review_mode: 'manual' });
    const reviewer = { username: created.body.username, apiKey: created.body.api_key, apiSecret: created.body.api_secret };
    const session = await createSession(server.baseUrl, reviewer);
    const path = `/v1/sessions/${session.sessionKey}`;
    // Captured over REST: photos as the raw body and as the multipart field `file`, then confirmed.
    for (const [index, code] of (THEME_PHOTOS.LITE ?? []).entries()) {
      const photo = await makeScene({ seed: 3000 + code });
      const body = index % 2 === 0 ? photo : multipartPhoto(photo);
      const headers = { ...signed(reviewer), 'content-type': index % 2 === 0 ? 'image/jpeg' : 'multipart/form-data; boundary=openapi-photo' };
      const response = await fetch(`${server.baseUrl}${path}/photos/${code}`, {
        method: 'POST',
        headers,
        body: new Uint8Array(body) as Uint8Array<ArrayBuffer>,
      });
      const answer = { status: response.status, headers: response.headers, body: await response.json() };
      problems.push(...checker.check('POST', `${path}/photos/${code}`, answer));
      expect(answer.body.approved).toBe(true);
    }
    expect((await asAccount('POST', `${path}/confirm`, undefined, reviewer)).body.status).toBe('CONFIRM');
    expect((await asAccount('GET', `${path}/results`, undefined, reviewer)).status).toBe(409);
    expect((await asAccount('POST', `${path}/damages`, { item: 'hood', damage_type: 'dent', grade: 3 }, reviewer)).status).toBe(200);
    expect((await asAccount('POST', `${path}/review`, { no_damage_found: true }, reviewer)).status).toBe(400);
    expect((await asAccount('POST', `${path}/review/reopen`, { reason: 'Too early' }, reviewer)).status).toBe(409);
    expect((await asAccount('POST', `${path}/review`, {}, reviewer)).status).toBe(200);
    expect((await asAccount('POST', `${path}/damages`, { item: 'hood', damage_type: 'dent' }, reviewer)).status).toBe(409);
    // A revision: reopened with a reason, corrected, completed again; its webhook body is checked too.
    const revisedHook = `${receiver.origin}/revised/${session.sessionKey}`;
    expect((await asAccount('POST', '/v1/callbacks', { event: 'SESSION:REPORT_REVISED', url: revisedHook }, reviewer)).status).toBe(200);
    expect((await asAccount('POST', `${path}/review/reopen`, { reason: '' }, reviewer)).status).toBe(400);
    expect((await asAccount('POST', `${path}/review/reopen`, { reason: 'The dent is a scratch.' }, reviewer)).status).toBe(200);
    expect((await asAccount('POST', `${path}/review/reopen`, { reason: 'Again' }, reviewer)).status).toBe(409);
    expect((await asAccount('GET', path, undefined, reviewer)).body.review.state).toBe('reopened');
    expect((await asAccount('POST', `${path}/damages`, { item: 'hood', damage_type: 'scratch', grade: 2 }, reviewer)).status).toBe(200);
    expect((await asAccount('POST', `${path}/review`, {}, reviewer)).body.report.revision).toBe(2);
    const revised = await waitForValue(() => receiver.requests.find((request) => request.path === `/revised/${session.sessionKey}`), 'SESSION:REPORT_REVISED');
    problems.push(...checker.checkWebhook('SESSION:REPORT_REVISED', JSON.parse(revised.body)));
    expectNoProblems();
  });

  it('describes API keys and a simulated test session', async () => {
    const made = await asAccount('POST', '/v1/account/api-keys', { mode: 'test', label: 'openapi' });
    expect(made.status).toBe(201);
    expect((await asAccount('POST', '/v1/account/api-keys', { mode: 'sandbox' })).status).toBe(400);
    expect((await asAccount('GET', '/v1/account/api-keys')).status).toBe(200);
    const testKey = { username: account.username, apiKey: made.body.api_key, apiSecret: made.body.api_secret };
    const session = await asAccount('POST', '/v1/sessions', { session: { theme: 'LITE' } }, testKey);
    expect(session.body.test).toBe(true);
    expect((await asAccount('POST', `/v1/sessions/${session.body.session_key}/simulate`, { outcome: 'expire' }, testKey)).status).toBe(202);
    expect((await asAccount('POST', `/v1/sessions/${session.body.session_key}/simulate`, { outcome: 'expire' }, testKey)).status).toBe(409);
    expect((await asAccount('DELETE', `/v1/account/api-keys/${testKey.apiKey}`, undefined, testKey)).status).toBe(409);
    expect((await asAccount('DELETE', `/v1/account/api-keys/${testKey.apiKey}`)).status).toBe(200);
    expectNoProblems();
  });

  it('has checked a success of every documented operation', () => {
    const succeeded = checker.succeeded();
    expect(checker.operations().filter((operation) => !succeeded.has(operation))).toEqual([]);
  });
});
