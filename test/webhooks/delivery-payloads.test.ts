// Every webhook event delivered to a real receiver on loopback: the spec's exact payload fields, the callback's
// method, headers and extra payload (default fields win), Standard Webhooks signatures (also during a rotation),
// the test send, redelivery, the delivery listing and its tenant isolation, over REST and GraphQL.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest } from '../support/graphql.js';
import { completeSession, createSession } from '../support/capture-flow.js';
import { startReceiver, type Receiver, type ReceivedRequest } from './receiver.js';
import { addNote, bodyOf, createSessionKey, headerText, listDeliveries, setCallback, signedHeaders, startDeliveryServer, waitFor } from './delivery-support.js';

const SPEC_FIELDS: Record<string, string[]> = {
  'SESSION:SMS_PROCESS': ['session_key', 'event', 'name', 'phone', 'status', 'message', 'timestamp'],
  'SESSION:STAGE_CHANGE': ['session_key', 'event', 'photo_code', 'photo_label', 'photo_url', 'photo_status', 'message', 'timestamp'],
  'SESSION:STATUS_CHANGE': ['session_key', 'event', 'status', 'timestamp'],
  'SESSION:COMPLETE': ['event', 'session', 'vehicle', 'photos', 'location', 'inspection', 'report'],
  'SESSION:NOTE_INSERT': ['session_key', 'event', 'timestamp', 'title', 'description', 'user'],
};
const EVENTS = Object.keys(SPEC_FIELDS);
const METHODS: Record<string, string> = {
  'SESSION:SMS_PROCESS': 'POST',
  'SESSION:STAGE_CHANGE': 'PUT',
  'SESSION:STATUS_CHANGE': 'PATCH',
  'SESSION:COMPLETE': 'POST',
  'SESSION:NOTE_INSERT': 'PUT',
};
// `event` and `session_key` clash with default fields: the defaults must win.
const EXTRA_PAYLOAD = { dealer_id: 'D-42', event: 'overridden?', session_key: 'overridden?' };

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
let receiver: Receiver;
const secrets: Record<string, string> = {};
let sessionKey: string;

/** The default fields, then the extra attributes that do not clash with one. */
const expectedKeys = (event: string, ...defaults: string[]) => {
  const fields = [...(SPEC_FIELDS[event] as string[]), ...defaults];
  return [...fields, ...Object.keys(EXTRA_PAYLOAD).filter((key) => !fields.includes(key))];
};
const received = (event: string) => receiver.requests.filter((request) => request.path === `/hooks/${event}`);
const api = (method: string, path: string, body?: unknown, who: TestAccount = account) => apiRequest(server.baseUrl, who, method, path, body);

function verify(request: ReceivedRequest, secret: string): unknown {
  return new Webhook(secret).verify(request.body, signedHeaders(request));
}

beforeAll(async () => {
  server = await startDeliveryServer();
  account = await server.createAccount();
  other = await server.createAccount();
  receiver = await startReceiver();
  for (const event of EVENTS) {
    const callback = await setCallback(server, account, {
      event,
      url: `${receiver.origin}/hooks/${event}`,
      method: METHODS[event],
      // Settings written for the reference product may name headers the service sets: accepted, and ours win
      // (the content-type and signature checks below would fail otherwise).
      headers: { 'X-Integrator-Key': `key-for-${event}`, Authorization: 'Bearer integrator-token', 'Content-Type': 'text/plain', 'Webhook-Id': 'forged' },
      payload: EXTRA_PAYLOAD,
    });
    secrets[event] = callback.secret;
  }
}, 60_000);

afterAll(async () => {
  await server.stop();
  await receiver.close();
});

describe('every event type', () => {
  it('is delivered with the spec payload, the callback settings and a valid signature', async () => {
    const created = await createSession(server.baseUrl, account, { session: { theme: 'LITE' }, sms: { to: '+15555550123', to_name: 'Pat' } });
    sessionKey = created.sessionKey;
    await completeSession(server.baseUrl, created, 'LITE', 3000);
    await addNote(server, account, sessionKey, 'Desk note');

    await waitFor(
      () =>
        received('SESSION:SMS_PROCESS').length >= 1 &&
        received('SESSION:STATUS_CHANGE').length >= 4 &&
        received('SESSION:STAGE_CHANGE').length >= 6 &&
        received('SESSION:COMPLETE').length >= 1 &&
        received('SESSION:NOTE_INSERT').length >= 1,
      'one delivery of every event',
    );

    for (const event of EVENTS) {
      for (const request of received(event)) {
        expect(request.method).toBe(METHODS[event]);
        expect(request.headers['x-integrator-key']).toBe(`key-for-${event}`);
        expect(request.headers.authorization).toBe('Bearer integrator-token');
        expect(request.headers['content-type']).toBe('application/json');
        expect(request.headers['user-agent']).toMatch(/^capture-gateway\/\d+\.\d+\.\d+/);
        expect(headerText(request, 'webhook-id')).toMatch(/^msg_[A-Za-z0-9_-]+$/);
        expect(Number(headerText(request, 'webhook-timestamp'))).toBeGreaterThan(Date.now() / 1000 - 120);
        expect(headerText(request, 'webhook-signature')).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

        // The verifier returns the parsed body; it throws on any mismatch.
        const body = bodyOf(request);
        expect(verify(request, secrets[event] as string)).toEqual(body);
        expect(Object.keys(body)).toEqual(expectedKeys(event));
        expect(body.event).toBe(event);
        expect(body.dealer_id).toBe('D-42');
        if (event !== 'SESSION:COMPLETE') expect(body.session_key).toBe(sessionKey);
      }
    }

    const statuses = received('SESSION:STATUS_CHANGE').map((request) => bodyOf(request).status);
    expect(statuses.sort()).toEqual(['CONFIRM', 'PROCESS', 'QC_PASSED', 'STARTED']);
    expect(bodyOf(received('SESSION:SMS_PROCESS')[0] as ReceivedRequest)).toMatchObject({ name: 'Pat', phone: '+15555550123', status: 'success' });
    expect(bodyOf(received('SESSION:NOTE_INSERT')[0] as ReceivedRequest)).toMatchObject({ title: 'Desk note', user: account.username });

    // The COMPLETE body is the results object plus the extra attribute.
    const results = await api('GET', `/v1/sessions/${sessionKey}/results`);
    const { dealer_id: _dealer, session_key: _key, ...complete } = bodyOf(received('SESSION:COMPLETE')[0] as ReceivedRequest);
    expect(complete).toEqual(results.body);
  });

  it('records each delivery as succeeded with its attempt', async () => {
    const deliveries = await waitFor(async () => {
      const list = await listDeliveries(server, account, 'SESSION:STAGE_CHANGE');
      return list.length === 6 && list.every((delivery) => delivery.status === 'succeeded') && list;
    }, 'succeeded STAGE_CHANGE deliveries');
    const ids = received('SESSION:STAGE_CHANGE').map((request) => headerText(request, 'webhook-id'));
    expect(deliveries.map((delivery: { id: string }) => delivery.id).sort()).toEqual([...ids].sort());
    const [newest] = deliveries;
    expect(newest).toMatchObject({
      event: 'SESSION:STAGE_CHANGE',
      session_key: sessionKey,
      test: false,
      status: 'succeeded',
      url: `${receiver.origin}/hooks/SESSION:STAGE_CHANGE`,
      method: 'PUT',
      attempt_count: 1,
      next_attempt_at: null,
      last_status_code: 204,
      last_error: null,
    });
    expect(newest.payload.event).toBe('SESSION:STAGE_CHANGE');
    expect(newest.attempts).toEqual([
      {
        attempt: 1,
        attempted_at: expect.any(String),
        url: `${receiver.origin}/hooks/SESSION:STAGE_CHANGE`,
        method: 'PUT',
        status_code: 204,
        duration_ms: expect.any(Number),
        error_kind: null,
        error: null,
        response_body: '',
      },
    ]);
    // Newest first.
    const times = deliveries.map((delivery: { created_at: string }) => Date.parse(delivery.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets during the overlap; either verifies', async () => {
    const event = 'SESSION:NOTE_INSERT';
    const rotated = await api('POST', `/v1/callbacks/${event}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const oldSecret = secrets[event] as string;
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(oldSecret);

    const before = received(event).length;
    await addNote(server, account, sessionKey, 'After rotation');
    const request = await waitFor(() => received(event)[before], 'the delivery after rotation');
    expect(headerText(request, 'webhook-signature').split(' ')).toHaveLength(2);
    expect(verify(request, newSecret)).toMatchObject({ title: 'After rotation' });
    expect(verify(request, oldSecret)).toMatchObject({ title: 'After rotation' });
    expect(() => verify(request, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toThrow();
    secrets[event] = newSecret;
  });
});

describe('test send', () => {
  it('sends a sample payload marked "test": true through the outbox, signed (REST)', async () => {
    const before = received('SESSION:STATUS_CHANGE').length;
    const sent = await api('POST', '/v1/callbacks/SESSION:STATUS_CHANGE/test');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ event: 'SESSION:STATUS_CHANGE', test: true, event_seq: null });
    const request = await waitFor(() => received('SESSION:STATUS_CHANGE')[before], 'the test delivery');
    expect(headerText(request, 'webhook-id')).toBe(sent.body.id);
    expect(request.method).toBe('PATCH');
    const body = verify(request, secrets['SESSION:STATUS_CHANGE'] as string) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(expectedKeys('SESSION:STATUS_CHANGE', 'test'));
    expect(body).toMatchObject({ event: 'SESSION:STATUS_CHANGE', test: true, status: 'STARTED', dealer_id: 'D-42' });

    const listed = await waitFor(async () => {
      const found = (await listDeliveries(server, account, 'SESSION:STATUS_CHANGE')).find((delivery) => delivery.id === sent.body.id);
      return found?.status === 'succeeded' && found;
    }, 'the test delivery to succeed');
    expect(listed).toMatchObject({ test: true, attempt_count: 1 });
  });

  it('sends every event type as a sample (GraphQL)', async () => {
    for (const event of EVENTS) {
      const before = received(event).length;
      const result = await graphqlRequest(server.baseUrl, { account }, `mutation { testCallback(event: ${event.replace(':', '_')}) { id test event status } }`);
      expect(result.errors).toBeUndefined();
      expect(result.data.testCallback).toMatchObject({ test: true, event: event.replace(':', '_'), status: expect.stringMatching(/^(PENDING|DELIVERING)$/) });
      const request = await waitFor(() => received(event)[before], `the ${event} sample`);
      const body = verify(request, secrets[event] as string) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(expectedKeys(event, 'test'));
      expect(body.test).toBe(true);
    }
  });

  it('answers 404 without a callback and 400 for an unknown event', async () => {
    expect(await api('POST', '/v1/callbacks/SESSION:COMPLETE/test', undefined, other)).toMatchObject({
      status: 404,
      body: { message: 'Your API Key does not have callback setting for the event SESSION:COMPLETE.' },
    });
    expect((await api('POST', '/v1/callbacks/SESSION:NOPE/test')).status).toBe(400);
  });
});

describe('redelivery', () => {
  it('sends a delivery again with the same webhook-id and records the new attempt (REST)', async () => {
    const delivery = (await listDeliveries(server, account, 'SESSION:SMS_PROCESS')).find((item) => !item.test);
    expect(delivery.status).toBe('succeeded');
    const before = received('SESSION:SMS_PROCESS').length;
    const redelivered = await api('POST', `/v1/deliveries/${delivery.id}/redeliver`);
    expect(redelivered.status).toBe(200);
    expect(redelivered.body).toMatchObject({ id: delivery.id, status: expect.stringMatching(/^(pending|delivering|succeeded)$/) });
    const request = await waitFor(() => received('SESSION:SMS_PROCESS')[before], 'the redelivery');
    expect(headerText(request, 'webhook-id')).toBe(delivery.id);
    // The very same bytes as the first time (the body is stored, not rebuilt); only the signing headers are new.
    expect(request.body).toBe((received('SESSION:SMS_PROCESS')[0] as ReceivedRequest).body);
    const after = await waitFor(async () => {
      const found = (await listDeliveries(server, account, 'SESSION:SMS_PROCESS')).find((item) => item.id === delivery.id);
      return found?.attempts.length === 2 && found.status === 'succeeded' && found;
    }, 'the second attempt to be recorded');
    expect(after.attempts.map((attempt: { attempt: number }) => attempt.attempt)).toEqual([1, 2]);
    expect(after.attempt_count).toBe(2);
  });

  it('redelivers through GraphQL too', async () => {
    const delivery = (await listDeliveries(server, account, 'SESSION:COMPLETE')).find((item) => !item.test);
    const before = received('SESSION:COMPLETE').length;
    const result = await graphqlRequest(server.baseUrl, { account }, 'mutation($id: ID!) { redeliver(id: $id) { id status attemptCount } }', {
      id: delivery.id,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data.redeliver.id).toBe(delivery.id);
    const request = await waitFor(() => received('SESSION:COMPLETE')[before], 'the GraphQL redelivery');
    expect(headerText(request, 'webhook-id')).toBe(delivery.id);
  });

  it('is tenant-scoped: another account gets 404 and nothing is sent', async () => {
    const [delivery] = await listDeliveries(server, account, 'SESSION:NOTE_INSERT');
    const before = receiver.requests.length;
    expect(await api('POST', `/v1/deliveries/${delivery.id}/redeliver`, undefined, other)).toMatchObject({
      status: 404,
      body: { message: `Delivery ${delivery.id} cannot be found.` },
    });
    expect((await api('POST', '/v1/deliveries/msg_doesnotexist/redeliver')).status).toBe(404);
    const graph = await graphqlRequest(server.baseUrl, { account: other }, 'mutation($id: ID!) { redeliver(id: $id) { id } }', { id: delivery.id });
    expect(graph.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests.length).toBe(before);
  });
});

describe('the delivery listing', () => {
  it('pages newest first with a cursor, without overlap (REST)', async () => {
    const all = await listDeliveries(server, account, 'SESSION:STAGE_CHANGE', '?limit=100');
    expect(all.length).toBeGreaterThanOrEqual(7);
    const first = await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks/SESSION:STAGE_CHANGE/deliveries?limit=3');
    expect(first.body).toMatchObject({ api_key: account.apiKey, event: 'SESSION:STAGE_CHANGE', next_cursor: expect.any(String) });
    const second = await apiRequest(server.baseUrl, account, 'GET', `/v1/callbacks/SESSION:STAGE_CHANGE/deliveries?limit=3&cursor=${first.body.next_cursor}`);
    const ids = [...first.body.data, ...second.body.data].map((delivery: { id: string }) => delivery.id);
    expect(ids).toEqual(all.slice(0, 6).map((delivery: { id: string }) => delivery.id));
    expect((await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks/SESSION:STAGE_CHANGE/deliveries?limit=0')).status).toBe(400);
    expect((await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks/SESSION:STAGE_CHANGE/deliveries?cursor=zzz')).status).toBe(400);
  });

  it('pages through GraphQL with the same order', async () => {
    const query =
      'query($after: String) { deliveries(event: SESSION_STAGE_CHANGE, first: 4, after: $after) { edges { cursor node { id event test status attemptCount attempts { attempt statusCode durationMs errorKind responseBody } } } pageInfo { hasNextPage endCursor } } }';
    const first = await graphqlRequest(server.baseUrl, { account }, query);
    expect(first.errors).toBeUndefined();
    expect(first.data.deliveries.edges).toHaveLength(4);
    expect(first.data.deliveries.pageInfo.hasNextPage).toBe(true);
    const second = await graphqlRequest(server.baseUrl, { account }, query, { after: first.data.deliveries.pageInfo.endCursor });
    const rest = await listDeliveries(server, account, 'SESSION:STAGE_CHANGE', '?limit=100');
    const ids = [...first.data.deliveries.edges, ...second.data.deliveries.edges].map((edge: { node: { id: string } }) => edge.node.id);
    expect(ids).toEqual(rest.map((delivery: { id: string }) => delivery.id).slice(0, ids.length));
    // An event delivery (the newest may be a sample whose bookkeeping is still being written).
    const node = first.data.deliveries.edges.map((edge: { node: any }) => edge.node).find((item: { test: boolean }) => !item.test);
    expect(node).toMatchObject({ event: 'SESSION_STAGE_CHANGE', status: 'SUCCEEDED', attemptCount: 1 });
    expect(node.attempts[0]).toMatchObject({ attempt: 1, statusCode: 204, errorKind: null });
  });

  it("lists one session's deliveries only, when asked (REST session_key, GraphQL sessionKey)", async () => {
    await addNote(server, account, await createSessionKey(server, account), 'Another session');
    const all = await waitFor(async () => {
      const list = await listDeliveries(server, account, 'SESSION:NOTE_INSERT', '?limit=100');
      return new Set(list.map((delivery: { session_key: string }) => delivery.session_key)).size > 1 && list;
    }, 'deliveries of two sessions');
    const mine = all.filter((delivery: { session_key: string }) => delivery.session_key === sessionKey).map((delivery: { id: string }) => delivery.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    const rest = await listDeliveries(server, account, 'SESSION:NOTE_INSERT', `?limit=100&session_key=${sessionKey}`);
    expect(rest.map((delivery: { id: string }) => delivery.id)).toEqual(mine);
    const graph = await graphqlRequest(
      server.baseUrl,
      { account },
      'query($k: String) { deliveries(event: SESSION_NOTE_INSERT, sessionKey: $k, first: 100) { edges { node { id sessionKey } } } }',
      { k: sessionKey },
    );
    expect(graph.errors).toBeUndefined();
    expect(graph.data.deliveries.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual(mine);
  });

  it('is tenant-scoped: another account sees no callback there (404 / NOT_FOUND)', async () => {
    expect((await apiRequest(server.baseUrl, other, 'GET', '/v1/callbacks/SESSION:STAGE_CHANGE/deliveries')).status).toBe(404);
    const graph = await graphqlRequest(server.baseUrl, { account: other }, '{ deliveries(event: SESSION_STAGE_CHANGE) { edges { cursor } } }');
    expect(graph.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // With a callback of its own, the other account sees its own (empty) list, never the first account's.
    await setCallback(server, other, { event: 'SESSION:STAGE_CHANGE', url: `${receiver.origin}/other` });
    expect(await listDeliveries(server, other, 'SESSION:STAGE_CHANGE')).toEqual([]);
  });
});
