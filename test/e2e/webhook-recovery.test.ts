// A receiver's outage, as an integrator lives it (docs/webhooks.md#disabled-callbacks, #recovery): a real local
// receiver fails, every attempt fails for CALLBACK_DISABLE_DAYS days (the service's clock is moved ahead instead of
// waited for), the callback is disabled with its reason and the account's notification addresses get one mail at a
// real SMTP server; nothing more is sent; "disabled": false enables it again, and a recovery sends everything that
// failed meanwhile, under the webhook-ids the deliveries had.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { TestClock } from '../support/clock.js';
import { startCapture, type CreatedSession } from '../support/capture-flow.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { FAST_WEBHOOKS, waitFor } from '../webhooks/delivery-support.js';
import { MAX_ATTEMPTS } from '../../src/webhooks/retry-schedule.js';

const EVENT = 'SESSION:NOTE_INSERT';
const DAY_MS = 24 * 60 * 60 * 1000;

const clock = new TestClock();
let server: TestServer;
let smtp: TestSmtpServer;
let receiver: Receiver;
/** What the receiver answers now. */
let answer = 503;

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startReceiver((_request, response) => void response.writeHead(answer).end(answer === 204 ? undefined : 'down for maintenance'));
  server = await startTestServer(
    {
      ...FAST_WEBHOOKS,
      // The whole 13-attempt schedule (3 days 4 hours) in about 3 s.
      WEBHOOK_RETRY_TIME_SCALE: '0.00001',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Capture <capture@example.test>',
    },
    { clock: clock.now },
  );
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await smtp?.stop();
});

/** A signed request at the service's time, which the test moves ahead. */
function api(account: TestAccount, method: string, path: string, body?: unknown) {
  return apiRequest(server.baseUrl, account, method, path, body, signRequestHeaders(account, clock.now()));
}

/** A new session with one note (SESSION:NOTE_INSERT); returns the session as created. */
async function note(account: TestAccount, title: string): Promise<CreatedSession> {
  const created = await api(account, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
  expect(created.status).toBe(200);
  expect((await api(account, 'POST', `/v1/sessions/${created.body.session_key}/notes`, { title, description: 'outage test' })).status).toBe(200);
  const captureUrl = created.body.capture_url as string;
  return { sessionKey: created.body.session_key, captureToken: captureUrl.split('#')[1] as string, captureUrl };
}

async function deliveries(account: TestAccount): Promise<any[]> {
  const listed = await api(account, 'GET', `/v1/callbacks/${EVENT}/deliveries`);
  expect(listed.status).toBe(200);
  return listed.body.data;
}

const titleOf = (delivery: any) => delivery.payload.title as string;

describe('a receiver down for days', () => {
  it('disables the callback after CALLBACK_DISABLE_DAYS of failures, mails the owners once, and recovers what failed', async () => {
    const account = await server.createAccount(undefined, { default_language: 'de', notification_emails: ['ops@dealer.example', 'dev@dealer.example'] });
    const created = await api(account, 'POST', '/v1/callbacks', { event: EVENT, url: `${receiver.origin}/hooks` });
    expect(created.body).toMatchObject({ disabled: false, disabled_reason: null, active: true });
    const start = clock.now();

    // Day 0: the first delivery fails through its whole schedule.
    await note(account, 'day 0');
    await waitFor(async () => (await deliveries(account))[0]?.status === 'failed', 'the first delivery to fail for good');
    expect((await deliveries(account))[0]).toMatchObject({ attempt_count: MAX_ATTEMPTS, last_status_code: 503 });

    // Four days on, still failing: one day short, so the callback stays on.
    clock.advance(4 * DAY_MS);
    await note(account, 'day 4');
    await waitFor(
      async () => (await deliveries(account)).find((delivery) => titleOf(delivery) === 'day 4')?.attempt_count >= 2,
      'two failed attempts on day 4',
    );
    expect((await api(account, 'GET', `/v1/callbacks/${EVENT}`)).body.disabled).toBe(false);

    // Five days after the first failure, the next failed attempt disables it.
    clock.advance(DAY_MS);
    await note(account, 'day 5');
    const disabled = await waitFor(async () => {
      const callback = (await api(account, 'GET', `/v1/callbacks/${EVENT}`)).body;
      return callback.disabled === true && callback;
    }, 'the callback to be disabled');
    expect(disabled.active).toBe(false);
    expect(disabled.disabled_reason).toBe(
      `Every delivery attempt failed for 5 days (none succeeded since ${disabled.disabled_reason.match(/since (\S+)\)/)[1]}). Last error: HTTP 503 Service Unavailable.`,
    );
    const since = new Date(disabled.disabled_reason.match(/since (\S+)\)/)[1]);
    expect(since.getTime() - start.getTime()).toBeGreaterThanOrEqual(0);
    expect(since.getTime() - start.getTime()).toBeLessThan(60_000);

    // One mail to each notification address, in the account's language.
    const mails = await smtp.waitFor(2);
    expect(mails.map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : '')).sort()).toEqual(['dev@dealer.example', 'ops@dealer.example']);
    for (const mail of mails) {
      expect(mail.subject).toBe(`Webhook für ${EVENT} deaktiviert`);
      expect(mail.text).toContain(`Der Callback für ${EVENT} (${receiver.origin}/hooks) wurde deaktiviert.`);
      expect(mail.text).toContain('5 Tage lang fehlgeschlagen');
      expect(mail.text).toContain('Letzter Fehler: HTTP 503 Service Unavailable');
      expect(mail.text).toContain(`${server.baseUrl}/dashboard/settings/developers`);
    }

    // Disabled: the day-5 delivery's retries stop unsent, a new event's delivery is written failed and nothing goes out.
    await waitFor(async () => (await deliveries(account)).every((delivery) => delivery.status === 'failed'), 'every delivery to have failed');
    const sentBefore = receiver.requests.length;
    await note(account, 'while disabled');
    const unsent = await waitFor(async () => (await deliveries(account)).find((delivery) => titleOf(delivery) === 'while disabled'), 'the unsent delivery');
    expect(unsent).toMatchObject({ status: 'failed', attempt_count: 0, attempts: [] });
    expect(unsent.last_error).toMatch(/^Not sent: the callback is disabled/);
    clock.advance(DAY_MS);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.requests.length).toBe(sentBefore);
    expect((await api(account, 'POST', `/v1/deliveries/${unsent.id}/redeliver`)).status).toBe(409);
    expect((await api(account, 'POST', '/v1/callbacks/recover', { since: start.toISOString(), event: EVENT })).status).toBe(409);
    // Later failures mail nobody again.
    expect(smtp.received).toHaveLength(2);

    // The receiver is fixed; "disabled": false alone enables the callback, keeping its setting.
    answer = 204;
    const enabled = await api(account, 'PUT', `/v1/callbacks/${EVENT}`, { disabled: false });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ url: `${receiver.origin}/hooks`, disabled: false, disabled_reason: null, active: true });

    // Everything that failed since the outage began is sent again, each under its own webhook-id.
    const failed = await deliveries(account);
    expect(failed.map(titleOf).sort()).toEqual(['day 0', 'day 4', 'day 5', 'while disabled']);
    const recovered = await api(account, 'POST', '/v1/callbacks/recover', { since: new Date(start.getTime() - 60_000).toISOString() });
    expect(recovered.status).toBe(202);
    expect(recovered.body).toEqual({ queued: 4 });
    const succeeded = await waitFor(async () => {
      const now = await deliveries(account);
      return now.every((delivery) => delivery.status === 'succeeded') && now;
    }, 'the recovered deliveries to succeed');
    const arrived = receiver.requests.slice(sentBefore);
    expect(arrived.map((request) => request.headers['webhook-id']).sort()).toEqual(failed.map((delivery) => delivery.id).sort());
    expect(arrived.map((request) => JSON.parse(request.body).title).sort()).toEqual(['day 0', 'day 4', 'day 5', 'while disabled']);
    expect(succeeded.map((delivery) => delivery.id).sort()).toEqual(failed.map((delivery) => delivery.id).sort());

    // Nothing is left failed, so a second recovery queues nothing.
    expect((await api(account, 'POST', '/v1/callbacks/recover', { since: start.toISOString() })).body).toEqual({ queued: 0 });
  }, 120_000);

  it('queues only what ended failed since `since`, only for the event asked, and never test sends', async () => {
    answer = 500;
    const account = await server.createAccount();
    for (const event of [EVENT, 'SESSION:STATUS_CHANGE']) {
      expect((await api(account, 'POST', '/v1/callbacks', { event, url: `${receiver.origin}/hooks` })).status).toBe(200);
    }
    // A status change (the capture opened) and a note, early.
    await startCapture(server.baseUrl, await note(account, 'early'));
    await waitFor(async () => (await deliveries(account))[0]?.status === 'failed', 'the early delivery to fail');
    clock.advance(60 * 60 * 1000);
    const cut = clock.now();
    clock.advance(1_000);
    await note(account, 'late');
    expect((await api(account, 'POST', `/v1/callbacks/${EVENT}/test`)).status).toBe(200);
    await waitFor(async () => {
      const all = await deliveries(account);
      return all.length === 3 && all.every((delivery) => delivery.status === 'failed');
    }, 'the late and test deliveries to fail');
    await waitFor(async () => {
      const all = (await api(account, 'GET', '/v1/callbacks/SESSION:STATUS_CHANGE/deliveries')).body.data as any[];
      return all.length > 0 && all.every((delivery) => delivery.status === 'failed');
    }, 'the status changes to fail');

    answer = 204;
    const recovered = await api(account, 'POST', '/v1/callbacks/recover', { since: cut.toISOString(), event: EVENT });
    expect(recovered).toMatchObject({ status: 202, body: { queued: 1 } });
    const late = await waitFor(async () => (await deliveries(account)).find((delivery) => delivery.status === 'succeeded'), 'the late delivery');
    expect(titleOf(late)).toBe('late');
    const after = await deliveries(account);
    expect(
      after
        .filter((delivery) => delivery.status === 'failed')
        .map((delivery) => (delivery.test ? 'test' : titleOf(delivery)))
        .sort(),
    ).toEqual(['early', 'test']);
    const statusAfter = (await api(account, 'GET', '/v1/callbacks/SESSION:STATUS_CHANGE/deliveries')).body.data as any[];
    expect(statusAfter.every((delivery) => delivery.status === 'failed')).toBe(true);

    // The same through GraphQL (the API headers act as the account's owner), for the other event.
    const viaGraphql = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signRequestHeaders(account, clock.now()) },
      body: JSON.stringify({
        query: 'mutation($since: DateTime!) { recoverDeliveries(since: $since, event: SESSION_STATUS_CHANGE) { queued } }',
        variables: { since: new Date(cut.getTime() - 2 * 60 * 60 * 1000).toISOString() },
      }),
    }).then((response) => response.json() as Promise<{ data?: any; errors?: unknown }>);
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.recoverDeliveries.queued).toBe(statusAfter.length);
  }, 90_000);

  it('refuses a bad date, a bad event, and a body that is not an object, with 400 and a message', async () => {
    const account = await server.createAccount();
    for (const [body, message] of [
      [{}, /^since must be an ISO 8601 date-time/],
      [{ since: 'yesterday' }, /^since must be an ISO 8601 date-time/],
      [{ since: '2026-02-30T00:00:00Z' }, /^since must be an ISO 8601 date-time/],
      [{ since: '2026-03-14T09:00:00' }, /^since must be an ISO 8601 date-time with its offset/],
      [{ since: 1773478800 }, /^since must be an ISO 8601 date-time/],
      [{ since: '2026-03-14', event: 'SESSION:NOPE' }, /^event must be one of SESSION:SMS_PROCESS/],
      [[1, 2], /must be a JSON object/],
    ] as const) {
      const refused = await api(account, 'POST', '/v1/callbacks/recover', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect((await api(account, 'POST', '/v1/callbacks/recover', { since: '2026-03-14' })).body).toEqual({ queued: 0 });
    const missing = await api(account, 'POST', '/v1/callbacks/recover', { since: '2026-03-14', event: 'SESSION:COMPLETE' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Your API Key does not have callback setting for the event SESSION:COMPLETE.');
    const badState = await api(account, 'PUT', `/v1/callbacks/${EVENT}`, { disabled: 'no' });
    expect(badState.status).toBe(400);
    expect(badState.body.message).toBe('disabled must be true or false.');
  });
});
