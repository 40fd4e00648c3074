// Review and damage records (docs/staff.md) on the running server: a manual-review account's session waits in CONFIRM
// until a review completes it (REST and GraphQL), SESSION:COMPLETE reaches a real receiver with the assessment, an
// unreviewed auto session claims no grade, damage records change until COMPLETE only, the catalog, account settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { createSession, THEME_PHOTOS, type CreatedSession } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';

let server: TestServer;
let manual: TestAccount;
let auto: TestAccount;
let other: TestAccount;
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer();
  manual = await server.createAccount(undefined, { review_mode: 'manual' });
  auto = await server.createAccount();
  other = await server.createAccount();
  receiver = await startReceiver();
  const callback = await apiRequest(server.baseUrl, manual, 'POST', '/v1/callbacks', { event: 'SESSION:COMPLETE', url: `${receiver.origin}/hooks` });
  expect(callback.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});

const api = (account: TestAccount, method: string, path: string, body?: unknown) => apiRequest(server.baseUrl, account, method, path, body);
const admin = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
};

/** Start, all LITE photos accepted, confirm; returns the status confirmInspection answered. */
async function captureAndConfirm(session: CreatedSession, seedBase: number): Promise<string> {
  const capture = { captureToken: session.captureToken };
  const variables = { k: session.sessionKey };
  await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', variables);
  for (const code of THEME_PHOTOS.LITE ?? []) {
    const result = await uploadPhoto(server.baseUrl, capture, session.sessionKey, code, await makeScene({ seed: seedBase + code }));
    expect(result.body.data?.capturePhoto?.approved).toBe(true);
  }
  const confirmed = await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', variables);
  return confirmed.data?.confirmInspection?.status;
}

describe('manual review through REST', () => {
  let session: CreatedSession;
  let damageId: string;

  it('keeps a confirmed session in CONFIRM, awaiting review, with no results yet', async () => {
    session = await createSession(server.baseUrl, manual);
    expect(await captureAndConfirm(session, 7100)).toBe('CONFIRM');
    const read = await graphqlRequest(
      server.baseUrl,
      { account: manual },
      'query($k: String!) { inspectionSession(sessionKey: $k) { status awaitingReview } }',
      {
        k: session.sessionKey,
      },
    );
    expect(read.data?.inspectionSession).toEqual({ status: 'CONFIRM', awaitingReview: true });
    expect(await api(manual, 'GET', `/v1/sessions/${session.sessionKey}/results`)).toMatchObject({
      status: 409,
      body: { message: 'Session is not yet completed.' },
    });
  }, 120_000);

  it('is not completed by the sweeper however long the review takes', async () => {
    await server.app.database.db
      .collection<{ _id: string }>('inspection_sessions')
      .updateOne({ _id: session.sessionKey }, { $set: { updated_at: new Date(Date.now() - 3_600_000) } });
    // Not even a candidate for the stuck-report retry, so waiting reviews never crowd out a crashed generation.
    const stuck = await server.app.services.stores.sessions.findInStatusSince('CONFIRM', new Date(), 200);
    expect(stuck.map((candidate) => candidate.key)).not.toContain(session.sessionKey);
    await server.app.services.sweeper.runOnce();
    // And were it retried anyway (an old instance's sweep), the waiting review is left alone.
    const waiting = await server.app.services.stores.sessions.findByKey(session.sessionKey);
    expect(await server.app.services.reports.complete(waiting!)).toBeNull();
    expect((await api(manual, 'GET', `/v1/sessions/${session.sessionKey}`)).body.status).toBe('CONFIRM');
  });

  it('adds and changes damages during the review, checked against the catalog', async () => {
    const added = await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/damages`, {
      item: 'Rear Bumper',
      damage_type: 'scratch',
      photo_code: 8,
      region: { x: 0.4, y: 0.5, width: 0.2, height: 0.1 },
      note: 'Along the top edge',
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      item: 'rear_bumper',
      damage_type: 'scratch',
      damage: 'scratch',
      grade: 2, // the type's default grade
      photo_code: 8,
      region: { x: 0.4, y: 0.5, width: 0.2, height: 0.1 },
      source: 'manual',
      status: 'accepted',
      score: null,
      note: 'Along the top edge',
      created_by: 'api',
    });
    damageId = added.body.damage_id;
    expect(damageId).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const changed = await api(manual, 'PATCH', `/v1/sessions/${session.sessionKey}/damages/${damageId}`, { grade: 3, damage_type: 'dent' });
    expect(changed).toMatchObject({ status: 200, body: { damage_id: damageId, grade: 3, damage_type: 'dent', damage: 'dent' } });
    // Every other field a change may carry is written where it is read back from; the stored `damage` older versions
    // read follows the type.
    const moved = { x: 0.1, y: 0.2, width: 0.3, height: 0.1 };
    const edited = await api(manual, 'PATCH', `/v1/sessions/${session.sessionKey}/damages/${damageId}`, { item: 'hood', region: moved, note: 'Moved' });
    expect(edited).toMatchObject({ status: 200, body: { item: 'hood', region: moved, note: 'Moved', grade: 3, damage_type: 'dent' } });
    const afterEdit = await api(manual, 'GET', `/v1/sessions/${session.sessionKey}/damages`);
    expect(afterEdit.body).toContainEqual(edited.body);
    const stored = await server.app.database.db.collection<{ damage_id: string; damage: string }>('damages').findOne({ damage_id: damageId });
    expect(stored?.damage).toBe('dent');
    // Back as it was, for the review below.
    const restored = { item: 'rear_bumper', region: { x: 0.4, y: 0.5, width: 0.2, height: 0.1 }, note: 'Along the top edge' };
    expect(await api(manual, 'PATCH', `/v1/sessions/${session.sessionKey}/damages/${damageId}`, restored)).toMatchObject({ status: 200, body: restored });

    const bad = [
      { item: 'hood', damage_type: 'hail dents' },
      { item: 'spoiler', damage_type: 'dent' },
      { item: 'hood', damage_type: 'dent', photo_code: 5, region: { x: 0.9, y: 0, width: 0.2, height: 0.1 } },
      { item: 'hood', damage_type: 'dent', region: { x: 0, y: 0, width: 0.2, height: 0.1 } },
      { item: 'hood', damage_type: 'dent', grade: 6 },
    ];
    for (const body of bad) expect((await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/damages`, body)).status).toBe(400);
    expect((await api(manual, 'PATCH', `/v1/sessions/${session.sessionKey}/damages/${damageId}`, { status: 'proposed' })).status).toBe(400);
    expect((await api(manual, 'PATCH', `/v1/sessions/${session.sessionKey}/damages/nope`, { grade: 2 })).status).toBe(404);
    expect((await api(other, 'PATCH', `/v1/sessions/${session.sessionKey}/damages/${damageId}`, { grade: 2 })).status).toBe(404);

    // The first release's field name still works, and a manual record can be removed.
    const legacy = await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/damages`, { item: 'hood', damage: 'Chip', grade: 1 });
    expect(legacy).toMatchObject({ status: 200, body: { damage_type: 'chip', damage: 'chip', grade: 1 } });
    expect(await api(manual, 'DELETE', `/v1/sessions/${session.sessionKey}/damages/${legacy.body.damage_id}`)).toMatchObject({ status: 200 });
    const listed = await api(manual, 'GET', `/v1/sessions/${session.sessionKey}/damages`);
    // Read back, the record is the one added with the change: every field crosses the store both ways.
    expect(listed.body).toEqual([{ ...added.body, grade: 3, damage_type: 'dent', damage: 'dent' }]);
  });

  it('refuses a review that contradicts the damage records', async () => {
    const review = await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/review`, { no_damage_found: true });
    expect(review.status).toBe(400);
    expect((await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/review`, { no_damage_found: 'yes' })).status).toBe(400);
    expect((await api(manual, 'GET', `/v1/sessions/${session.sessionKey}`)).body.status).toBe('CONFIRM');
  });

  it('completes the review: results ASSESSED by api, and SESSION:COMPLETE delivered with the same object', async () => {
    const review = await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/review`, { no_damage_found: false });
    expect(review.status).toBe(200);
    expect(review.body.session.status).toBe('COMPLETE');
    expect(review.body.inspection).toMatchObject({
      assessment: 'ASSESSED',
      total_damages: 1,
      grade: 3,
      max_grade_per_item: { rear_bumper: 3 },
      reviewed_by: 'api',
      damages: [
        {
          damage_id: damageId,
          item: 'rear_bumper',
          damage_type: 'dent',
          damage: 'dent',
          grade: 3,
          photo_code: 8,
          region: { x: 0.4, y: 0.5, width: 0.2, height: 0.1 },
          source: 'manual',
        },
      ],
    });
    expect(Date.now() - Date.parse(review.body.inspection.reviewed_at)).toBeLessThan(10 * 60_000);
    const results = await api(manual, 'GET', `/v1/sessions/${session.sessionKey}/results`);
    expect(results.body).toEqual(review.body);

    await expect.poll(() => receiver.requests.filter((request) => request.path === '/hooks').length, { timeout: 30_000 }).toBe(1);
    const delivered = JSON.parse(receiver.requests.find((request) => request.path === '/hooks')?.body ?? '{}');
    expect(delivered).toMatchObject({ event: 'SESSION:COMPLETE', inspection: results.body.inspection, session: { session_key: session.sessionKey } });
  });

  it('is idempotent, and freezes the damage records once COMPLETE (409)', async () => {
    const again = await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/review`, { no_damage_found: false });
    expect(again.status).toBe(200);
    expect(again.body.inspection.reviewed_at).toBeDefined();
    const path = `/v1/sessions/${session.sessionKey}/damages`;
    expect((await api(manual, 'POST', path, { item: 'hood', damage_type: 'dent' })).status).toBe(409);
    expect((await api(manual, 'PATCH', `${path}/${damageId}`, { grade: 1 })).status).toBe(409);
    expect((await api(manual, 'DELETE', `${path}/${damageId}`)).status).toBe(409);
    expect(receiver.requests.filter((request) => request.path === '/hooks')).toHaveLength(1);
  });
});

describe('manual review through GraphQL', () => {
  it('lists the session in the review queue, declines a damage and completes with noDamageFound', async () => {
    const session = await createSession(server.baseUrl, manual);
    expect(await captureAndConfirm(session, 7200)).toBe('CONFIRM');
    const queue = await graphqlRequest(
      server.baseUrl,
      { account: manual },
      '{ inspectionSessions(status: CONFIRM) { edges { node { sessionKey awaitingReview } } } }',
    );
    expect(queue.data?.inspectionSessions.edges).toContainEqual({ node: { sessionKey: session.sessionKey, awaitingReview: true } });

    const k = { k: session.sessionKey };
    const added = await graphqlRequest(
      server.baseUrl,
      { account: manual },
      'mutation($k: String!) { addDamage(sessionKey: $k, item: "hood", damageType: "dent", grade: 4, photoCode: 5, region: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 }) { damageId status createdBy region { x width } } }',
      k,
    );
    expect(added.data?.addDamage).toMatchObject({ status: 'ACCEPTED', createdBy: 'api', region: { x: 0.1, width: 0.5 } });
    const damageId = added.data?.addDamage.damageId;
    const declined = await graphqlRequest(
      server.baseUrl,
      { account: manual },
      'mutation($k: String!, $d: String!) { updateDamage(sessionKey: $k, damageId: $d, status: DECLINED) { status } }',
      { ...k, d: damageId },
    );
    expect(declined.data?.updateDamage).toEqual({ status: 'DECLINED' });

    const unsaid = await graphqlRequest(server.baseUrl, { account: manual }, 'mutation($k: String!) { completeReview(sessionKey: $k) { status } }', k);
    expect(unsaid.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const done = await graphqlRequest(
      server.baseUrl,
      { account: manual },
      'mutation($k: String!) { completeReview(sessionKey: $k, noDamageFound: true) { status awaitingReview reviewedBy damages { status } } }',
      k,
    );
    expect(done.data?.completeReview).toEqual({ status: 'COMPLETE', awaitingReview: false, reviewedBy: 'api', damages: [{ status: 'DECLINED' }] });
    const results = await api(manual, 'GET', `/v1/sessions/${session.sessionKey}/results`);
    expect(results.body.inspection).toMatchObject({ assessment: 'ASSESSED', grade: 5, total_damages: 0, damages: [], reviewed_by: 'api' });

    const late = await graphqlRequest(
      server.baseUrl,
      { account: manual },
      'mutation($k: String!, $d: String!) { deleteDamage(sessionKey: $k, damageId: $d) }',
      { ...k, d: damageId },
    );
    expect(late.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  }, 120_000);

  it('never reports other damages than those stored: records racing the review are in the report or refused', async () => {
    const session = await createSession(server.baseUrl, manual);
    expect(await captureAndConfirm(session, 7400)).toBe('CONFIRM');
    const path = `/v1/sessions/${session.sessionKey}/damages`;
    expect((await api(manual, 'POST', path, { item: 'roof', damage_type: 'dent' })).status).toBe(200);
    const [review, ...adds] = await Promise.all([
      api(manual, 'POST', `/v1/sessions/${session.sessionKey}/review`, { no_damage_found: false }),
      ...Array.from({ length: 12 }, (_, index) => api(manual, 'POST', path, { item: 'hood', damage_type: 'scratch', grade: 1 + (index % 5) })),
    ]);
    expect(review.status).toBe(200);
    for (const add of adds) expect([200, 409]).toContain(add.status);
    const stored = (await api(manual, 'GET', path)).body.map((damage: { damage_id: string }) => damage.damage_id).sort();
    const reported = review.body.inspection.damages.map((damage: { damage_id: string }) => damage.damage_id).sort();
    expect(reported).toEqual(stored);
    expect(stored).toHaveLength(1 + adds.filter((add) => add.status === 200).length);
  }, 120_000);

  it('refuses to review a session that is not confirmed', async () => {
    const session = await createSession(server.baseUrl, manual);
    expect((await api(manual, 'POST', `/v1/sessions/${session.sessionKey}/review`, { no_damage_found: true })).status).toBe(409);
  });
});

describe('auto review mode', () => {
  it('completes at once and claims no grade when nobody assessed the vehicle', async () => {
    const session = await createSession(server.baseUrl, auto);
    expect(await captureAndConfirm(session, 7300)).toBe('COMPLETE');
    const results = await api(auto, 'GET', `/v1/sessions/${session.sessionKey}/results`);
    expect(results.body.inspection).toEqual({
      assessment: 'NOT_ASSESSED',
      total_damages: 0,
      grade: null,
      max_grade_per_item: {},
      reviewed_by: null,
      reviewed_at: null,
      damages: [],
    });
    const report = await fetch(`${server.baseUrl}/v1/sessions/${session.sessionKey}/report`, { headers: signRequestHeaders(auto) });
    const html = await report.text();
    expect(html).toContain('Not assessed');
    expect(html).not.toMatch(/<span class="grade">\d \/ 5<\/span>/);
  }, 120_000);
});

describe('damage catalog', () => {
  it('serves the closed lists to signed requests only', async () => {
    const catalog = await api(auto, 'GET', '/v1/damage-catalog');
    expect(catalog.status).toBe(200);
    expect(Object.keys(catalog.body)).toEqual(['items', 'damage_types']);
    expect(catalog.body.items).toContainEqual({ code: 'front_bumper', label: 'Front bumper' });
    expect(catalog.body.items).toContainEqual({ code: 'other', label: 'Other' });
    const codes = catalog.body.damage_types.map((type: { code: string }) => type.code);
    expect(codes).toEqual(expect.arrayContaining(['scratch', 'scuff', 'dent', 'crack', 'chip', 'rust', 'broken', 'missing', 'other']));
    for (const type of catalog.body.damage_types) {
      expect(Object.keys(type)).toEqual(['code', 'label', 'description', 'summary', 'grade_meanings', 'default_grade']);
      // What each grade means, five of them, and the description says the same in one sentence.
      expect(type.grade_meanings).toHaveLength(5);
      expect(type.description).toBe(`${type.summary} ${type.grade_meanings.map((meaning: string, index: number) => `${index + 1}: ${meaning}`).join('; ')}.`);
    }
    expect((await fetch(`${server.baseUrl}/v1/damage-catalog`)).status).toBe(403);
  });
});

describe('account settings', () => {
  it('defaults to manual review under the username, and changes through PATCH with clear 400s', async () => {
    const created = await admin('POST', '/admin/accounts', { username: `settings-${Date.now()}` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ review_mode: 'manual', display_name: created.body.username, brand_color: null });

    const patched = await admin('PATCH', `/admin/accounts/${created.body.username}`, {
      review_mode: 'auto',
      display_name: ' Acme Motors ',
      brand_color: '#0B5FFF',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ username: created.body.username, review_mode: 'auto', display_name: 'Acme Motors', brand_color: '#0b5fff' });
    expect(patched.body).not.toHaveProperty('api_secret');

    const list = await admin('GET', '/admin/accounts');
    const listed = list.body.data.find((account: { username: string }) => account.username === created.body.username);
    expect(listed).toMatchObject({ review_mode: 'auto', display_name: 'Acme Motors', brand_color: '#0b5fff' });
    expect(listed).not.toHaveProperty('api_secret');

    for (const [body, message] of [
      [{ review_mode: 'sometimes' }, 'review_mode must be manual or auto.'],
      [{ brand_color: 'blue' }, 'brand_color must be a colour written #rrggbb.'],
      [{ display_name: '' }, 'display_name must be a string of 1-100 characters.'],
      [{}, 'Give at least one setting to change.'],
    ] as const) {
      expect(await admin('PATCH', `/admin/accounts/${created.body.username}`, body)).toEqual({
        status: 400,
        body: { message, request_id: expect.any(String) },
      });
    }
    expect((await admin('PATCH', `/admin/accounts/${created.body.username}`, { api_secret: 'x' })).status).toBe(400);
    expect((await admin('PATCH', '/admin/accounts/nobody-here', { review_mode: 'auto' })).status).toBe(404);
    expect((await admin('POST', '/admin/accounts', { username: `bad-${Date.now()}`, brand_color: '#12345' })).status).toBe(400);
  });
});
