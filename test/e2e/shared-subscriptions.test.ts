// Subscribers on separate sockets asking the same live question with the same rights share one execution per event
// (src/http/graphql/shared-subscriptions.ts); anyone whose answers could differ — a capture token beside the account,
// a replay from a cursor — runs alone, and each still gets exactly its own stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { graphqlRequest, SESSION_EVENTS, wsEventRecorder, type EventRecorder, type RecordedEvent } from '../support/graphql.js';
import { completeSession, createSession, startCapture, type CreatedSession } from '../support/capture-flow.js';
import { TestClock } from '../support/clock.js';
import { CAPTURE_TOKEN_DAYS_AFTER_COMPLETE } from '../../src/domain/capture-scope.js';

let server: TestServer;
let account: TestAccount;
let session: CreatedSession;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
  session = await createSession(server.baseUrl, account);
  await startCapture(server.baseUrl, session);
});
afterAll(() => server.stop());

const metric = async (name: string, baseUrl = server.baseUrl) => {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
};
const integratorNote = (title: string) =>
  apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/notes`, { title, description: 'integrator only' });
const guestNote = (title: string) =>
  graphqlRequest(
    server.baseUrl,
    { captureToken: session.captureToken },
    'mutation($k: String!, $t: String!) { addNote(sessionKey: $k, title: $t, description: "from the capture page") { title } }',
    { k: session.sessionKey, t: title },
  );
const noteTitles = (events: RecordedEvent[]) => events.filter((event) => event.event === 'SESSION:NOTE_INSERT').map((event) => event.payload.title);
const hasNote = (title: string) => (events: RecordedEvent[]) => noteTitles(events).includes(title);

async function closeAll(recorders: EventRecorder[]): Promise<void> {
  await Promise.all(recorders.map((recorder) => recorder.close()));
}

describe('shared subscription executions', () => {
  it('serves dashboards of one account asking the same live question from one execution; each gets every event, and one leaving stops nobody else', async () => {
    const dashboards = [1, 2, 3].map(() => wsEventRecorder(server.baseUrl, signRequestHeaders(account), { sessionKey: session.sessionKey }));
    try {
      await Promise.all(dashboards.map((dashboard) => dashboard.ready));
      expect(await metric('graphql_subscribers_sharing_execution')).toBe(2);
      const answersBefore = await metric('event_fanout_delay_seconds_count');
      await integratorNote('shared one');
      await guestNote('shared two');
      await Promise.all(dashboards.map((dashboard) => dashboard.waitFor(hasNote('shared two'))));
      for (const dashboard of dashboards) {
        expect(dashboard.errors).toEqual([]);
        expect(noteTitles(dashboard.events)).toEqual(['shared one', 'shared two']);
      }
      // One answer per event for the three of them.
      expect((await metric('event_fanout_delay_seconds_count')) - answersBefore).toBe(2);

      await (dashboards[0] as EventRecorder).close();
      await expect.poll(() => metric('graphql_subscribers_sharing_execution')).toBe(1);
      await integratorNote('after one left');
      await Promise.all(dashboards.slice(1).map((dashboard) => dashboard.waitFor(hasNote('after one left'))));
      expect((dashboards[0] as EventRecorder).events.map((event) => event.payload.title)).not.toContain('after one left');
    } finally {
      await closeAll(dashboards);
    }
    await expect.poll(() => metric('graphql_subscribers_sharing_execution')).toBe(0);
  });

  it("never shares between a capture token and the account, even for the same operation and variables: the guest's stream stays the guest's", async () => {
    // The account subscribes first, so a guest joining its execution would get the account's view.
    const integrator = wsEventRecorder(server.baseUrl, signRequestHeaders(account), { sessionKey: session.sessionKey });
    await integrator.ready;
    const guest = wsEventRecorder(server.baseUrl, { 'Capture-Token': session.captureToken }, { sessionKey: session.sessionKey });
    try {
      await guest.ready;
      expect(await metric('graphql_subscribers_sharing_execution')).toBe(0);
      await integratorNote('pricing, private');
      await guestNote('tyres');
      await Promise.all([integrator.waitFor(hasNote('tyres')), guest.waitFor(hasNote('tyres'))]);
      expect(noteTitles(integrator.events)).toEqual(['pricing, private', 'tyres']);
      expect(noteTitles(guest.events)).toEqual(['tyres']);
      expect(guest.errors).toEqual([]);
    } finally {
      await closeAll([integrator, guest]);
    }
  });

  it('runs a replay from a cursor on its own, beside a live subscriber of the same account', async () => {
    const live = wsEventRecorder(server.baseUrl, signRequestHeaders(account), { sessionKey: session.sessionKey });
    await live.ready;
    const replay = wsEventRecorder(server.baseUrl, signRequestHeaders(account), { sessionKey: session.sessionKey, after: '0' });
    const replays: EventRecorder[] = [];
    try {
      await replay.ready;
      expect(await metric('graphql_subscribers_sharing_execution')).toBe(0);
      await integratorNote('replay and live');
      await Promise.all([live.waitFor(hasNote('replay and live')), replay.waitFor(hasNote('replay and live'))]);
      // The replay starts at the capture's start; the live one only has what came after it subscribed.
      expect(replay.events[0]?.event).toBe('SESSION:STATUS_CHANGE');
      expect(noteTitles(replay.events)).toEqual(['shared one', 'shared two', 'after one left', 'pricing, private', 'tyres', 'replay and live']);
      expect(live.events.map((event) => event.event)).toEqual(['SESSION:NOTE_INSERT']);
      expect(noteTitles(live.events)).toEqual(['replay and live']);

      // A second replay with the very same cursor and variables, started later, replays the history itself rather
      // than joining the first one's stream (which has nothing more to say until the next event).
      const again = wsEventRecorder(server.baseUrl, signRequestHeaders(account), { sessionKey: session.sessionKey, after: '0' });
      replays.push(again);
      await again.ready;
      expect(await metric('graphql_subscribers_sharing_execution')).toBe(0);
      await again.waitFor(hasNote('replay and live'), 5_000);
      expect(noteTitles(again.events)).toEqual(noteTitles(replay.events));
    } finally {
      await closeAll([live, replay, ...replays]);
    }
  });

  it("still checks each subscriber's own rights: a capture link that stopped working is refused, though its session's events still run for another socket", async () => {
    const clock = new TestClock();
    const closing = await startTestServer({}, { clock: clock.now });
    const watching: EventRecorder[] = [];
    let late: ReturnType<typeof createClient> | null = null;
    try {
      const owner = await closing.createAccount();
      const done = await createSession(closing.baseUrl, owner);
      await completeSession(closing.baseUrl, done);
      const params = { 'Capture-Token': done.captureToken };
      // A completed session's capture link still reads: the first socket follows its events.
      watching.push(wsEventRecorder(closing.baseUrl, params, { sessionKey: done.sessionKey }));
      await (watching[0] as EventRecorder).ready;
      // A second socket of the same link opens while it still works...
      let connected: () => void = () => undefined;
      const opened = new Promise<void>((resolve) => (connected = resolve));
      late = createClient({
        url: `${closing.baseUrl.replace(/^http/, 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: params,
        retryAttempts: 0,
        lazy: false,
        on: { connected: () => connected() },
      });
      await opened;
      // ...and asks the same question once the link has stopped working.
      clock.advance((CAPTURE_TOKEN_DAYS_AFTER_COMPLETE + 1) * 86_400_000);
      const outcome = await new Promise<unknown>((resolve) => {
        setTimeout(() => resolve('no answer within 5 s: the subscription was taken'), 5_000);
        late?.subscribe(
          { query: SESSION_EVENTS, variables: { sessionKey: done.sessionKey } },
          { next: (value) => resolve(value), error: (error) => resolve(error), complete: () => resolve('completed without an answer') },
        );
      });
      expect(JSON.stringify(outcome)).toContain('The capture token is not valid.');
      expect(await metric('graphql_subscribers_sharing_execution', closing.baseUrl)).toBe(0);
    } finally {
      await late?.dispose();
      await closeAll(watching);
      await closing.stop();
    }
  });
});
