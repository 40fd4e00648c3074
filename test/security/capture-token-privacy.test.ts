// What a guest (someone holding only a capture link) can read of a session (docs/events.md, docs/limits.md): what the capture
// needs — status, photos and verdicts, the car to recognise, its own notes, progress events — and nothing of the
// integrator's: options (client_id, contact, reference, SMS phone number), the account's notes, its username,
// the results in SESSION:COMPLETE.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest, sseEventRecorder, wsEventRecorder, type RecordedEvent } from '../support/graphql.js';
import { completeSession, createSession, type CreatedSession } from '../support/capture-flow.js';

const SECRETS = {
  clientId: 'client-7f3a9c-private',
  contactEmail: 'buyer.private@example.com',
  reference: 'REF-CONFIDENTIAL-991',
  phone: '+15005550006',
  odometer: 123457,
  integratorNote: 'offer max 8500, walk away above',
};

const SESSION = `query($k: String!) { inspectionSession(sessionKey: $k) {
  sessionKey status theme language redirectUrl vehicle options
  requiredPhotos { photoCode photoLabel } photos { photoCode approved } notes { title description user }
} }`;
const NOTE = 'mutation($k: String!, $t: String!, $d: String!) { addNote(sessionKey: $k, title: $t, description: $d) { title user } }';

let server: TestServer;
let account: TestAccount;
let session: CreatedSession;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
  session = await createSession(server.baseUrl, account, {
    session: {
      theme: 'LITE',
      client_id: SECRETS.clientId,
      contact: { email: SECRETS.contactEmail },
      reference: { file: SECRETS.reference },
    },
    vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', model: 'Accord', ext_col: 'Blue', odom_reading: SECRETS.odometer, odom_unit: 'km' },
    sms: { to: SECRETS.phone, to_name: 'Pat Seller' },
  });
  const note = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/notes`, {
    title: 'Pricing',
    description: SECRETS.integratorNote,
  });
  expect(note.status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

const asGuest = (query: string, variables: Record<string, unknown> = {}) =>
  graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, query, { k: session.sessionKey, ...variables });

/** Every private value, and the account username, that must never reach a guest. */
function expectNoPrivateData(value: unknown): void {
  const text = JSON.stringify(value);
  for (const secret of [...Object.values(SECRETS).map(String), account.username]) expect(text, `leaks ${secret}`).not.toContain(secret);
}

describe('inspectionSession with a capture token', () => {
  it('shows what the capture needs and refuses the options; notes are the guest notes only', async () => {
    expect((await asGuest('mutation($k: String!) { startCapture(sessionKey: $k) { status } }')).data?.startCapture?.status).toBe('STARTED');
    expect((await asGuest(NOTE, { t: 'Dent', d: 'small dent near the fuel cap' })).data?.addNote).toEqual({ title: 'Dent', user: 'guest' });

    const result = await asGuest(SESSION);
    const view = result.data?.inspectionSession;
    expect(view).toMatchObject({ sessionKey: session.sessionKey, status: 'STARTED', theme: 'LITE' });
    expect(view.requiredPhotos).toHaveLength(6);
    expect(view.vehicle).toMatchObject({ year: 2019, make: 'Honda', model: 'Accord', ext_col: 'Blue' });
    expect(view.vehicle).not.toHaveProperty('odom_reading');
    expect(view.options).toBeNull();
    expect(result.errors).toEqual([
      expect.objectContaining({ path: ['inspectionSession', 'options'], extensions: expect.objectContaining({ code: 'FORBIDDEN' }) }),
    ]);
    expect(view.notes).toEqual([{ title: 'Dent', description: 'small dent near the fuel cap', user: 'guest' }]);
    expectNoPrivateData(result);

    // The account sees everything, as before.
    const asAccount = await graphqlRequest(server.baseUrl, { account }, SESSION, { k: session.sessionKey });
    expect(asAccount.errors).toBeUndefined();
    expect(asAccount.data.inspectionSession.options.client_id).toBe(SECRETS.clientId);
    expect(asAccount.data.inspectionSession.notes.map((note: { user: string }) => note.user)).toEqual([account.username, 'guest']);
  });
});

describe('sessionEvents with a capture token', () => {
  it('streams photo verdicts, status moves, guest notes and completion, without the integrator’s data (replayed and live, WebSocket and SSE)', async () => {
    const ws = wsEventRecorder(server.baseUrl, { 'Capture-Token': session.captureToken }, { sessionKey: session.sessionKey, after: '0' });
    const sse = sseEventRecorder(server.baseUrl, { captureToken: session.captureToken }, { sessionKey: session.sessionKey, after: '0' });
    const integrator = wsEventRecorder(server.baseUrl, signedParams(), { sessionKey: session.sessionKey, after: '0' });
    try {
      await Promise.all([ws.ready, sse.ready, integrator.ready]);
      // Live, while the guests listen: an integrator note and a guest note, then the whole capture.
      await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/notes`, { title: 'Margin', description: SECRETS.integratorNote });
      await asGuest(NOTE, { t: 'Tyres', d: 'front tyres worn' });
      await completeSession(server.baseUrl, session);

      const complete = (events: RecordedEvent[]) => events.some((event) => event.event === 'SESSION:COMPLETE');
      await Promise.all([ws.waitFor(complete), sse.waitFor(complete), integrator.waitFor(complete)]);
      // The integrator's own stream is untouched: it has the SMS outcome, its notes and the full results.
      expect(integrator.events.map((event) => event.event)).toContain('SESSION:SMS_PROCESS');
      expect(integrator.events.find((event) => event.event === 'SESSION:COMPLETE')?.payload.session.options.client_id).toBe(SECRETS.clientId);

      for (const guest of [ws, sse]) {
        expect(guest.errors).toEqual([]);
        const names = new Set(guest.events.map((event) => event.event));
        expect([...names].sort()).toEqual(['SESSION:COMPLETE', 'SESSION:NOTE_INSERT', 'SESSION:STAGE_CHANGE', 'SESSION:STATUS_CHANGE']);
        const notes = guest.events.filter((event) => event.event === 'SESSION:NOTE_INSERT').map((event) => event.payload.title);
        expect(notes).toEqual(['Dent', 'Tyres']);
        expect(guest.events.filter((event) => event.event === 'SESSION:STAGE_CHANGE')).toHaveLength(6);
        const completion = guest.events.find((event) => event.event === 'SESSION:COMPLETE');
        expect(completion?.payload).toEqual({
          session_key: session.sessionKey,
          event: 'SESSION:COMPLETE',
          status: 'COMPLETE',
          timestamp: completion?.timestamp,
        });
        expectNoPrivateData(guest.events);
      }
    } finally {
      await Promise.all([ws.close(), sse.close(), integrator.close()]);
    }
  });
});

describe('the condition report through the capture link', () => {
  // Runs after the stream test above has completed the session.
  it('leaves out the integrator’s notes, which the account’s report keeps (HTML and PDF)', async () => {
    const guestHeaders = { 'capture-token': session.captureToken };
    const guestHtml = await fetch(`${server.baseUrl}/capture/${session.sessionKey}/report`, { headers: guestHeaders });
    expect(guestHtml.status).toBe(200);
    const guestText = await guestHtml.text();
    expect(guestText).toContain('Dent');
    expectNoPrivateData(guestText);
    const accountHtml = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/report`);
    expect(accountHtml.body).toContain(SECRETS.integratorNote);

    const guestPdf = Buffer.from(await (await fetch(`${server.baseUrl}/capture/${session.sessionKey}/report.pdf`, { headers: guestHeaders })).arrayBuffer());
    const accountPdf = await fetch(`${server.baseUrl}/v1/sessions/${session.sessionKey}/report.pdf`, { headers: signRequestHeaders(account) });
    expect(pdfText(guestPdf)).toContain('Dent');
    expect(pdfText(guestPdf)).not.toContain(SECRETS.integratorNote);
    expect(pdfText(Buffer.from(await accountPdf.arrayBuffer()))).toContain(SECRETS.integratorNote);
  });
});

function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');
}

function signedParams(): Record<string, string> {
  return signRequestHeaders(account);
}
