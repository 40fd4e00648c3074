// Tenant isolation matrix: for every REST route and GraphQL field that takes a key or id, account B acting on
// account A's objects gets "not found" and nothing of A's changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, isObjectType } from 'graphql';
import { readFileSync } from 'node:fs';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { completeSession, createSession, type CreatedSession } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';
import { signIn } from '../support/sign-in.js';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
let completed: CreatedSession;
let idle: CreatedSession;
let deliveryId: string;
let damageId: string;
let username: string;
let ownerTestKey: string;

/** Routes whose parameter is not an account-owned key: a capability token, or an admin-only name. */
const NOT_TENANT_SCOPED = new Set([
  '/photos/:token',
  '/admin/accounts/:username',
  '/admin/accounts/:username/rotate-secret',
  '/capture/:sessionKey',
  '/capture/:sessionKey/report',
  '/capture/:sessionKey/report.pdf',
  // A report link's token is its own permission (test/e2e/report-links.test.ts).
  '/reports/:document',
  // A logo is public (capture pages and report links show it) and named by a random token (test/e2e/account-settings.test.ts).
  '/logos/:file',
  // Decoding a VIN reads no tenant's data; the dashboard's pages are the same page for every visitor.
  '/v1/vin/:vin',
  '/dashboard/sessions/:sessionKey',
  '/dashboard/settings/:section',
]);

type Keys = { session: string; idle: string; delivery: string; damage: string; user: string; ownerTestKey: string };
type Probe = { method: string; path: (keys: Keys) => string; body?: unknown };

const REST_MATRIX: Record<string, Probe[]> = {
  'GET /v1/sessions/:sessionKey': [{ method: 'GET', path: (k) => `/v1/sessions/${k.session}` }],
  'PUT /v1/sessions/:sessionKey': [{ method: 'PUT', path: (k) => `/v1/sessions/${k.idle}`, body: { theme: 'PRO', language: 'fr' } }],
  'DELETE /v1/sessions/:sessionKey': [{ method: 'DELETE', path: (k) => `/v1/sessions/${k.idle}` }],
  'GET /v1/sessions/:sessionKey/photos': [{ method: 'GET', path: (k) => `/v1/sessions/${k.session}/photos` }],
  'GET /v1/sessions/:sessionKey/notes': [{ method: 'GET', path: (k) => `/v1/sessions/${k.session}/notes` }],
  'POST /v1/sessions/:sessionKey/notes': [{ method: 'POST', path: (k) => `/v1/sessions/${k.session}/notes`, body: { title: 'x', description: 'y' } }],
  'POST /v1/sessions/:sessionKey/damages': [
    { method: 'POST', path: (k) => `/v1/sessions/${k.idle}/damages`, body: { item: 'hood', damage: 'dent', grade: 2 } },
  ],
  'GET /v1/sessions/:sessionKey/damages': [{ method: 'GET', path: (k) => `/v1/sessions/${k.idle}/damages` }],
  'PATCH /v1/sessions/:sessionKey/damages/:damageId': [{ method: 'PATCH', path: (k) => `/v1/sessions/${k.idle}/damages/${k.damage}`, body: { grade: 5 } }],
  'DELETE /v1/sessions/:sessionKey/damages/:damageId': [{ method: 'DELETE', path: (k) => `/v1/sessions/${k.idle}/damages/${k.damage}` }],
  'POST /v1/sessions/:sessionKey/review/reopen': [{ method: 'POST', path: (k) => `/v1/sessions/${k.session}/review/reopen`, body: { reason: 'Taken over' } }],
  'POST /v1/sessions/:sessionKey/review': [{ method: 'POST', path: (k) => `/v1/sessions/${k.session}/review`, body: { no_damage_found: true } }],
  'GET /v1/sessions/:sessionKey/capture-qr.svg': [{ method: 'GET', path: (k) => `/v1/sessions/${k.session}/capture-qr.svg` }],
  'POST /v1/sessions/:sessionKey/confirm': [{ method: 'POST', path: (k) => `/v1/sessions/${k.idle}/confirm` }],
  'POST /v1/sessions/:sessionKey/photos/:photoCode': [{ method: 'POST', path: (k) => `/v1/sessions/${k.idle}/photos/4`, body: { not: 'an image' } }],
  'GET /v1/sessions/:sessionKey/results': [{ method: 'GET', path: (k) => `/v1/sessions/${k.session}/results` }],
  'GET /v1/sessions/:sessionKey/report': [{ method: 'GET', path: (k) => `/v1/sessions/${k.session}/report` }],
  'GET /v1/sessions/:sessionKey/report.pdf': [{ method: 'GET', path: (k) => `/v1/sessions/${k.session}/report.pdf` }],
  'GET /v1/callbacks/:event': [{ method: 'GET', path: () => '/v1/callbacks/SESSION:COMPLETE' }],
  'PUT /v1/callbacks/:event': [{ method: 'PUT', path: () => '/v1/callbacks/SESSION:COMPLETE', body: { url: 'https://evil.example/x' } }],
  'DELETE /v1/callbacks/:event': [{ method: 'DELETE', path: () => '/v1/callbacks/SESSION:COMPLETE' }],
  'POST /v1/callbacks/:event/rotate-secret': [{ method: 'POST', path: () => '/v1/callbacks/SESSION:COMPLETE/rotate-secret' }],
  'GET /v1/callbacks/:event/deliveries': [{ method: 'GET', path: () => '/v1/callbacks/SESSION:COMPLETE/deliveries' }],
  'POST /v1/callbacks/:event/test': [{ method: 'POST', path: () => '/v1/callbacks/SESSION:COMPLETE/test' }],
  'POST /v1/deliveries/:id/redeliver': [{ method: 'POST', path: (k) => `/v1/deliveries/${k.delivery}/redeliver` }],
  'PATCH /v1/users/:username': [
    { method: 'PATCH', path: (k) => `/v1/users/${k.user}`, body: { role: 'owner', name: 'Taken over', password: 'a takeover password' } },
  ],
  'DELETE /v1/users/:username': [{ method: 'DELETE', path: (k) => `/v1/users/${k.user}` }],
  'POST /v1/sessions/:sessionKey/simulate': [{ method: 'POST', path: (k) => `/v1/sessions/${k.idle}/simulate`, body: { outcome: 'complete' } }],
  'DELETE /v1/account/api-keys/:apiKey': [{ method: 'DELETE', path: (k) => `/v1/account/api-keys/${k.ownerTestKey}` }],
};

const GRAPHQL_MATRIX: Record<string, string> = {
  inspectionSession: 'query($k: String!) { inspectionSession(sessionKey: $k) { status } }',
  sessionResults: 'query($k: String!) { sessionResults(sessionKey: $k) }',
  updateInspectionSession: 'mutation($i: String!) { updateInspectionSession(sessionKey: $i, input: { language: "fr" }) { status } }',
  deleteInspectionSession: 'mutation($i: String!) { deleteInspectionSession(sessionKey: $i) }',
  addDamage: 'mutation($i: String!) { addDamage(sessionKey: $i, item: "hood", damage: "dent", grade: 2) { item } }',
  updateDamage: 'mutation($i: String!, $m: String!) { updateDamage(sessionKey: $i, damageId: $m, grade: 5) { grade } }',
  deleteDamage: 'mutation($i: String!, $m: String!) { deleteDamage(sessionKey: $i, damageId: $m) }',
  completeReview: 'mutation($k: String!) { completeReview(sessionKey: $k, noDamageFound: true) { status } }',
  reopenReview: 'mutation($k: String!) { reopenReview(sessionKey: $k, reason: "Taken over") { status } }',
  startCapture: 'mutation($i: String!) { startCapture(sessionKey: $i) { status } }',
  setLocation: 'mutation($k: String!) { setLocation(sessionKey: $k, latitude: 1, longitude: 1) { status } }',
  addNote: 'mutation($k: String!) { addNote(sessionKey: $k, title: "x", description: "y") { user } }',
  setVin: 'mutation($i: String!) { setVin(sessionKey: $i, vin: "1HGCM82633A004352") { status } }',
  setOdometer: 'mutation($i: String!) { setOdometer(sessionKey: $i, reading: 48213, unit: KM) { status } }',
  confirmInspection: 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }',
  callback: '{ callback(event: SESSION_COMPLETE) { url } }',
  updateCallback: 'mutation { updateCallback(event: SESSION_COMPLETE, input: { url: "https://evil.example" }) { url } }',
  deleteCallback: 'mutation { deleteCallback(event: SESSION_COMPLETE) }',
  rotateCallbackSecret: 'mutation { rotateCallbackSecret(event: SESSION_COMPLETE) { secret } }',
  deliveries: '{ deliveries(event: SESSION_COMPLETE) { edges { cursor } } }',
  testCallback: 'mutation { testCallback(event: SESSION_COMPLETE) { id } }',
  setCallbackDisabled: 'mutation { setCallbackDisabled(event: SESSION_COMPLETE, disabled: true) { url } }',
  recoverDeliveries: 'mutation { recoverDeliveries(since: "2020-01-01T00:00:00Z", event: SESSION_COMPLETE) { queued } }',
  delivery: 'query($d: ID!) { delivery(id: $d) { id } }',
  redeliver: 'mutation($d: ID!) { redeliver(id: $d) { id } }',
  updateUser: 'mutation($u: String!) { updateUser(username: $u, input: { role: OWNER, password: "a takeover password" }) { role } }',
  deleteUser: 'mutation($u: String!) { deleteUser(username: $u) }',
};

async function ownerState(): Promise<string> {
  const paths = [
    '/v1/callbacks',
    '/v1/callbacks/SESSION:COMPLETE/deliveries',
    `/v1/sessions/${completed.sessionKey}`,
    `/v1/sessions/${completed.sessionKey}/notes`,
    `/v1/sessions/${idle.sessionKey}`,
    `/v1/sessions/${idle.sessionKey}/damages`,
    `/v1/sessions/${completed.sessionKey}/results`,
    '/v1/users',
    '/v1/account',
    '/v1/account/api-keys',
  ];
  const parts = [];
  for (const path of paths) parts.push(JSON.stringify((await apiRequest(server.baseUrl, owner, 'GET', path)).body));
  return parts.join('\n');
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createAccount();
  intruder = await server.createAccount();
  await apiRequest(server.baseUrl, owner, 'POST', '/v1/callbacks', { event: 'SESSION:COMPLETE', url: 'https://example.com/hook' });
  completed = await createSession(server.baseUrl, owner);
  await completeSession(server.baseUrl, completed, 'LITE', 7000);
  idle = await createSession(server.baseUrl, owner);
  damageId = (await apiRequest(server.baseUrl, owner, 'POST', `/v1/sessions/${idle.sessionKey}/damages`, { item: 'hood', damage_type: 'dent' })).body.damage_id;
  username = `inspector-${owner.username}`;
  const user = await apiRequest(server.baseUrl, owner, 'POST', '/v1/users', { username, password: 'correct horse battery', role: 'inspector' });
  expect(user.status).toBe(201);
  ownerTestKey = (await apiRequest(server.baseUrl, owner, 'POST', '/v1/account/api-keys', { mode: 'test' })).body.api_key;
  const deliveries = await apiRequest(server.baseUrl, owner, 'GET', '/v1/callbacks/SESSION:COMPLETE/deliveries');
  deliveryId = deliveries.body.data[0].id;
}, 90_000);
afterAll(() => server.stop());

describe('tenant isolation', () => {
  it('covers every tenant-scoped REST route with a parameter', () => {
    const scoped = server.app.router
      .list()
      .filter(({ pattern }) => pattern.includes(':') && !NOT_TENANT_SCOPED.has(pattern))
      .map(({ method, pattern }) => `${method} ${pattern}`);
    expect(scoped.filter((route) => !(route in REST_MATRIX))).toEqual([]);
  });

  it('answers 404 to another account on every REST route and changes nothing', async () => {
    const before = await ownerState();
    for (const [route, probes] of Object.entries(REST_MATRIX)) {
      for (const probe of probes) {
        const result = await apiRequest(
          server.baseUrl,
          intruder,
          probe.method,
          probe.path({ session: completed.sessionKey, idle: idle.sessionKey, delivery: deliveryId, damage: damageId, user: username, ownerTestKey }),
          probe.body,
        );
        expect(result.status, route).toBe(404);
      }
    }
    expect(await ownerState()).toBe(before);
    // A password is not in the state: the owner's user still signs in with its own.
    expect((await signIn(server.baseUrl, username, 'correct horse battery')).status).toBe(200);
  });

  it('covers every GraphQL field that takes a sessionKey or an event', () => {
    const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
    const fields = [schema.getQueryType(), schema.getMutationType()]
      .filter(isObjectType)
      .flatMap((type) => Object.values(type.getFields()))
      .filter((field) => field.args.some((arg) => arg.name === 'sessionKey' || arg.name === 'event' || arg.name === 'id'))
      .map((field) => field.name)
      .filter((name) => name !== 'setCallback' && name !== 'capturePhoto');
    expect(fields.filter((name) => !(name in GRAPHQL_MATRIX))).toEqual([]);
  });

  it('answers NOT_FOUND to another account on every GraphQL field and changes nothing', async () => {
    const before = await ownerState();
    for (const [field, query] of Object.entries(GRAPHQL_MATRIX)) {
      const variables = query.includes('$m')
        ? { i: idle.sessionKey, m: damageId }
        : query.includes('$i')
          ? { i: idle.sessionKey }
          : query.includes('$k')
            ? { k: completed.sessionKey }
            : query.includes('$d')
              ? { d: deliveryId }
              : query.includes('$u')
                ? { u: username }
                : {};
      const result = await graphqlRequest(server.baseUrl, { account: intruder }, query, variables);
      expect(result.errors?.[0]?.extensions?.code, field).toBe('NOT_FOUND');
    }
    const photo = await uploadPhoto(server.baseUrl, { account: intruder }, idle.sessionKey, 1, await makeScene({ seed: 1 }));
    expect(photo.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await ownerState()).toBe(before);
    expect((await signIn(server.baseUrl, username, 'correct horse battery')).status).toBe(200);
  });
});
