// Client mistakes are not our failures: an ordinary session with a few of them (unknown session, a move in the wrong
// status, a malformed body, disconnecting subscribers and uploads) leaves no error-level line in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest, sseEventRecorder, uploadPhoto, wsEventRecorder } from '../support/graphql.js';
import { completeSession, createSession } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';
import { captureLogs } from '../support/log-capture.js';

const logs = captureLogs();
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logDestination: logs.destination });
  account = await server.createAccount();
});
afterAll(() => server.stop());

describe('an ordinary session with client mistakes', () => {
  it('logs no error-level line', async () => {
    const session = await createSession(server.baseUrl, account);
    const ws = wsEventRecorder(server.baseUrl, signRequestHeaders(account), { sessionKey: session.sessionKey });
    const sse = sseEventRecorder(server.baseUrl, { account }, { sessionKey: session.sessionKey });
    try {
      await Promise.all([ws.ready, sse.ready]);
      await sessionWithMistakes(session);
    } finally {
      // Subscribers go away, as closing a browser tab does.
      await ws.close();
      await sse.close();
    }
    // An upload and a JSON body whose clients disconnect mid-request.
    await abortedUpload(session.sessionKey, session.captureToken);
    await abortedJsonBody();

    // The mistakes did happen and were noted, quietly.
    await expect.poll(() => logs.lines.some((line) => /disconnected/.test(String(line.msg)))).toBe(true);
    expect(logs.lines.filter((line) => line.msg === 'graphql client error').length).toBeGreaterThanOrEqual(3);
    expect(logs.errors().map((line) => line.msg)).toEqual([]);
  }, 60_000);
});

/** A complete session among mistakes: an unknown session, confirming too early, malformed JSON, a late photo. */
async function sessionWithMistakes(session: Awaited<ReturnType<typeof createSession>>): Promise<void> {
  const capture = { captureToken: session.captureToken };
  const unknown = await graphqlRequest(server.baseUrl, { account }, 'query { inspectionSession(sessionKey: "nope-nope-nope") { status } }');
  expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  const early = await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', {
    k: session.sessionKey,
  });
  expect(early.errors).toBeDefined();
  const malformed = await fetch(`${server.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signRequestHeaders(account) },
    body: '{"query": ',
  });
  expect(malformed.status).toBe(400);
  expect((await graphqlRequest(server.baseUrl, { account }, '{ nope }')).errors).toBeDefined();
  expect((await apiRequest(server.baseUrl, account, 'GET', '/v1/sessions/nope-nope-nope')).status).toBe(404);

  await completeSession(server.baseUrl, session);
  const late = await uploadPhoto(server.baseUrl, capture, session.sessionKey, 1, await makeScene({ seed: 9 }));
  expect(late.body.errors).toBeDefined();
}

/** A multipart upload whose client gives up half way through the file. */
async function abortedUpload(sessionKey: string, captureToken: string): Promise<void> {
  const abort = new AbortController();
  const boundary = 'x-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({
    query: 'mutation($k: String!, $f: File!) { capturePhoto(sessionKey: $k, photoCode: 2, file: $f) { approved } }',
    variables: { k: sessionKey, f: null },
  })}\r\n--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0": ["variables.f"]}\r\n--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
      else controller.enqueue(new Uint8Array(64 * 1024));
      sent += 1;
      if (sent === 4) setTimeout(() => abort.abort(), 50);
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
  });
  await fetch(`${server.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'capture-token': captureToken },
    body,
    duplex: 'half',
    signal: abort.signal,
  } as RequestInit).catch(() => undefined);
}

/** A JSON body whose client disconnects before sending all of it. */
async function abortedJsonBody(): Promise<void> {
  const abort = new AbortController();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      controller.enqueue(new TextEncoder().encode(sent === 0 ? '{"event": "SESSION:COMPLETE", "url": "' : 'x'.repeat(1024)));
      sent += 1;
      if (sent === 3) setTimeout(() => abort.abort(), 50);
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
  });
  await fetch(`${server.baseUrl}/v1/callbacks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signRequestHeaders(account) },
    body,
    duplex: 'half',
    signal: abort.signal,
  } as RequestInit).catch(() => undefined);
}
