// SMS invitations through a Twilio-compatible provider served by a local HTTP server, and their outcome events.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest, wsEventRecorder } from '../support/graphql.js';

interface ReceivedSms {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

let provider: Server;
let providerUrl: string;
const received: ReceivedSms[] = [];
let server: TestServer;
let account: TestAccount;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  provider = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    received.push({ path: request.url ?? '', authorization: request.headers.authorization, form });
    if (form.get('To') === '+15550000000') {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number." }));
      return;
    }
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${received.length}`, status: 'queued' }));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  server = await startTestServer({
    SMS_PROVIDER: 'twilio',
    TWILIO_BASE_URL: providerUrl,
    TWILIO_ACCOUNT_SID: 'AC123',
    TWILIO_AUTH_TOKEN: 'secret-token',
    TWILIO_FROM: '+15551112222',
  });
  account = await server.createAccount();
});
/** What became of the session's SMS invitation, as the dashboard reads it. */
async function smsDelivery(on: TestServer, as: TestAccount, sessionKey: string): Promise<unknown> {
  const result = await graphqlRequest(on.baseUrl, { account: as }, 'query($k: String!) { inspectionSession(sessionKey: $k) { smsDelivery } }', {
    k: sessionKey,
  });
  expect(result.errors).toBeUndefined();
  return result.data?.inspectionSession.smsDelivery;
}

afterAll(async () => {
  await server.stop();
  await new Promise((resolve) => provider.close(resolve));
});

describe('SMS invitations', () => {
  it('sends the capture link through the provider and reports success', async () => {
    const watcher = wsEventRecorder(server.baseUrl, signRequestHeaders(account));
    await watcher.ready;
    const created = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', { sms: { to: '+1 (555) 555-0199', to_name: 'Dana', by: 'Acme Motors' } });
    expect(created.status).toBe(200);
    const sms = received.at(-1) as ReceivedSms;
    expect(sms.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(sms.authorization).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
    expect(sms.form.get('To')).toBe('+15555550199');
    expect(sms.form.get('From')).toBe('+15551112222');
    expect(sms.form.get('Body')).toContain(created.body.capture_url);
    expect(sms.form.get('Body')).toContain('Dana');

    await watcher.waitFor((events) => events.some((event) => event.event === 'SESSION:SMS_PROCESS'));
    const event = watcher.events.find((item) => item.event === 'SESSION:SMS_PROCESS');
    expect(event?.payload).toMatchObject({ session_key: created.body.session_key, phone: '+15555550199', name: 'Dana', status: 'success', message: '' });
    expect(await smsDelivery(server, account, created.body.session_key)).toBe('SENT');
    await watcher.close();
  });

  it('reports the provider refusal as an error outcome, and the session is still created', async () => {
    const watcher = wsEventRecorder(server.baseUrl, signRequestHeaders(account));
    await watcher.ready;
    const created = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', { sms: { to: '+15550000000' } });
    expect(created.status).toBe(200);
    await watcher.waitFor((events) => events.some((event) => event.event === 'SESSION:SMS_PROCESS'));
    const event = watcher.events.find((item) => item.event === 'SESSION:SMS_PROCESS');
    expect(event?.payload).toMatchObject({ status: 'error', name: '', phone: '+15550000000' });
    expect(event?.payload.message).toContain('not a valid phone number');
    expect(await smsDelivery(server, account, created.body.session_key)).toBe('FAILED');
    expect(
      await smsDelivery(server, account, (await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', { session: {} })).body.session_key),
    ).toBeNull();
    await watcher.close();
  });
});

describe('SMS invitations with the log provider', () => {
  let logged: TestServer;

  beforeAll(async () => {
    logged = await startTestServer();
  });

  afterAll(async () => {
    await logged?.stop();
  });

  it('report success to webhooks, as the spec has it, but are recorded as only logged, never as sent', async () => {
    const owner = await logged.createAccount();
    const watcher = wsEventRecorder(logged.baseUrl, signRequestHeaders(owner));
    await watcher.ready;
    const created = await apiRequest(logged.baseUrl, owner, 'POST', '/v1/sessions', { sms: { to: '+15555550123' } });
    expect(created.status).toBe(200);
    await watcher.waitFor((events) => events.some((event) => event.event === 'SESSION:SMS_PROCESS'));
    expect(watcher.events.find((item) => item.event === 'SESSION:SMS_PROCESS')?.payload).toMatchObject({ status: 'success' });
    expect(await smsDelivery(logged, owner, created.body.session_key)).toBe('LOGGED');
    await watcher.close();
  });
});
