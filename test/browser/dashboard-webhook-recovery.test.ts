// Settings → Developers after a receiver's outage, in a real browser: a callback the service disabled after
// CALLBACK_DISABLE_DAYS of failures (the service's clock moved ahead) shows as disabled with its reason; the owner
// enables it again and sends again what failed since a time, and the real receiver gets those deliveries under the
// webhook-ids they had. Each state is checked by axe-core and screenshotted at desktop and phone size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { TestClock } from '../support/clock.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { FAST_WEBHOOKS, waitFor } from '../webhooks/delivery-support.js';
import { DESKTOP, newContext, releaseChromium, RUN_BROWSER_TESTS, saveScreenshot, sharedChromium, watchPageProblems } from './browser.js';

const EVENT = 'SESSION:NOTE_INSERT';
const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'a-long-dashboard-password';

describe.skipIf(!RUN_BROWSER_TESTS)('the developer settings after an outage', () => {
  const clock = new TestClock();
  let server: TestServer;
  let browser: Browser;
  let receiver: Receiver;
  let answer = 503;

  beforeAll(async () => {
    receiver = await startReceiver((_request, response) => void response.writeHead(answer).end());
    [server, browser] = await Promise.all([startTestServer({ ...FAST_WEBHOOKS, WEBHOOK_RETRY_TIME_SCALE: '0.00001' }, { clock: clock.now }), sharedChromium()]);
  });

  afterAll(async () => {
    await releaseChromium(browser);
    await server?.stop();
    await receiver?.close();
  });

  function api(account: TestAccount, method: string, path: string, body?: unknown) {
    return apiRequest(server.baseUrl, account, method, path, body, signRequestHeaders(account, clock.now()));
  }

  async function note(account: TestAccount, title: string): Promise<void> {
    const created = await api(account, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
    expect((await api(account, 'POST', `/v1/sessions/${created.body.session_key}/notes`, { title, description: 'outage' })).status).toBe(200);
  }

  async function deliveries(account: TestAccount): Promise<any[]> {
    return (await api(account, 'GET', `/v1/callbacks/${EVENT}/deliveries`)).body.data;
  }

  /** Checks the state with axe-core and saves it at desktop size and at phone size (390 px). */
  async function capture(page: Page, name: string, state: string) {
    await expectNoSeriousAxeViolations(page, state);
    await saveScreenshot(page, name);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousAxeViolations(page, `${state} on a phone`);
    await saveScreenshot(page, `${name}-phone`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('shows the disabled callback and its reason, enables it again, and sends again what failed', async () => {
    const account = await server.createAccount('dealer-outage');
    const owner = `owner-${account.username}`;
    expect((await api(account, 'POST', '/v1/users', { username: owner, password: PASSWORD, role: 'owner' })).status).toBe(201);
    expect((await api(account, 'POST', '/v1/callbacks', { event: EVENT, url: `${receiver.origin}/hooks/notes` })).status).toBe(200);
    expect((await api(account, 'POST', '/v1/callbacks', { event: 'SESSION:STATUS_CHANGE', url: `${receiver.origin}/hooks/status` })).status).toBe(200);

    // The receiver is down for five days: the first delivery fails for good, the first failure five days on disables it.
    const start = clock.now();
    await note(account, 'day 0');
    await waitFor(async () => (await deliveries(account))[0]?.status === 'failed', 'the first delivery to fail');
    clock.advance(5 * DAY_MS);
    await note(account, 'day 5');
    await waitFor(async () => (await api(account, 'GET', `/v1/callbacks/${EVENT}`)).body.disabled === true, 'the callback to be disabled');
    await note(account, 'while disabled');
    await waitFor(async () => (await deliveries(account)).length === 3 && (await deliveries(account)).every((d) => d.status === 'failed'), 'three failed');

    const context = await newContext(browser, { ...DESKTOP, timezoneId: 'UTC' });
    try {
      const page = await context.newPage();
      const problems = watchPageProblems(page);
      await page.goto(`${server.baseUrl}/dashboard/settings/developers`);
      await page.locator('#sign-in').getByLabel('Username').fill(owner);
      await page.locator('#sign-in').getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();

      const row = page.locator(`#callbacks-body tr[data-event="${EVENT}"]`);
      await row.and(page.locator('[data-disabled="true"]')).waitFor();
      expect(await row.locator('.disabled-state').innerText()).toBe('Disabled');
      expect(await row.locator('.callback-state .small').innerText()).toMatch(
        /^Every delivery attempt failed for 5 days \(none succeeded since \S+\)\. Last error: HTTP 503 Service Unavailable\.$/,
      );
      expect(await page.locator('#callbacks-body tr[data-event="SESSION:STATUS_CHANGE"] td').nth(3).innerText()).toBe('Active');
      expect(await page.locator('#callbacks-disabled-notice').innerText()).toBe(
        'The Note added callback is disabled: nothing is sent to its receiver. Once the receiver works, enable it again below, then send again what failed meanwhile.',
      );
      // Only enabled callbacks can be recovered: the disabled one is not offered.
      expect(await page.getByLabel('Callback', { exact: true }).locator('option').allTextContents()).toEqual(['Every enabled callback', 'Status changed']);
      await row.scrollIntoViewIfNeeded();
      await capture(page, 'dashboard-developers-disabled', 'Developers, a disabled callback');

      // The receiver is back; the owner enables the callback from the keyboard.
      answer = 204;
      await row.getByRole('button', { name: `Enable the ${EVENT} callback` }).focus();
      await page.keyboard.press('Enter');
      await row
        .and(page.locator(':not([data-disabled])'))
        .locator('td', { hasText: /^Active$/ })
        .waitFor();
      await page.locator('#callbacks-disabled-notice').waitFor({ state: 'detached' });
      expect((await api(account, 'GET', `/v1/callbacks/${EVENT}`)).body).toMatchObject({ disabled: false, disabled_reason: null });

      // Everything that failed since a minute before the outage is sent again, for this callback.
      const failedIds = (await deliveries(account)).map((delivery) => delivery.id).sort();
      const before = receiver.requests.length;
      await page.getByLabel('Failed since (your time)').fill(new Date(start.getTime() - 60_000).toISOString().slice(0, 16));
      await page.getByLabel('Callback', { exact: true }).selectOption(EVENT);
      await page.getByRole('button', { name: 'Send again' }).click();
      await page.locator('#recover-result', { hasText: '3 deliveries were queued again.' }).waitFor();
      await waitFor(() => receiver.requests.length - before === 3 || undefined, 'the three recovered deliveries');
      expect(
        receiver.requests
          .slice(before)
          .map((request) => request.headers['webhook-id'])
          .sort(),
      ).toEqual(failedIds);
      // The event's recent deliveries follow: each of them succeeded now.
      for (const id of failedIds) await page.locator(`#deliveries-body tr[data-delivery="${id}"][data-status="succeeded"]`).waitFor();
      await page.locator('#recover').scrollIntoViewIfNeeded();
      await capture(page, 'dashboard-developers-recovered', 'Developers, failed deliveries sent again');

      // Asked again, nothing is left to send; a time that is not one is refused by the field itself.
      await page.getByRole('button', { name: 'Send again' }).click();
      await page.locator('#recover-result', { hasText: 'Nothing failed since then: no delivery was queued.' }).waitFor();
      expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
