// The dashboard's session listing in GraphQL (inspectionSessions): ordered by last activity (notes, captures, status
// moves and damage records count), searched by session key, VIN or client id in any case, and filtered to the review
// queue (docs/staff.md), with cursors that page through exactly the listing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { TestClock } from '../support/clock.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { createSession, THEME_PHOTOS, type CreatedSession } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';

const LIST = `query($status: SessionStatus, $awaitingReview: Boolean, $search: String, $first: Int, $after: String) {
  inspectionSessions(status: $status, awaitingReview: $awaitingReview, search: $search, first: $first, after: $after) {
    edges { cursor node { sessionKey status awaitingReview createdAt lastActivityAt } }
    pageInfo { hasNextPage endCursor }
  }
}`;

interface Row {
  sessionKey: string;
  status: string;
  awaitingReview: boolean;
  createdAt: string;
  lastActivityAt: string;
}

const clock = new TestClock();
let server: TestServer;
let account: TestAccount;
let other: TestAccount;
// Created oldest first; `withNote` gets a note, `started` a started capture, `confirmed` awaits its review, and
// `damaged` a damage record.
let withNote: CreatedSession;
let started: CreatedSession;
let confirmed: CreatedSession;
let damaged: CreatedSession;
let untouched: CreatedSession;

const VIN = '1HGCM82633A004352';

async function list(variables: Record<string, unknown> = {}, who: TestAccount = account) {
  const result = await graphqlRequest(server.baseUrl, { account: who }, LIST, variables);
  expect(result.errors).toBeUndefined();
  return result.data.inspectionSessions as { edges: { cursor: string; node: Row }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

async function keys(variables: Record<string, unknown> = {}): Promise<string[]> {
  return (await list(variables)).edges.map((edge) => edge.node.sessionKey);
}

/** Moves the test clock on, so each step happens at a distinct time (well inside the API-Timestamp window). */
const tick = () => clock.advance(1_000);

beforeAll(async () => {
  server = await startTestServer({}, { clock: clock.now });
  account = await server.createAccount(undefined, { review_mode: 'manual' });
  other = await server.createAccount();
  withNote = await createSession(server.baseUrl, account, { session: { theme: 'LITE', client_id: 'Dealer-North-7' }, vehicle: { vin: VIN } });
  tick();
  started = await createSession(server.baseUrl, account);
  tick();
  confirmed = await createSession(server.baseUrl, account);
  tick();
  damaged = await createSession(server.baseUrl, account);
  tick();
  untouched = await createSession(server.baseUrl, account);
  tick();
  // The same client id in another account: never listed here.
  await createSession(server.baseUrl, other, { session: { theme: 'LITE', client_id: 'Dealer-North-7' }, vehicle: { vin: VIN } });
}, 60_000);
afterAll(() => server.stop());

describe('inspectionSessions ordered by last activity', () => {
  it('lists untouched sessions newest first, their last activity being their creation', async () => {
    const page = await list();
    expect(page.edges.map((edge) => edge.node.sessionKey)).toEqual([untouched, damaged, confirmed, started, withNote].map((s) => s.sessionKey));
    for (const { node } of page.edges) expect(node.lastActivityAt).toBe(node.createdAt);
  });

  it('moves a session to the top when a note, a capture, a confirmation or a damage record happens to it', async () => {
    const note = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${withNote.sessionKey}/notes`, { title: 'Keys', description: 'At the desk.' });
    expect(note.status).toBe(200);
    expect(await keys({ first: 1 })).toEqual([withNote.sessionKey]);
    tick();

    const capture = { captureToken: started.captureToken };
    await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: started.sessionKey });
    expect(await keys({ first: 1 })).toEqual([started.sessionKey]);
    tick();

    await captureAndConfirm(confirmed);
    expect(await keys({ first: 1 })).toEqual([confirmed.sessionKey]);
    tick();

    const damage = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${damaged.sessionKey}/damages`, {
      item: 'front_bumper',
      damage_type: 'scratch',
    });
    expect(damage.status).toBe(200);
    const page = await list();
    expect(page.edges.map((edge) => edge.node.sessionKey)).toEqual([damaged, confirmed, started, withNote, untouched].map((s) => s.sessionKey));
    const times = page.edges.map((edge) => Date.parse(edge.node.lastActivityAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const noted = page.edges.find((edge) => edge.node.sessionKey === withNote.sessionKey)?.node as Row;
    expect(Date.parse(noted.lastActivityAt)).toBeGreaterThan(Date.parse(noted.createdAt));
  }, 120_000);

  it('pages through exactly the listing, one session at a time', async () => {
    const all = await keys();
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await list({ first: 1, after });
      seen.push(...page.edges.map((edge) => edge.node.sessionKey));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(all);
  });

  it('keeps a cursor valid when its session moves on: the next page follows the position it marked', async () => {
    const first = await list({ first: 2 });
    const [top, second] = first.edges.map((edge) => edge.node.sessionKey);
    // The session the cursor names changes meanwhile; the next page still starts after the cursor's position.
    const note = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${second}/notes`, { title: 'Again', description: 'Moved on.' });
    expect(note.status).toBe(200);
    const rest = await keys({ after: first.pageInfo.endCursor });
    expect(rest).not.toContain(top);
    expect(rest).not.toContain(second);
    expect(rest).toHaveLength(3);
    tick();
  });
});

describe('inspectionSessions search and review queue', () => {
  it('finds a session by part of its VIN, its session key or its client id, in any case', async () => {
    expect(await keys({ search: '3a0043' })).toEqual([withNote.sessionKey]);
    expect(await keys({ search: withNote.sessionKey.toLowerCase() })).toEqual([withNote.sessionKey]);
    expect(await keys({ search: withNote.sessionKey.slice(4, 10) })).toEqual([withNote.sessionKey]);
    expect(await keys({ search: 'north-7' })).toEqual([withNote.sessionKey]);
    expect(await keys({ search: '  DEALER-NORTH  ' })).toEqual([withNote.sessionKey]);
    expect(await keys({ search: 'no-such-session' })).toEqual([]);
  });

  it('takes the search as plain text, not as a pattern', async () => {
    expect(await keys({ search: '.*' })).toEqual([]);
    expect(await keys({ search: 'Dealer.North' })).toEqual([]);
    expect(await keys({ search: '' })).toHaveLength(5);
  });

  it('refuses a search longer than 100 characters', async () => {
    const result = await graphqlRequest(server.baseUrl, { account }, LIST, { search: 'x'.repeat(101) });
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(result.errors?.[0]?.message).toBe('search must be at most 100 characters.');
  });

  it('lists the review queue: confirmed sessions whose review is pending, and everything else apart', async () => {
    const queue = await list({ awaitingReview: true });
    expect(queue.edges.map((edge) => [edge.node.sessionKey, edge.node.status, edge.node.awaitingReview])).toEqual([[confirmed.sessionKey, 'CONFIRM', true]]);
    const rest = await keys({ awaitingReview: false });
    expect(rest).toHaveLength(4);
    expect(rest).not.toContain(confirmed.sessionKey);
    expect(await keys({ awaitingReview: true, status: 'STARTED' })).toEqual([]);
    expect(await keys({ awaitingReview: true, search: confirmed.sessionKey })).toEqual([confirmed.sessionKey]);
    // A confirmed session whose report is being generated (no review pending) is not in the queue.
    const sessions = server.app.database.db.collection<{ _id: string }>('inspection_sessions');
    await sessions.updateOne({ _id: confirmed.sessionKey }, { $set: { review_pending: false } });
    expect(await keys({ awaitingReview: true })).toEqual([]);
    expect(await keys({ awaitingReview: false })).toContain(confirmed.sessionKey);
    await sessions.updateOne({ _id: confirmed.sessionKey }, { $set: { review_pending: true } });
  });

  it('leaves the queue once the review is complete', async () => {
    const review = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${confirmed.sessionKey}/review`, { no_damage_found: true });
    expect(review.status).toBe(200);
    expect(await keys({ awaitingReview: true })).toEqual([]);
    expect(await keys({ first: 1 })).toEqual([confirmed.sessionKey]);
  });
});

async function captureAndConfirm(session: CreatedSession): Promise<void> {
  const capture = { captureToken: session.captureToken };
  const variables = { k: session.sessionKey };
  await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', variables);
  for (const code of THEME_PHOTOS.LITE ?? []) {
    const result = await uploadPhoto(server.baseUrl, capture, session.sessionKey, code, await makeScene({ seed: 8300 + code }));
    expect(result.body.data?.capturePhoto?.approved).toBe(true);
  }
  const result = await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', variables);
  expect(result.data?.confirmInspection?.status).toBe('CONFIRM');
}
