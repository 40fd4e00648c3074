// The dashboard's session list with the search's filters, in a real browser: a viewer sees each session's grade and
// damage count, finds a session by the customer's name, narrows the list to creation days, and the "Export CSV" link
// downloads exactly what the list shows; a session whose SMS and mail were only logged never reads "texted" or "sent". Each state is checked by axe-core and screenshotted at desktop and phone size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { createSession, THEME_PHOTOS, type CreatedSession } from '../support/capture-flow.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import type { TestAccount } from '../support/signing.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { DESKTOP, newContext, releaseChromium, RUN_BROWSER_TESTS, saveScreenshot, sharedChromium, watchPageProblems } from './browser.js';

const PASSWORD = 'a-long-dashboard-password';
const DAY_MS = 86_400_000;
const HEADER =
  'session_key,status,theme,language,created_at,completed_at,vin,vin_match,year,make,model,odometer,grade,total_damages,reviewed_by,contact_name,contact_phone,client_id';

describe.skipIf(!RUN_BROWSER_TESTS)('the session list, its filters and the CSV export', () => {
  let server: TestServer;
  let browser: Browser;
  let account: TestAccount;
  let reviewed: CreatedSession;
  let dana: CreatedSession;
  let old: CreatedSession;

  /** Start, all LITE photos accepted, confirm, one damage, and the review completed: COMPLETE with a grade. */
  async function completeWithDamage(session: CreatedSession): Promise<void> {
    const capture = { captureToken: session.captureToken };
    const variables = { k: session.sessionKey };
    await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', variables);
    for (const code of THEME_PHOTOS.LITE ?? []) {
      expect(
        (await uploadPhoto(server.baseUrl, capture, session.sessionKey, code, await makeScene({ seed: 9100 + code }))).body.data?.capturePhoto?.approved,
      ).toBe(true);
    }
    await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', variables);
    const path = `/v1/sessions/${session.sessionKey}`;
    expect((await apiRequest(server.baseUrl, account, 'POST', `${path}/damages`, { item: 'hood', damage_type: 'dent', grade: 2 })).status).toBe(200);
    expect((await apiRequest(server.baseUrl, account, 'POST', `${path}/review`, { no_damage_found: false })).status).toBe(200);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedChromium()]);
    account = await server.createAccount('dealer-lists', { review_mode: 'manual' });
    expect((await apiRequest(server.baseUrl, account, 'POST', '/v1/users', { username: 'lists.viewer', password: PASSWORD, role: 'viewer' })).status).toBe(201);
    old = await createSession(server.baseUrl, account, { session: { theme: 'LITE', client_id: 'lot-old' }, vehicle: { make: 'Volvo', model: '240' } });
    // A session from ten days ago (the service's clock cannot go back, so its creation time is set in the database).
    await server.app.database.db
      .collection('inspection_sessions')
      .updateOne({ _id: old.sessionKey as never }, { $set: { created_at: new Date(Date.now() - 10 * DAY_MS) } });
    reviewed = await createSession(server.baseUrl, account, { session: { theme: 'LITE', client_id: 'lot-7' }, vehicle: { make: 'Honda', model: 'Accord' } });
    await completeWithDamage(reviewed);
    dana = await createSession(server.baseUrl, account, {
      session: { theme: 'LITE', contact: { name: 'Dana Buyer', phone: '+1 555 010 0199' } },
      vehicle: { make: 'Acura', model: 'Legend' },
    });
  }, 120_000);

  afterAll(async () => {
    await releaseChromium(browser);
    await server?.stop();
  });

  /** Checks the state with axe-core and saves it at desktop size and at phone size (390 px). */
  async function capture(page: Page, name: string, state: string) {
    await expectNoSeriousAxeViolations(page, state);
    await saveScreenshot(page, name);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousAxeViolations(page, `${state} on a phone`);
    await saveScreenshot(page, `${name}-phone`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  const keysShown = (page: Page) => page.locator('#sessions-body tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-session')));

  /** The CSV the "Export CSV" link downloads, fetched by the page with its sign-in cookie. */
  async function exportedLines(page: Page): Promise<string[]> {
    const href = (await page.locator('#export-csv').getAttribute('href')) as string;
    const text = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return `${response.status} ${response.headers.get('content-type')}\n${await response.text()}`;
    }, href);
    const [status, ...csv] = text.split('\n');
    expect(status).toBe('200 text/csv; charset=utf-8');
    return csv.join('\n').replace(/\r\n$/, '').split('\r\n');
  }

  it('shows the grade and damages, finds by the customer, narrows to days, and exports what it shows', async () => {
    const context = await newContext(browser, { ...DESKTOP, timezoneId: 'UTC' });
    try {
      const page = await context.newPage();
      const problems = watchPageProblems(page);
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.locator('#sign-in').getByLabel('Username').fill('lists.viewer');
      await page.locator('#sign-in').getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();

      // Newest first; the reviewed session shows its report's grade and damage count, the others a dash.
      await page.waitForFunction(() => document.querySelectorAll('#sessions-body tr').length === 3);
      expect(await keysShown(page)).toEqual([dana.sessionKey, reviewed.sessionKey, old.sessionKey]);
      const results = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${reviewed.sessionKey}/results`)).body;
      const reviewedRow = page.locator(`#sessions-body tr[data-session="${reviewed.sessionKey}"]`);
      const word = { 5: 'Excellent', 4: 'Good', 3: 'Fair', 2: 'Rough', 1: 'Poor' }[results.inspection.grade as number];
      expect(await reviewedRow.locator('.grade-cell').innerText()).toBe(`${results.inspection.grade} · ${word}`);
      expect(await reviewedRow.locator('.damages-cell').innerText()).toBe('1');
      expect(await page.locator(`#sessions-body tr[data-session="${dana.sessionKey}"] .grade-cell`).innerText()).toBe('—');
      expect(await page.locator('#export-csv').getAttribute('href')).toBe('/v1/sessions/export.csv');
      const everything = await exportedLines(page);
      expect(everything[0]).toBe(HEADER);
      expect(everything.slice(1).map((line) => line.slice(0, 14))).toEqual([dana.sessionKey, reviewed.sessionKey, old.sessionKey]);
      await capture(page, 'dashboard-sessions-list', 'the session list with grades');
      // On the narrowest phone a session key may break after its dash, never inside the letters that follow it.
      await page.setViewportSize({ width: 320, height: 640 });
      const linesAfterTheDash = await page.locator('#sessions-body .session-link').evaluateAll((links) =>
        links.map((link) => {
          const range = document.createRange();
          const text = link.firstChild as Text;
          range.setStart(text, text.data.indexOf('-') + 1);
          range.setEnd(text, text.data.length);
          return range.getClientRects().length;
        }),
      );
      expect(linesAfterTheDash).toEqual([1, 1, 1]);
      await page.setViewportSize({ width: 1280, height: 900 });

      // The customer's name finds her session; the link exports that one session.
      await page.getByLabel('Search by customer, phone, e-mail, VIN, session key or your reference').fill('dana');
      await page.waitForFunction(() => document.querySelectorAll('#sessions-body tr').length === 1);
      expect(await keysShown(page)).toEqual([dana.sessionKey]);
      expect(new URL(page.url()).searchParams.get('q')).toBe('dana');
      const found = await exportedLines(page);
      expect(found).toHaveLength(2);
      expect(found[1]).toMatch(new RegExp(`^${dana.sessionKey},IDLE,LITE,en,.*,Dana Buyer,'\\+1 555 010 0199,$`));
      await capture(page, 'dashboard-sessions-search', 'a search by the customer');

      // The phone, whatever its separators, finds her too; a name nobody has finds nothing.
      await page.getByLabel('Search by customer, phone, e-mail, VIN, session key or your reference').fill('555-010-0199');
      await page.waitForURL((url) => url.searchParams.get('q') === '555-010-0199');
      await page.waitForFunction(() => document.querySelectorAll('#sessions-body tr').length === 1);
      await page.getByLabel('Search by customer, phone, e-mail, VIN, session key or your reference').fill('nobody-at-all');
      await page.locator('#sessions-empty', { hasText: 'No session matches.' }).waitFor();
      expect(await exportedLines(page)).toEqual([HEADER]);
      await page.getByLabel('Search by customer, phone, e-mail, VIN, session key or your reference').fill('');
      await page.waitForFunction(() => document.querySelectorAll('#sessions-body tr').length === 3);

      // Creation days: from eleven to nine days ago holds only the old session, and so does its export.
      const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
      // The answer for "from" alone is held back until after the answer for both: the list must keep the newer one.
      const fromOnly = (body: string) => /"createdFrom":"/.test(body) && /"createdTo":null/.test(body);
      await page.route(`${server.baseUrl}/graphql`, async (route) => {
        if (fromOnly(route.request().postData() ?? '')) await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.getByLabel('Created from').fill(day(11));
      await page.getByLabel('to', { exact: true }).fill(day(9));
      await page.waitForFunction(() => document.querySelectorAll('#sessions-body tr').length === 1);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await page.unroute(`${server.baseUrl}/graphql`);
      expect(await keysShown(page)).toEqual([old.sessionKey]);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ from: day(11), to: day(9) });
      const href = new URL((await page.locator('#export-csv').getAttribute('href')) as string, server.baseUrl);
      expect(Object.fromEntries(href.searchParams)).toEqual({ created_from: `${day(11)}T00:00:00.000Z`, created_to: `${day(9)}T23:59:59.999Z` });
      expect((await exportedLines(page)).slice(1).map((line) => line.slice(0, 14))).toEqual([old.sessionKey]);
      await capture(page, 'dashboard-sessions-days', 'the list narrowed to creation days');

      // A status with the days: nothing completed then.
      await page.getByLabel('Show sessions with status').selectOption('COMPLETE');
      await page.locator('#sessions-empty', { hasText: 'No session matches.' }).waitFor();
      expect(new URL((await page.locator('#export-csv').getAttribute('href')) as string, server.baseUrl).searchParams.get('status')).toBe('COMPLETE');

      // With the log provider and no SMTP_URL (the defaults), the SMS and the mail reached nobody: the timeline says so,
      // never that either was texted or sent.
      const texted = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', {
        session: { theme: 'LITE' },
        sms: { to: '+15555550123', to_name: 'Sam' },
        email: { to: 'sam@example.test', to_name: 'Sam' },
      });
      const mailStatus = async () =>
        (
          await graphqlRequest(server.baseUrl, { account }, 'query($k: String!) { inspectionSession(sessionKey: $k) { mails { status } } }', {
            k: texted.body.session_key,
          })
        ).data?.inspectionSession.mails[0]?.status;
      await expect.poll(mailStatus, { timeout: 10_000 }).toBe('LOGGED');
      await page.goto(`${server.baseUrl}/dashboard/sessions/${texted.body.session_key}`);
      const sms = page.locator('#timeline li[data-event="SESSION:SMS_PROCESS"]');
      await sms.waitFor();
      expect(await sms.innerText()).toContain('Capture link not texted — no SMS provider is set up, so it was only logged');
      const mail = page.locator('#timeline li[data-mail="LOGGED"]');
      expect(await mail.innerText()).toContain('Capture link to sam@example.test not sent — no mail server is set up, so it was only logged');
      expect(await page.locator('#timeline').innerText()).not.toMatch(/\btexted\b(?! —)|\bsent to\b|\bsent\b(?! —)/i);
      await capture(page, 'dashboard-session-sms-logged', 'a session whose SMS and mail were only logged');
      expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
