// The SSRF guard at send time (WEBHOOK_ALLOW_PRIVATE_TARGETS=false): callbacks pointing at non-public addresses
// cannot be created through the API, and one that got into the database anyway (written directly here, as a
// setting saved before the policy changed would be) is refused when connecting, for every non-public class,
// including a host name that resolves to loopback. The receiver on loopback never sees a request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { generateWebhookSecret } from '../../src/webhooks/signing.js';
import { startReceiver, type Receiver } from './receiver.js';
import { addNote, createSessionKey, listDeliveries, startDeliveryServer, waitFor } from './delivery-support.js';

const EVENT = 'SESSION:NOTE_INSERT';

let server: TestServer;
let account: TestAccount;
let sessionKey: string;
let receiver: Receiver;

beforeAll(async () => {
  server = await startDeliveryServer({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  account = await server.createAccount();
  sessionKey = await createSessionKey(server, account);
  receiver = await startReceiver();
});

afterAll(async () => {
  await server.stop();
  await receiver.close();
});

async function storeCallbackUrl(url: string): Promise<void> {
  await server.app.services.stores.callbacks.upsert(
    account.apiKey,
    EVENT,
    { url, method: 'POST', headers: {}, payload: {} },
    generateWebhookSecret(),
    new Date(Date.now() - 1_000),
  );
}

describe('SSRF guard', () => {
  it('refuses to create a callback to a literal loopback or private address (400)', async () => {
    for (const url of [`${receiver.origin}/hook`, `http://localhost:${receiver.port}/hook`, 'http://10.1.2.3/hook', 'http://[::ffff:127.0.0.1]/hook']) {
      const result = await apiRequest(server.baseUrl, account, 'POST', '/v1/callbacks', { event: EVENT, url });
      expect(result.status, url).toBe(400);
      expect(result.body.message).toContain('url');
    }
  });

  const port = () => receiver.port;
  it.each([
    ['loopback IPv4', () => `http://127.0.0.1:${port()}/hook`],
    ['a host name resolving to loopback', () => `http://localhost:${port()}/hook`],
    ['loopback IPv6', () => `http://[::1]:${port()}/hook`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port()}/hook`],
    ['unspecified', () => `http://0.0.0.0:${port()}/hook`],
    ['private 10/8', () => 'http://10.0.0.1/hook'],
    ['private 172.16/12', () => 'http://172.16.0.1/hook'],
    ['private 192.168/16', () => 'http://192.168.1.1/hook'],
    ['link-local (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data'],
    ['CGNAT 100.64/10', () => 'http://100.64.0.1/hook'],
    ['multicast', () => 'http://224.0.0.1/hook'],
    ['reserved 240/4', () => 'http://240.0.0.1/hook'],
    ['IPv6 unique local', () => 'http://[fd00::1]/hook'],
    ['IPv6 link-local', () => 'http://[fe80::1]/hook'],
  ])('refuses %s when connecting', async (label, url) => {
    await storeCallbackUrl(url());
    const title = `ssrf ${label}`;
    await addNote(server, account, sessionKey, title);
    const delivery = await waitFor(async () => {
      const found = (await listDeliveries(server, account, EVENT, '?limit=100')).find((item) => item.payload.title === title);
      return found && found.attempts.length >= 1 && found;
    }, `an attempt to ${label}`);
    expect(delivery.attempts[0]).toMatchObject({ url: url(), status_code: null, error_kind: 'blocked_target', response_body: null });
    expect(delivery.attempts[0].error).toMatch(/not a public address/);
    expect(receiver.requests).toHaveLength(0);
  });
});
