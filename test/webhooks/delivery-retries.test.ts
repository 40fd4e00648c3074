// Retries against real receivers on loopback, with the retry schedule's time base scaled down (5 s → 5 ms):
// failures then success under one webhook-id, Retry-After, 410 Gone, timeouts, redirects, a receiver that is down
// during a burst, and a schedule run to its end.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { MAX_ATTEMPTS } from '../../src/webhooks/retry-schedule.js';
import { startReceiver, type Receiver } from './receiver.js';
import { addNote, bodyOf, createSessionKey, headerText, listDeliveries, setCallback, startDeliveryServer, waitFor } from './delivery-support.js';

const EVENT = 'SESSION:NOTE_INSERT';

let server: TestServer;
const receivers: Receiver[] = [];

async function receiver(handler?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const started = await startReceiver(handler);
  receivers.push(started);
  return started;
}

/** A fresh account with a session and a NOTE_INSERT callback to `url`. */
async function scenario(url: string, target: TestServer = server): Promise<{ account: TestAccount; sessionKey: string; secret: string }> {
  const account = await target.createAccount();
  const sessionKey = await createSessionKey(target, account);
  const { secret } = await setCallback(target, account, { event: EVENT, url });
  return { account, sessionKey, secret };
}

async function onlyDelivery(account: TestAccount, predicate: (delivery: any) => boolean, label: string, target: TestServer = server): Promise<any> {
  return waitFor(async () => {
    const [delivery] = await listDeliveries(target, account, EVENT);
    return delivery && predicate(delivery) && delivery;
  }, label);
}

beforeAll(async () => {
  server = await startDeliveryServer();
});

afterAll(async () => {
  await server.stop();
  await Promise.all(receivers.map((started) => started.close()));
});

describe('retries', () => {
  it('retries a failing receiver on schedule under one webhook-id, then succeeds; every attempt is recorded', async () => {
    const arrivals: number[] = [];
    const flaky = await receiver((_request, response) => {
      arrivals.push(Date.now());
      if (arrivals.length <= 2) response.writeHead(500, { 'content-type': 'text/plain' }).end('not yet');
      else response.writeHead(200).end('ok');
    });
    const { account, sessionKey } = await scenario(`${flaky.origin}/hook`);
    await addNote(server, account, sessionKey, 'flaky');

    const delivery = await onlyDelivery(account, (found) => found.status === 'succeeded' && found.attempts.length === 3, 'three attempts, then success');
    expect(flaky.requests).toHaveLength(3);
    const ids = flaky.requests.map((request) => headerText(request, 'webhook-id'));
    expect(new Set(ids)).toEqual(new Set([delivery.id]));
    expect(new Set(flaky.requests.map((request) => request.body)).size).toBe(1);
    // Scaled schedule: 5 s and 30 s, ±20 % → at least 4 ms and 24 ms (lower bounds only: a busy machine is slower).
    expect((arrivals[1] as number) - (arrivals[0] as number)).toBeGreaterThanOrEqual(3);
    expect((arrivals[2] as number) - (arrivals[1] as number)).toBeGreaterThanOrEqual(20);

    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 3, last_status_code: 200, last_error: null, next_attempt_at: null });
    expect(delivery.attempts.map((attempt: any) => [attempt.attempt, attempt.status_code, attempt.error_kind])).toEqual([
      [1, 500, 'http_status'],
      [2, 500, 'http_status'],
      [3, 200, null],
    ]);
    expect(delivery.attempts[0]).toMatchObject({ error: 'HTTP 500 Internal Server Error', response_body: 'not yet' });
    expect(delivery.attempts[2].response_body).toBe('ok');
    for (const attempt of delivery.attempts) expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('honours Retry-After', async () => {
    const arrivals: number[] = [];
    const busy = await receiver((_request, response) => {
      arrivals.push(Date.now());
      // 1500 s scaled by 0.001: 1.5 s, far beyond the scheduled 5 ms.
      if (arrivals.length === 1) response.writeHead(503, { 'retry-after': '1500' }).end();
      else response.writeHead(204).end();
    });
    const { account, sessionKey } = await scenario(`${busy.origin}/hook`);
    await addNote(server, account, sessionKey, 'busy');
    const pending = await onlyDelivery(account, (found) => found.attempts.length === 1 && found.status === 'pending', 'the first attempt');
    expect(Date.parse(pending.next_attempt_at) - Date.parse(pending.attempts[0].attempted_at)).toBeGreaterThanOrEqual(1_400);
    await onlyDelivery(account, (found) => found.status === 'succeeded', 'the retry after Retry-After');
    expect((arrivals[1] as number) - (arrivals[0] as number)).toBeGreaterThanOrEqual(1_400);
  });

  it('records a timed-out attempt, and sends the retry to the URL the callback has now', async () => {
    const hanging = await receiver(() => undefined);
    const healthy = await receiver();
    const { account, sessionKey } = await scenario(`${hanging.origin}/slow`);
    await addNote(server, account, sessionKey, 'slow');
    const timedOut = await onlyDelivery(account, (found) => found.attempts.length >= 1, 'a timed-out attempt');
    expect(timedOut.attempts[0]).toMatchObject({ status_code: null, error_kind: 'timeout', response_body: null });
    expect(timedOut.attempts[0].duration_ms).toBeGreaterThanOrEqual(900);
    expect(timedOut.status).not.toBe('failed');

    expect((await apiRequest(server.baseUrl, account, 'PUT', `/v1/callbacks/${EVENT}`, { url: `${healthy.origin}/fixed` })).status).toBe(200);
    const delivered = await onlyDelivery(account, (found) => found.status === 'succeeded', 'the retry to the fixed URL');
    expect(healthy.requests.map((request) => headerText(request, 'webhook-id'))).toEqual([delivered.id]);
    expect(delivered.attempts.at(-1)).toMatchObject({ url: `${healthy.origin}/fixed`, status_code: 204 });
    expect(delivered.attempts[0].url).toBe(`${hanging.origin}/slow`);
  });

  it('does not follow a redirect (to loopback or anywhere): a 3xx is a failed attempt', async () => {
    const inner = await receiver();
    const redirecting = await receiver((_request, response) => {
      response.writeHead(302, { location: `${inner.origin}/internal` }).end();
    });
    const { account, sessionKey } = await scenario(`${redirecting.origin}/hook`);
    await addNote(server, account, sessionKey, 'redirected');
    const delivery = await onlyDelivery(account, (found) => found.attempts.length >= 2, 'two redirect attempts');
    expect(delivery.attempts[0]).toMatchObject({ status_code: 302, error_kind: 'redirect' });
    expect(delivery.attempts[0].error).toContain('not followed');
    expect(inner.requests).toHaveLength(0);

    // Removing the callback stops the retries: the next one fails without a request.
    expect((await apiRequest(server.baseUrl, account, 'DELETE', `/v1/callbacks/${EVENT}`)).status).toBe(200);
    const failed = await waitFor(async () => {
      const found = await server.app.services.stores.deliveries.findForAccount(account.apiKey, delivery.id);
      return found?.status === 'failed' && found;
    }, 'the delivery to fail once its callback is gone');
    expect(failed.lastError).toMatch(/callback setting .* was removed/);
    expect(inner.requests).toHaveLength(0);
  });
});

describe('410 Gone', () => {
  it('disables the callback and fails the delivery; updating the callback re-enables it', async () => {
    let gone = true;
    const target = await receiver((_request, response) => {
      response.writeHead(gone ? 410 : 200).end(gone ? 'gone' : 'back');
    });
    const { account, sessionKey } = await scenario(`${target.origin}/hook`);
    await addNote(server, account, sessionKey, 'to a gone receiver');
    const failed = await onlyDelivery(account, (found) => found.status === 'failed', 'the 410 delivery to fail');
    expect(failed).toMatchObject({ attempt_count: 1, last_status_code: 410 });
    expect(failed.last_error).toContain('disabled');
    expect(target.requests).toHaveLength(1);

    const callback = await apiRequest(server.baseUrl, account, 'GET', `/v1/callbacks/${EVENT}`);
    expect(callback.body).toMatchObject({ disabled: true, disabled_reason: 'The receiver answered 410 Gone.', active: false });

    // Disabled: a new event's delivery is written failed and not sent, and redelivery is refused.
    await addNote(server, account, sessionKey, 'while disabled');
    const unsent = await waitFor(
      async () => (await listDeliveries(server, account, EVENT)).find((found) => found.payload.title === 'while disabled'),
      'the unsent delivery',
    );
    expect(unsent).toMatchObject({ status: 'failed', attempt_count: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await apiRequest(server.baseUrl, account, 'POST', `/v1/deliveries/${failed.id}/redeliver`)).status).toBe(409);
    expect(target.requests).toHaveLength(1);

    gone = false;
    const updated = await apiRequest(server.baseUrl, account, 'PUT', `/v1/callbacks/${EVENT}`, { url: `${target.origin}/hook` });
    expect(updated.body).toMatchObject({ disabled: false, disabled_reason: null, active: true });
    await addNote(server, account, sessionKey, 'enabled again');
    const delivered = await waitFor(() => target.requests.find((request) => bodyOf(request).title === 'enabled again'), 'a delivery after re-enabling');
    expect(delivered).toBeDefined();
    // The failed delivery kept its payload and can be sent again now.
    expect((await apiRequest(server.baseUrl, account, 'POST', `/v1/deliveries/${failed.id}/redeliver`)).status).toBe(200);
    await waitFor(() => target.requests.filter((request) => headerText(request, 'webhook-id') === failed.id).length === 2, 'the redelivery');
  });
});

describe('a receiver down during a burst', () => {
  it('receives every delivery once it is back up', async () => {
    const port = await reservePort();
    const account = await server.createAccount();
    const sessionKey = await createSessionKey(server, account);
    await setCallback(server, account, { event: EVENT, url: `http://127.0.0.1:${port}/hook` });

    const titles = Array.from({ length: 40 }, (_, index) => `burst-${index}`);
    await Promise.all(titles.map((title) => addNote(server, account, sessionKey, title)));
    await waitFor(async () => {
      const deliveries = await listDeliveries(server, account, EVENT, '?limit=100');
      return (
        deliveries.length === titles.length && deliveries.every((delivery) => delivery.attempts.length >= 1 && delivery.attempts[0].error_kind === 'connection')
      );
    }, 'every delivery to fail while the receiver is down');

    const seen = new Map<string, number>();
    const revived = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const title = JSON.parse(Buffer.concat(chunks).toString('utf8')).title as string;
        seen.set(title, (seen.get(title) ?? 0) + 1);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => revived.listen(port, '127.0.0.1', resolve));
    try {
      await waitFor(() => titles.every((title) => seen.has(title)), 'every burst delivery after the receiver came back', 40_000);
      const deliveries = await waitFor(async () => {
        const list = await listDeliveries(server, account, EVENT, '?limit=100');
        return list.every((delivery) => delivery.status === 'succeeded') && list;
      }, 'every delivery to be marked succeeded');
      expect(deliveries).toHaveLength(titles.length);
    } finally {
      revived.closeAllConnections();
      await new Promise<void>((resolve) => revived.close(() => resolve()));
    }
  }, 60_000);
});

describe('the end of the schedule', () => {
  let quick: TestServer;
  beforeAll(async () => {
    // 272 555 s of schedule at 1e-5: under 3 s.
    quick = await startDeliveryServer({ WEBHOOK_RETRY_TIME_SCALE: '0.00001' });
  });
  afterAll(() => quick.stop());

  it(`marks a delivery failed after ${MAX_ATTEMPTS} attempts, keeps its payload, and can redeliver it`, async () => {
    let accept = false;
    const target = await receiver((_request, response) => {
      response.writeHead(accept ? 200 : 500).end();
    });
    const { account, sessionKey } = await scenario(`${target.origin}/hook`, quick);
    await addNote(quick, account, sessionKey, 'never accepted');
    const failed = await onlyDelivery(account, (found) => found.status === 'failed', 'the schedule to run out', quick);
    expect(failed.attempt_count).toBe(MAX_ATTEMPTS);
    expect(failed.attempts).toHaveLength(MAX_ATTEMPTS);
    expect(failed.payload.title).toBe('never accepted');
    expect(target.requests).toHaveLength(MAX_ATTEMPTS);

    accept = true;
    const redelivered = await apiRequest(quick.baseUrl, account, 'POST', `/v1/deliveries/${failed.id}/redeliver`);
    expect(redelivered.status).toBe(200);
    const succeeded = await onlyDelivery(account, (found) => found.status === 'succeeded', 'the redelivery to succeed', quick);
    expect(succeeded.attempt_count).toBe(MAX_ATTEMPTS + 1);
    expect(target.requests.at(-1)?.body).toBe(target.requests[0]?.body);
  }, 40_000);
});

/** A port with nothing listening on it, kept free for the test to listen on later. */
async function reservePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
