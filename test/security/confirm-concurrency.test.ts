// Confirming is idempotent like startCapture (docs/events.md): of concurrent confirmInspection calls one moves the
// session, and the others get the session as it is — never a misleading "photos have not all passed" error, never
// a second report or event. Driven over HTTP, four calls at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto, wsEventRecorder, type Credentials } from '../support/graphql.js';
import { createSession, THEME_PHOTOS, type CreatedSession } from '../support/capture-flow.js';
import { signRequestHeaders } from '../support/signing.js';
import { makeScene } from '../support/images.js';

const CONFIRM = 'mutation($k: String!) { confirmInspection(sessionKey: $k) { sessionKey status } }';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});

afterAll(async () => {
  await server?.stop();
});

/** A LITE session with every photo accepted: QC_PASSED, ready to confirm. */
async function readyToConfirm(seedBase: number): Promise<CreatedSession> {
  const session = await createSession(server.baseUrl, account);
  const guest = { captureToken: session.captureToken };
  await graphqlRequest(server.baseUrl, guest, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: session.sessionKey });
  for (const code of THEME_PHOTOS.LITE ?? []) {
    const upload = await uploadPhoto(server.baseUrl, guest, session.sessionKey, code, await makeScene({ seed: seedBase + code }));
    expect(upload.body.data?.capturePhoto?.approved).toBe(true);
  }
  const status = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}`);
  expect(status.body.status).toBe('QC_PASSED');
  return session;
}

/** Four confirmations at once, then every event of the session as the integrator's stream replays them. */
async function confirmFourTimes(session: CreatedSession, credentials: Credentials) {
  const answers = await Promise.all(Array.from({ length: 4 }, () => graphqlRequest(server.baseUrl, credentials, CONFIRM, { k: session.sessionKey })));
  const stream = wsEventRecorder(server.baseUrl, signRequestHeaders(account), { sessionKey: session.sessionKey, after: '0' });
  try {
    await stream.waitFor((events) => events.some((event) => event.event === 'SESSION:COMPLETE'));
    // A second COMPLETE would be recorded by the time the calls answered; the replay shows every recorded event.
    return { answers, events: [...stream.events] };
  } finally {
    await stream.close();
  }
}

describe('four concurrent confirmInspection calls', () => {
  it('with the API headers: all four answer with the session; one confirmation, one report, one event of each', async () => {
    const session = await readyToConfirm(3000);
    const { answers, events } = await confirmFourTimes(session, { account });
    for (const answer of answers) {
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
      expect(answer.data.confirmInspection.sessionKey).toBe(session.sessionKey);
      expect(['CONFIRM', 'COMPLETE']).toContain(answer.data.confirmInspection.status);
    }
    expect(answers.filter((answer) => answer.data.confirmInspection.status === 'COMPLETE').length).toBeGreaterThanOrEqual(1);
    expect(events.filter((event) => event.event === 'SESSION:COMPLETE')).toHaveLength(1);
    expect(events.filter((event) => event.event === 'SESSION:STATUS_CHANGE' && event.payload.status === 'CONFIRM')).toHaveLength(1);

    // Confirming again later changes nothing either.
    const again = await graphqlRequest(server.baseUrl, { account }, CONFIRM, { k: session.sessionKey });
    expect(again.data.confirmInspection.status).toBe('COMPLETE');
    const results = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/results`);
    expect(results.status).toBe(200);
  });

  it('with the capture token: no call is told the photos have not passed; late ones find the link read-only', async () => {
    const session = await readyToConfirm(4000);
    const { answers, events } = await confirmFourTimes(session, { captureToken: session.captureToken });
    for (const answer of answers) {
      if (answer.errors) {
        // Only a call that arrives after the session completed is refused, because the link is then read-only.
        expect(answer.errors[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'READ_ONLY' });
      } else {
        expect(['CONFIRM', 'COMPLETE']).toContain(answer.data.confirmInspection.status);
      }
    }
    expect(answers.some((answer) => !answer.errors)).toBe(true);
    expect(events.filter((event) => event.event === 'SESSION:COMPLETE')).toHaveLength(1);
    expect(events.filter((event) => event.event === 'SESSION:STATUS_CHANGE' && event.payload.status === 'CONFIRM')).toHaveLength(1);
  });
});
