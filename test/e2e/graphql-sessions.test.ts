// The integrator's session mutations and listing in GraphQL (docs/rest-guide.md, docs/events.md): createInspectionSession,
// updateInspectionSession, deleteInspectionSession and the inspectionSessions connection, each checked against
// what the REST face reports for the same session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { TestClock } from '../support/clock.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, type GraphQLResult } from '../support/graphql.js';

const SESSION_FIELDS =
  'sessionKey theme status active test redirectUrl language captureUrl inspectStartedAt inspectEndedAt createdAt updatedAt options vehicle review { state revision reopened { reason } revisions { revision } }';
const CREATE = `mutation($input: CreateInspectionSessionInput) { createInspectionSession(input: $input) { ${SESSION_FIELDS} } }`;
const UPDATE = `mutation($k: String!, $input: UpdateInspectionSessionInput!) { updateInspectionSession(sessionKey: $k, input: $input) { ${SESSION_FIELDS} } }`;
const DELETE = 'mutation($k: String!) { deleteInspectionSession(sessionKey: $k) }';
const GET = `query($k: String!) { inspectionSession(sessionKey: $k) { ${SESSION_FIELDS} } }`;
const START = 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }';
const LIST = `query($status: SessionStatus, $first: Int, $after: String) {
  inspectionSessions(status: $status, first: $first, after: $after) {
    edges { cursor node { sessionKey status createdAt } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const clock = new TestClock();
let server: TestServer;
let account: TestAccount;
let other: TestAccount;
const api = (method: string, path: string, body?: unknown, who: TestAccount = account) => apiRequest(server.baseUrl, who, method, path, body);
const gql = (query: string, variables: Record<string, unknown> = {}, who: TestAccount = account) =>
  graphqlRequest(server.baseUrl, { account: who }, query, variables);

interface SessionNode {
  sessionKey: string;
  theme: string;
  status: string;
  active: boolean;
  test: boolean;
  redirectUrl: string | null;
  language: string | null;
  captureUrl: string;
  inspectStartedAt: string | null;
  inspectEndedAt: string | null;
  createdAt: string;
  updatedAt: string;
  options: Record<string, unknown>;
  vehicle: Record<string, unknown>;
  review: { state: string; revision: number | null; reopened: { reason: string } | null; revisions: { revision: number }[] };
}

/** The GraphQL session in the REST representation's field names (docs/rest-guide.md). */
function asRest(node: SessionNode) {
  return {
    session_key: node.sessionKey,
    theme: node.theme,
    active: node.active,
    status: node.status,
    test: node.test,
    redirect_url: node.redirectUrl,
    language: node.language,
    capture_url: node.captureUrl,
    inspect_started_at: node.inspectStartedAt,
    inspect_ended_at: node.inspectEndedAt,
    created_at: node.createdAt,
    updated_at: node.updatedAt,
    options: node.options,
    vehicle: node.vehicle,
    // The sessions compared here were never reviewed: no reopening, no revisions.
    review: { state: node.review.state.toLowerCase(), revision: node.review.revision, reopened: node.review.reopened, revisions: node.review.revisions },
  };
}

function captureTokenOf(node: SessionNode): string {
  return node.captureUrl.split('#')[1] as string;
}

async function create(input: unknown, who: TestAccount = account): Promise<SessionNode> {
  const result = await gql(CREATE, { input }, who);
  expect(result.errors).toBeUndefined();
  return result.data.createInspectionSession as SessionNode;
}

function expectRefused(result: GraphQLResult, code: string, message?: string | RegExp) {
  expect(result.errors).toHaveLength(1);
  const error = result.errors?.[0];
  expect(error?.extensions?.code).toBe(code);
  if (typeof message === 'string') expect(error?.message).toBe(message);
  else if (message) expect(error?.message).toMatch(message);
  // A refused non-null mutation field leaves no data behind.
  expect(result.data ?? null).toBeNull();
}

beforeAll(async () => {
  server = await startTestServer({}, { clock: clock.now });
  account = await server.createAccount();
  other = await server.createAccount();
});
afterAll(() => server.stop());

describe('createInspectionSession', () => {
  it('creates a session with vehicle and theme, the same one GET /v1/sessions/:key returns', async () => {
    const node = await create({
      session: {
        theme: 'LITE',
        language: 'fr',
        redirectUrl: 'https://dealer.example.com/done',
        clientId: 'dealer-9',
        reference: { claim: 'G-42', claim_line: 3 },
        contact: { email: 'sam@example.com' },
      },
      vehicle: { vin: '1HGCM82633A004352', year: 2018, make: 'Toyota', model: 'Corolla', extCol: 'Red', odomReading: 81000, odomUnit: 'mi' },
    });
    expect(node.sessionKey).toMatch(/^[A-Z]{3}-[A-Z0-9]{10}$/);
    expect(node).toMatchObject({
      theme: 'LITE',
      status: 'IDLE',
      active: true,
      language: 'fr',
      redirectUrl: 'https://dealer.example.com/done',
      inspectStartedAt: null,
      inspectEndedAt: null,
    });
    expect(node.options).toEqual({
      client_id: 'dealer-9',
      sms: null,
      email: null,
      contact: { email: 'sam@example.com' },
      reference: { claim: 'G-42', claim_line: 3 },
    });
    expect(node.vehicle).toEqual({
      vin: '1HGCM82633A004352',
      year: 2018,
      make: 'Toyota',
      model: 'Corolla',
      // Left empty, so filled from the VIN's decode (a 2003 Honda Accord EX-V6 coupe), which contradicts the given make.
      body_type: 'Coupe',
      trim: 'EX-V6',
      transmission: null,
      ext_col: 'Red',
      int_col: null,
      odom_reading: 81000,
      odom_unit: 'mi',
      decoded: expect.objectContaining({ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' }),
      details_match: false,
      odom_captured: null,
      odom_match: null,
    });
    const match = new RegExp(`^${server.baseUrl}/capture/${node.sessionKey}#([A-Za-z0-9_-]{22,})$`).exec(node.captureUrl);
    expect(match).not.toBeNull();

    const rest = await api('GET', `/v1/sessions/${node.sessionKey}`);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(asRest(node));
    const read = await gql(GET, { k: node.sessionKey });
    expect(read.data.inspectionSession).toEqual(node);

    // The fragment is the session's capture token: it opens this session, and only with it.
    const asCapture = await graphqlRequest(
      server.baseUrl,
      { captureToken: match?.[1] as string },
      'query($k: String!) { inspectionSession(sessionKey: $k) { sessionKey status } }',
      { k: node.sessionKey },
    );
    expect(asCapture.data.inspectionSession).toEqual({ sessionKey: node.sessionKey, status: 'IDLE' });
  });

  it("uses the account's default theme when none is given", async () => {
    const node = await create({});
    expect(node.theme).toBe('PRO');
    expect((await api('GET', `/v1/sessions/${node.sessionKey}`)).body.theme).toBe('PRO');
  });

  it('refuses an invalid body or a capture token, creating nothing', async () => {
    const before = await gql(LIST, { first: 100 });
    const count = before.data.inspectionSessions.edges.length;
    expectRefused(await gql(CREATE, { input: { session: { theme: 'XL' } } }), 'BAD_REQUEST', /theme/);
    expectRefused(await gql(CREATE, { input: { vehicle: { year: 1700 } } }), 'BAD_REQUEST', /vehicle\.year/);
    const someone = await create({ session: { theme: 'LITE' } });
    const viaToken = await graphqlRequest(server.baseUrl, { captureToken: captureTokenOf(someone) }, CREATE, { input: { session: { theme: 'LITE' } } });
    expectRefused(viaToken, 'FORBIDDEN');
    const after = await gql(LIST, { first: 100 });
    expect(after.data.inspectionSessions.edges.length).toBe(count + 1);
  });
});

describe('typed session inputs', () => {
  // Each pair: a GraphQL input and the REST body it stands for. Both faces answer with the same message.
  const refusedCreates: [Record<string, unknown>, Record<string, unknown>][] = [
    [{ session: { theme: 'XL' } }, { session: { theme: 'XL' } }],
    [{ session: { redirectUrl: 'ftp://x' } }, { session: { redirect_url: 'ftp://x' } }],
    [{ session: { language: 'klingon' } }, { session: { language: 'klingon' } }],
    [{ session: { clientId: 'x'.repeat(201) } }, { session: { client_id: 'x'.repeat(201) } }],
    [{ vehicle: { year: 1700 } }, { vehicle: { year: 1700 } }],
    [{ vehicle: { odomReading: -1 } }, { vehicle: { odom_reading: -1 } }],
    [{ vehicle: { odomUnit: 'furlong' } }, { vehicle: { odom_unit: 'furlong' } }],
    [{ sms: { to: '12' } }, { sms: { to: '12' } }],
    [{ sms: { to: '+14155550123', toName: 'x'.repeat(101) } }, { sms: { to: '+14155550123', to_name: 'x'.repeat(101) } }],
  ];

  it.each(refusedCreates)('refuses create input %# with the message REST gives for the same body', async (input, body) => {
    const rest = await api('POST', '/v1/sessions', body);
    expect(rest.status).toBe(400);
    expectRefused(await gql(CREATE, { input }), 'BAD_REQUEST', rest.body.message);
  });

  it('refuses an update with the message REST gives for the same body', async () => {
    const node = await create({ session: { theme: 'LITE' } });
    const pairs: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ redirectUrl: 'not a url' }, { redirect_url: 'not a url' }],
      [
        { theme: 'PRO', session: { theme: 'LITE' } },
        { theme: 'PRO', session: { theme: 'LITE' } },
      ],
      [
        { options: { clientId: 'a' }, session: { clientId: 'b' } },
        { options: { client_id: 'a' }, session: { client_id: 'b' } },
      ],
      [{ vehicle: { vin: 'IOQ' } }, { vehicle: { vin: 'IOQ' } }],
    ];
    for (const [input, body] of pairs) {
      const rest = await api('PUT', `/v1/sessions/${node.sessionKey}`, body);
      expect(rest.status).toBe(400);
      expectRefused(await gql(UPDATE, { k: node.sessionKey, input }), 'BAD_REQUEST', rest.body.message);
    }
  });

  it('clears a field given as null and leaves an omitted one as it is', async () => {
    const node = await create({ session: { theme: 'LITE', redirectUrl: 'https://dealer.example.com/a', clientId: 'c-1' }, vehicle: { make: 'Kia' } });
    const updated = await gql(UPDATE, {
      k: node.sessionKey,
      input: { redirectUrl: null, options: { clientId: 'c-2' }, vehicle: { make: null, model: 'Rio' } },
    });
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateInspectionSession).toMatchObject({
      redirectUrl: null,
      theme: 'LITE',
      options: { client_id: 'c-2' },
      vehicle: { make: null, model: 'Rio' },
    });
  });

  it('refuses a contact that is not an object before the resolver runs', async () => {
    const result = await gql(CREATE, { input: { session: { contact: 'sam@example.com' } } });
    expect(result.errors?.[0]?.message).toMatch(/JSONObject/);
  });
});

describe('updateInspectionSession', () => {
  it('changes the theme and other fields while IDLE', async () => {
    const node = await create({ session: { theme: 'LITE' }, vehicle: { make: 'Honda', model: 'Civic' } });
    const updated = await gql(UPDATE, { k: node.sessionKey, input: { theme: 'CAPT' } });
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateInspectionSession).toMatchObject({ sessionKey: node.sessionKey, theme: 'CAPT', status: 'IDLE' });
    const merged = await gql(UPDATE, { k: node.sessionKey, input: { language: 'de', vehicle: { extCol: 'Blue' } } });
    expect(merged.errors).toBeUndefined();
    expect(merged.data.updateInspectionSession).toMatchObject({ theme: 'CAPT', language: 'de', vehicle: { make: 'Honda', model: 'Civic', ext_col: 'Blue' } });
    const rest = await api('GET', `/v1/sessions/${node.sessionKey}`);
    expect(rest.body).toEqual(asRest(merged.data.updateInspectionSession));
    expect(rest.body).toMatchObject({ theme: 'CAPT', language: 'de' });
  });

  it('refuses a theme change after startCapture and changes nothing', async () => {
    const node = await create({ session: { theme: 'LITE', language: 'en' } });
    const started = await graphqlRequest(server.baseUrl, { captureToken: captureTokenOf(node) }, START, { k: node.sessionKey });
    expect(started.data.startCapture.status).toBe('STARTED');
    const before = await api('GET', `/v1/sessions/${node.sessionKey}`);
    expect(before.body).toMatchObject({ status: 'STARTED', theme: 'LITE' });

    expectRefused(await gql(UPDATE, { k: node.sessionKey, input: { theme: 'PRO' } }), 'BAD_REQUEST', /theme/);
    // A theme change bundled with an allowed field is refused as a whole.
    expectRefused(await gql(UPDATE, { k: node.sessionKey, input: { theme: 'PRO', language: 'fr' } }), 'BAD_REQUEST', /theme/);
    expect((await api('GET', `/v1/sessions/${node.sessionKey}`)).body).toEqual(before.body);

    // Fields other than the theme may still change until COMPLETE.
    const language = await gql(UPDATE, { k: node.sessionKey, input: { language: 'es' } });
    expect(language.errors).toBeUndefined();
    expect(language.data.updateInspectionSession).toMatchObject({ theme: 'LITE', language: 'es', status: 'STARTED' });
  });

  it('refuses unknown fields and sessions of another account', async () => {
    const node = await create({ session: { theme: 'LITE' } });
    const before = await api('GET', `/v1/sessions/${node.sessionKey}`);
    const unknown = await gql(UPDATE, { k: node.sessionKey, input: { colour: 'green' } });
    expect(unknown.errors?.[0]?.message).toMatch(/colour/);
    expectRefused(await gql(UPDATE, { k: node.sessionKey, input: { theme: 'PRO' } }, other), 'NOT_FOUND', `Session ${node.sessionKey} cannot be found.`);
    expect((await api('GET', `/v1/sessions/${node.sessionKey}`)).body).toEqual(before.body);
  });
});

describe('deleteInspectionSession', () => {
  it('deletes an IDLE session; it is then gone from REST and GraphQL', async () => {
    const node = await create({ session: { theme: 'LITE' } });
    const deleted = await gql(DELETE, { k: node.sessionKey });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data.deleteInspectionSession).toBe(`Session ${node.sessionKey} has been successfully removed.`);

    const gone = await api('GET', `/v1/sessions/${node.sessionKey}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: `Session ${node.sessionKey} cannot be found.`, request_id: expect.any(String) });
    expectRefused(await gql(GET, { k: node.sessionKey }), 'NOT_FOUND', `Session ${node.sessionKey} cannot be found.`);
    expectRefused(await gql(DELETE, { k: node.sessionKey }), 'NOT_FOUND', `Session ${node.sessionKey} cannot be found.`);
    const listed = await gql(LIST, { first: 100 });
    expect(listed.data.inspectionSessions.edges.map((edge: { node: { sessionKey: string } }) => edge.node.sessionKey)).not.toContain(node.sessionKey);
    // Its capture token no longer opens anything.
    const viaToken = await graphqlRequest(server.baseUrl, { captureToken: captureTokenOf(node) }, START, { k: node.sessionKey });
    expect(viaToken.errors?.[0]?.extensions?.code).toMatch(/^(FORBIDDEN|NOT_FOUND)$/);
  });

  it('refuses to delete a started session, which stays as it was', async () => {
    const node = await create({ session: { theme: 'LITE' } });
    await graphqlRequest(server.baseUrl, { captureToken: captureTokenOf(node) }, START, { k: node.sessionKey });
    const before = await api('GET', `/v1/sessions/${node.sessionKey}`);
    expect(before.body.status).toBe('STARTED');
    expectRefused(await gql(DELETE, { k: node.sessionKey }), 'BAD_REQUEST', `Session ${node.sessionKey} has been started and cannot be deleted.`);
    const after = await api('GET', `/v1/sessions/${node.sessionKey}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  });

  it("refuses to delete another account's session", async () => {
    const node = await create({ session: { theme: 'LITE' } });
    expectRefused(await gql(DELETE, { k: node.sessionKey }, other), 'NOT_FOUND', `Session ${node.sessionKey} cannot be found.`);
    expect((await api('GET', `/v1/sessions/${node.sessionKey}`)).body.status).toBe('IDLE');
  });
});

describe('inspectionSessions', () => {
  it('pages newest first with a cursor and filters by status', async () => {
    // A fresh account, so the listing holds exactly the sessions made here.
    const lister = await server.createAccount();
    const created: SessionNode[] = [];
    for (let index = 0; index < 3; index += 1) {
      created.push(await create({ session: { theme: 'LITE' } }, lister));
      clock.advance(1_000); // distinct creation times, well inside the API-Timestamp window
    }
    const newestFirst = created.map((node) => node.sessionKey).reverse();

    const first = await gql(LIST, { first: 2 }, lister);
    expect(first.errors).toBeUndefined();
    const page1 = first.data.inspectionSessions;
    expect(page1.edges.map((edge: { node: SessionNode }) => edge.node.sessionKey)).toEqual(newestFirst.slice(0, 2));
    expect(page1.pageInfo.hasNextPage).toBe(true);
    expect(page1.pageInfo.endCursor).toBe(page1.edges[1].cursor);

    const second = await gql(LIST, { first: 2, after: page1.pageInfo.endCursor }, lister);
    expect(second.errors).toBeUndefined();
    const page2 = second.data.inspectionSessions;
    expect(page2.edges.map((edge: { node: SessionNode }) => edge.node.sessionKey)).toEqual([newestFirst[2]]);
    expect(page2.pageInfo).toEqual({ hasNextPage: false, endCursor: page2.edges[0].cursor });

    const all = await gql(LIST, {}, lister);
    expect(all.data.inspectionSessions.edges.map((edge: { node: SessionNode }) => edge.node.sessionKey)).toEqual(newestFirst);
    expect(all.data.inspectionSessions.pageInfo.hasNextPage).toBe(false);

    // Start the middle one: the status filter tells them apart, and pages within the filter.
    const middle = created[1] as SessionNode;
    const started = await graphqlRequest(server.baseUrl, { captureToken: captureTokenOf(middle) }, START, { k: middle.sessionKey });
    expect(started.data.startCapture.status).toBe('STARTED');
    const startedOnly = await gql(LIST, { status: 'STARTED' }, lister);
    expect(startedOnly.data.inspectionSessions.edges.map((edge: { node: SessionNode }) => edge.node)).toEqual([
      { sessionKey: middle.sessionKey, status: 'STARTED', createdAt: middle.createdAt },
    ]);
    const idleFirst = await gql(LIST, { status: 'IDLE', first: 1 }, lister);
    expect(idleFirst.data.inspectionSessions.edges.map((edge: { node: SessionNode }) => edge.node.sessionKey)).toEqual([newestFirst[0]]);
    expect(idleFirst.data.inspectionSessions.pageInfo.hasNextPage).toBe(true);
    const idleRest = await gql(LIST, { status: 'IDLE', first: 1, after: idleFirst.data.inspectionSessions.pageInfo.endCursor }, lister);
    expect(idleRest.data.inspectionSessions.edges.map((edge: { node: SessionNode }) => edge.node.sessionKey)).toEqual([newestFirst[2]]);
    expect(idleRest.data.inspectionSessions.pageInfo.hasNextPage).toBe(false);
    const none = await gql(LIST, { status: 'COMPLETE' }, lister);
    expect(none.data.inspectionSessions).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });

    // Another account's listing holds none of them.
    const foreign = await gql(LIST, { first: 100 }, other);
    const foreignKeys = foreign.data.inspectionSessions.edges.map((edge: { node: SessionNode }) => edge.node.sessionKey);
    for (const key of newestFirst) expect(foreignKeys).not.toContain(key);
  });

  it('refuses a cursor it did not hand out and an unknown status', async () => {
    const bad = await gql(LIST, { first: 2, after: 'not-a-cursor' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const unknown = await gql(LIST, { status: 'FINISHED' });
    expect(unknown.errors?.length).toBeGreaterThan(0);
    expect(unknown.data ?? null).toBeNull();
  });
});
