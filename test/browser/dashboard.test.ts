// The dashboard in a real browser (Debian's Chromium): staff sign in with a username and password (an HttpOnly
// cookie; the API secret is never asked for), the sessions table changing live as the API moves a session, the
// session detail (photos, notes, events, report links), new sessions with their capture link, callback management,
// people management by the owner, a viewer refused a change, and reconnection after a drop.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import { completeSession, createSession } from '../support/capture-flow.js';
import { DESKTOP, RUN_BROWSER_TESTS, launchChromium, newContext, saveScreenshot, watchPageProblems } from './browser.js';
import { startReceiver } from '../webhooks/receiver.js';
import { waitFor } from '../webhooks/delivery-support.js';
import { damageCatalog } from '../../src/domain/damage-catalog.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';

const START = 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }';

describe.skipIf(!RUN_BROWSER_TESTS)('the dashboard', () => {
  let server: TestServer;
  let account: TestAccount;
  let browser: Browser;
  const PASSWORD = 'a-long-dashboard-password';
  /** The owner each account gets for these tests, by account username. */
  const owners = new Map<string, string>();

  /** A person of `on`'s account, added through the API with its headers. */
  async function addUser(on: TestAccount, username: string, role: 'owner' | 'inspector' | 'viewer'): Promise<string> {
    const created = await apiRequest(server.baseUrl, on, 'POST', '/v1/users', { username, password: PASSWORD, role });
    expect(created.status).toBe(201);
    return username;
  }

  async function ownerOf(on: TestAccount): Promise<string> {
    const known = owners.get(on.username);
    if (known) return known;
    const username = await addUser(on, `owner-${on.username}`.slice(0, 60).toLowerCase(), 'owner');
    owners.set(on.username, username);
    return username;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
    account = await server.createAccount();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const row = (page: Page, sessionKey: string, status?: string) =>
    page.locator(status ? `tr[data-session="${sessionKey}"][data-status="${status}"]` : `tr[data-session="${sessionKey}"]`);

  async function signIn(page: Page, username: string, password = PASSWORD) {
    await page.locator('#sign-in').getByLabel('Username').fill(username);
    await page.locator('#sign-in').getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('signs in, follows sessions live, opens a session, creates one, manages callbacks', async () => {
    const first = await createSession(server.baseUrl, account, {
      session: { theme: 'LITE' },
      vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', model: 'Accord' },
    });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const socketFrames: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', (frame) => socketFrames.push(String(frame.payload))));

    const owner = await ownerOf(account);
    await page.goto(`${server.baseUrl}/dashboard`);
    // The form asks for a username and a password, never for the API key or secret.
    expect(await page.locator('#sign-in input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name))).toEqual([
      'username',
      'password',
    ]);
    await signIn(page, owner, 'not-the-password');
    await page.locator('#sign-in-error', { hasText: 'Invalid username or password' }).waitFor();
    await saveScreenshot(page, 'dashboard-sign-in');
    await expectNoSeriousAxeViolations(page, 'the sign-in form with its error');
    await signIn(page, owner);
    await row(page, first.sessionKey, 'IDLE').waitFor();
    await page.locator('#signed-in-as', { hasText: `${owner} · Owner` }).waitFor();
    expect(await row(page, first.sessionKey).innerText()).toContain('2019 Honda Accord');
    await page.locator('#live-status[data-state="open"]').waitFor();
    await expectNoSeriousAxeViolations(page, 'the sessions list');

    // Status changes and photo verdicts arrive over the subscription, without a reload.
    expect((await graphqlRequest(server.baseUrl, { captureToken: first.captureToken }, START, { k: first.sessionKey })).data.startCapture.status).toBe(
      'STARTED',
    );
    await row(page, first.sessionKey, 'STARTED').waitFor();
    const upload = await uploadPhoto(server.baseUrl, { captureToken: first.captureToken }, first.sessionKey, 1, await makeScene({ seed: 501 }));
    expect(upload.body.data.capturePhoto.approved).toBe(true);
    await row(page, first.sessionKey, 'PROCESS').locator('td', { hasText: '1 / 6' }).waitFor();
    await row(page, first.sessionKey).locator('td', { hasText: 'VIN photo accepted' }).waitFor();

    // A session created elsewhere appears with its first event.
    const second = await createSession(server.baseUrl, account, { session: { theme: 'PRO' }, vehicle: { make: 'Volvo', model: 'XC60' } });
    await graphqlRequest(server.baseUrl, { captureToken: second.captureToken }, START, { k: second.sessionKey });
    await row(page, second.sessionKey, 'STARTED').waitFor();

    // The detail: facts, photos from their URLs, the events timeline (replayed, then live), notes.
    await page.getByRole('button', { name: `Open session ${first.sessionKey}` }).click();
    await page.locator('#timeline li[data-event="SESSION:STAGE_CHANGE"]').waitFor();
    expect(await page.locator('#timeline .event-name').allTextContents()).toEqual(['SESSION:STATUS_CHANGE', 'SESSION:STATUS_CHANGE', 'SESSION:STAGE_CHANGE']);
    expect(await page.locator('#detail .photo-grid img').getAttribute('src')).toMatch(new RegExp(`^${server.baseUrl}/photos/`));
    await page.locator('#deliveries').waitFor();
    await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${first.sessionKey}/notes`, { title: 'Checked', description: 'Reviewed by the desk' });
    await page.locator('#timeline li[data-event="SESSION:NOTE_INSERT"]').waitFor();
    await page.locator('#detail .note-title', { hasText: 'Checked' }).waitFor();

    // A new session from the form shows its capture link.
    await page.locator('#new-session summary').click();
    await page.getByLabel('Theme').selectOption('LITE');
    await page.getByLabel('VIN', { exact: true }).fill('JH4KA7560MC012345');
    await page.getByLabel('Make').fill('Acura');
    await page.getByLabel('Model').fill('Legend');
    await page.getByLabel('Customer name').fill('Dana Buyer');
    await page.getByLabel('Customer phone').fill('+1 555 010 0199');
    await page.getByLabel('Text the capture link to this phone').check();
    await page.getByRole('button', { name: 'Create session' }).click();
    const link = await page.locator('#capture-link').innerText();
    const [, createdKey] = new RegExp(`^${server.baseUrl}/capture/([A-Z]{3}-[A-Z0-9]{10})#[A-Za-z0-9_-]{22,}$`).exec(link) ?? [];
    expect(createdKey).toBeDefined();
    await row(page, createdKey as string, 'IDLE').waitFor();
    expect(await page.locator('#sessions-body tr').first().getAttribute('data-session')).toBe(createdKey);
    const stored = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${createdKey}`)).body;
    expect(stored.options).toMatchObject({ contact: { name: 'Dana Buyer', phone: '+1 555 010 0199' }, sms: { to: '+15550100199', to_name: 'Dana Buyer' } });
    await page.locator('#new-session summary').click();

    // Statuses in words, the code in the tooltip; a search by VIN finds the one session.
    const badge = row(page, first.sessionKey).locator('.status');
    expect(await badge.innerText()).toBe('Photos coming in');
    expect(await badge.getAttribute('title')).toBe('Status PROCESS');
    await page.getByLabel('Search by VIN, session key or your reference').fill('1hgcm82633');
    await page.waitForFunction(() => document.querySelectorAll('#sessions-body tr').length === 1);
    expect(await page.locator('#sessions-body tr').getAttribute('data-session')).toBe(first.sessionKey);
    await page.getByLabel('Search by VIN, session key or your reference').fill('');
    await page.waitForFunction(() => document.querySelectorAll('#sessions-body tr').length === 3);

    // Callbacks: set, reveal the secret, delete.
    await page.getByLabel('Event', { exact: true }).selectOption('SESSION_STATUS_CHANGE');
    await page.getByLabel('URL').fill('https://example.com/webhooks/capture');
    await page.getByLabel('Extra payload attributes').fill('{"source": "dashboard"}');
    await page.getByRole('button', { name: 'Save callback' }).click();
    const callbackRow = page.locator('#callbacks-body tr[data-event="SESSION:STATUS_CHANGE"]');
    await callbackRow.waitFor();
    await callbackRow.getByRole('button', { name: 'Show' }).click();
    expect(await callbackRow.locator('.secret .mono').innerText()).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect((await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks/SESSION:STATUS_CHANGE')).body).toMatchObject({
      url: 'https://example.com/webhooks/capture',
      payload: { source: 'dashboard' },
    });
    await page.getByLabel('Extra payload attributes').fill('[1, 2]');
    await page.getByLabel('URL').fill('https://example.com/other');
    await page.getByRole('button', { name: 'Save callback' }).click();
    await page.locator('#callback-form-error', { hasText: 'must be a JSON object' }).waitFor();
    await page.getByLabel('Extra payload attributes').fill('');

    await page.getByRole('button', { name: `Open session ${first.sessionKey}` }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'dashboard');

    page.once('dialog', (dialog) => void dialog.accept());
    await callbackRow.getByRole('button', { name: 'Delete the SESSION:STATUS_CHANGE callback' }).click();
    await callbackRow.waitFor({ state: 'detached' });
    expect((await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks')).body.data).toEqual([]);

    // The page holds no credential a script could read: an HttpOnly cookie, no API headers, nothing stored.
    expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const cookies = await context.cookies();
    expect(cookies.map(({ name, httpOnly, sameSite }) => ({ name, httpOnly, sameSite }))).toEqual([{ name: 'cg_session', httpOnly: true, sameSite: 'Lax' }]);
    const graphqlRequests = requests.filter((request) => request.url() === `${server.baseUrl}/graphql`);
    expect(graphqlRequests.length).toBeGreaterThan(5);
    for (const request of requests) {
      expect(request.headers()['api-key']).toBeUndefined();
      expect(request.headers()['api-token']).toBeUndefined();
      expect(request.postData() ?? '').not.toContain(account.apiSecret);
    }
    for (const frame of socketFrames) expect(frame).not.toContain(account.apiKey);

    // On a phone nothing sticks out of the screen: wide tables scroll inside their own box.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const sticking = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => !element.closest('.table-wrap, .annotator') && element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}#${element.id}.${element.className}`),
    );
    expect(sticking).toEqual([]);
    expect(await page.evaluate(() => [...document.querySelectorAll('.table-wrap')].every((wrap) => wrap.clientWidth <= window.innerWidth))).toBe(true);
    await saveScreenshot(page, 'dashboard-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A reload keeps the tab signed in; signing out ends the sign-in on the server too.
    await page.reload();
    await row(page, first.sessionKey).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('#sign-in:not([hidden])').waitFor();
    expect(await context.cookies()).toEqual([]);
    expect(problems.filter((problem) => !/status of (401|403)/.test(problem))).toEqual([]);
    await context.close();
  }, 60_000);

  it('lists the open session’s webhook deliveries from a real receiver, and redelivers one', async () => {
    // An account of its own, so that its callback and deliveries do not meet the other tests'.
    const owner = await server.createAccount();
    const receiver = await startReceiver();
    const context = await newContext(browser, DESKTOP);
    try {
      const callback = await apiRequest(server.baseUrl, owner, 'POST', '/v1/callbacks', { event: 'SESSION:NOTE_INSERT', url: `${receiver.origin}/hooks` });
      expect(callback.status).toBe(200);
      const newSession = async () =>
        (await apiRequest(server.baseUrl, owner, 'POST', '/v1/sessions', { session: { theme: 'LITE' } })).body.session_key as string;
      const [session, other, quiet] = [await newSession(), await newSession(), await newSession()];
      // A note on the session and one on another session of the account: only the first belongs in its list.
      for (const key of [session, other]) {
        expect((await apiRequest(server.baseUrl, owner, 'POST', `/v1/sessions/${key}/notes`, { title: 'Desk', description: `About ${key}` })).status).toBe(200);
      }
      const sent = await waitFor(
        () => receiver.requests.find((request) => JSON.parse(request.body).session_key === session),
        'the note delivered to the receiver',
      );
      const webhookId = sent.headers['webhook-id'] as string;
      expect(webhookId).toBeTruthy();

      const page = await context.newPage();
      const problems = watchPageProblems(page);
      await page.goto(`${server.baseUrl}/dashboard`);
      await signIn(page, await ownerOf(owner));

      // A session without events says so.
      await page.getByRole('button', { name: `Open session ${quiet}` }).click();
      await page.locator('#deliveries', { hasText: 'No webhook deliveries for this session yet' }).waitFor();

      await page.getByRole('button', { name: `Open session ${session}` }).click();
      const deliveryRow = page.locator(`#deliveries tr[data-delivery="${webhookId}"]`);
      await deliveryRow.and(page.locator('[data-status="succeeded"]')).waitFor();
      expect(await page.locator('#deliveries tbody tr').count()).toBe(1);
      const cells = await deliveryRow.locator('td').allInnerTexts();
      expect(cells.slice(0, 5)).toEqual([webhookId, 'SESSION:NOTE_INSERT', 'succeeded', '1', 'HTTP 204']);
      expect(await deliveryRow.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      // Redeliver from the keyboard: the receiver gets the same webhook-id again, and the list shows the new attempt.
      const redeliver = deliveryRow.getByRole('button', { name: `Redeliver ${webhookId}` });
      await redeliver.focus();
      await page.keyboard.press('Enter');
      await waitFor(() => receiver.requests.filter((request) => request.headers['webhook-id'] === webhookId).length === 2 || undefined, 'the redelivery');
      await deliveryRow.and(page.locator('[data-status="succeeded"]')).locator('td', { hasText: /^2$/ }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Redeliver ${webhookId}`);
      expect(receiver.requests.filter((request) => request.headers['webhook-id'] === webhookId)).toHaveLength(2);
      // The only failed request is the page asking who is signed in before anyone was.
      expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
      await page.locator('#deliveries').scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'dashboard-deliveries');

      // "Send test" delivers a signed sample to the receiver; "Rotate secret" gives the callback a new secret.
      const callbackRow = page.locator('#callbacks-body tr[data-event="SESSION:NOTE_INSERT"]');
      await callbackRow.getByRole('button', { name: 'Send a test SESSION:NOTE_INSERT' }).click();
      await waitFor(() => receiver.requests.find((request) => JSON.parse(request.body).test === true), 'the test sample');
      await callbackRow.locator('button', { hasText: 'Test sent' }).waitFor();
      const secretBefore = (await apiRequest(server.baseUrl, owner, 'GET', '/v1/callbacks/SESSION:NOTE_INSERT')).body.secret;
      page.once('dialog', (dialog) => void dialog.accept());
      await callbackRow.getByRole('button', { name: 'Rotate the SESSION:NOTE_INSERT secret' }).click();
      await expect
        .poll(async () => (await apiRequest(server.baseUrl, owner, 'GET', '/v1/callbacks/SESSION:NOTE_INSERT')).body.secret, { timeout: 10_000 })
        .not.toBe(secretBefore);

      // A receiver that refuses: the failed delivery shows what it answered.
      const refusing = await startReceiver(
        (_request, response) => void response.writeHead(500, { 'content-type': 'text/plain' }).end('quota exceeded for dealer D-42'),
      );
      try {
        expect(
          (await apiRequest(server.baseUrl, owner, 'POST', '/v1/callbacks', { event: 'SESSION:NOTE_INSERT', url: `${refusing.origin}/hooks` })).status,
        ).toBe(200);
        expect((await apiRequest(server.baseUrl, owner, 'POST', `/v1/sessions/${quiet}/notes`, { title: 'Desk', description: 'refused' })).status).toBe(200);
        await waitFor(() => refusing.requests[0], 'the refused delivery');
        await page.getByRole('button', { name: `Open session ${quiet}` }).click();
        const answer = page.locator('#deliveries details.response-body');
        await answer.locator('summary', { hasText: "Receiver's answer (HTTP 500)" }).click();
        await answer.locator('pre', { hasText: 'quota exceeded for dealer D-42' }).waitFor();
      } finally {
        await refusing.close();
      }
    } finally {
      await context.close();
      await receiver.close();
    }
  }, 60_000);

  it('lets the owner add people; an inspector signs in on their own, a viewer is refused a change; report links open signed out', async () => {
    const shop = await server.createAccount();
    const completed = await createSession(server.baseUrl, shop, { session: { theme: 'LITE' }, vehicle: { make: 'Mazda', model: 'CX-5' } });
    await completeSession(server.baseUrl, completed);
    const results = (await apiRequest(server.baseUrl, shop, 'GET', `/v1/sessions/${completed.sessionKey}/results`)).body;
    const viewer = await addUser(shop, `viewer-${shop.username}`.toLowerCase().slice(0, 60), 'viewer');

    const ownerContext = await newContext(browser, DESKTOP);
    const inspectorContext = await newContext(browser, DESKTOP);
    const viewerContext = await newContext(browser, DESKTOP);
    try {
      const page = await ownerContext.newPage();
      await page.goto(`${server.baseUrl}/dashboard`);
      await signIn(page, await ownerOf(shop));
      await page.locator('#users:not([hidden])').waitFor();
      const inspector = `inspector-${shop.username}`.toLowerCase().slice(0, 60);
      await page.locator('#new-user-username').fill(inspector);
      await page.locator('#new-user-name').fill('Ana Reviewer');
      await page.locator('#new-user-password').fill(PASSWORD);
      await page.locator('#new-user-role').selectOption('INSPECTOR');
      await page.getByRole('button', { name: 'Add person' }).click();
      await page
        .locator('#users-body tr', { hasText: inspector })
        .locator('td', { hasText: /^Inspector$/ })
        .waitFor();
      await page.locator('#users').scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'dashboard-users');

      // The completed session's report links are plain links: they open with no sign-in at all.
      await page.getByRole('button', { name: `Open session ${completed.sessionKey}` }).click();
      const view = page.getByRole('link', { name: 'View report' });
      await view.waitFor();
      expect(await view.getAttribute('href')).toBe(results.report.url);
      expect(await page.getByRole('link', { name: 'Report PDF' }).getAttribute('href')).toBe(results.report.pdf_url);
      const anonymous = await (await newContext(browser, DESKTOP)).newPage();
      const opened = await anonymous.goto(results.report.url);
      expect(opened?.status()).toBe(200);
      expect(await anonymous.locator('body').innerText()).toContain('Mazda');
      await anonymous.context().close();

      // The inspector signs in in another browser: an inspector has no people panel.
      const inspectorPage = await inspectorContext.newPage();
      await inspectorPage.goto(`${server.baseUrl}/dashboard`);
      await signIn(inspectorPage, inspector);
      await inspectorPage.locator('#signed-in-as', { hasText: `${inspector} · Inspector` }).waitFor();
      await inspectorPage.getByRole('button', { name: `Open session ${completed.sessionKey}` }).waitFor();
      expect(await inspectorPage.locator('#users').isHidden()).toBe(true);

      // A viewer reads, and is told plainly when it tries to change something.
      const viewerPage = await viewerContext.newPage();
      await viewerPage.goto(`${server.baseUrl}/dashboard`);
      await signIn(viewerPage, viewer);
      await viewerPage.locator('#new-session summary').click();
      await viewerPage.getByLabel('Make').fill('Kia');
      await viewerPage.getByRole('button', { name: 'Create session' }).click();
      await viewerPage.locator('#new-session-error', { hasText: /viewer|not allowed|permission/i }).waitFor();
    } finally {
      await Promise.all([ownerContext.close(), inspectorContext.close(), viewerContext.close()]);
    }
  }, 90_000);

  it('an inspector reviews a confirmed session from the queue: draws a box on a photo, marks the damage, completes the review', async () => {
    const shop = await server.createAccount(undefined, { review_mode: 'manual' });
    const session = await createSession(server.baseUrl, shop, {
      session: { theme: 'LITE' },
      vehicle: { vin: '1HGCM82633A004352', make: 'Ford', model: 'Focus' },
    });
    const capture = { captureToken: session.captureToken };
    await graphqlRequest(server.baseUrl, capture, START, { k: session.sessionKey });
    for (const code of [1, 2, 4, 5, 7, 8]) {
      expect(
        (await uploadPhoto(server.baseUrl, capture, session.sessionKey, code, await makeScene({ seed: 700 + code }))).body.data.capturePhoto.approved,
      ).toBe(true);
    }
    // The person typed the VIN of the car in front of them: not the one the dealer gave.
    const typed = await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!, $v: String!) { setVin(sessionKey: $k, vin: $v) { vinCaptured } }', {
      k: session.sessionKey,
      v: '1M8GDM9AXKP042788',
    });
    expect(typed.data.setVin.vinCaptured).toBe('1M8GDM9AXKP042788');
    const confirmed = await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', {
      k: session.sessionKey,
    });
    expect(confirmed.data.confirmInspection.status).toBe('CONFIRM');
    const inspector = await addUser(shop, `reviewer-${shop.username}`.toLowerCase().slice(0, 60), 'inspector');

    const context = await newContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      const problems = watchPageProblems(page);
      await page.goto(`${server.baseUrl}/dashboard`);
      await signIn(page, inspector);
      await page.getByLabel('Show sessions with status').selectOption('AWAITING_REVIEW');
      await row(page, session.sessionKey, 'CONFIRM').locator('.status', { hasText: 'Awaiting review' }).waitFor();
      await saveScreenshot(page, 'dashboard-review-queue');

      await page.getByRole('button', { name: `Open session ${session.sessionKey}` }).click();
      expect(await page.locator('.vin-mismatch').innerText()).toBe('⚠ does not match the VIN given');
      const image = page.locator('#review .annotator-canvas img');
      await image.waitFor();
      await page.waitForFunction(() => (document.querySelector('#review .annotator-canvas img') as HTMLImageElement | null)?.complete === true);
      await page.locator('#review .annotator').scrollIntoViewIfNeeded();
      const bounds = (await image.boundingBox()) as { x: number; y: number; width: number; height: number };
      await page.mouse.move(bounds.x + bounds.width * 0.2, bounds.y + bounds.height * 0.3);
      await page.mouse.down();
      await page.mouse.move(bounds.x + bounds.width * 0.5, bounds.y + bounds.height * 0.6, { steps: 6 });
      await page.mouse.up();
      await page.locator('#review .damage-box.draft:not([hidden])').waitFor();
      await page.getByLabel('Part').selectOption('hood');
      await page.getByLabel('Damage', { exact: true }).selectOption('scratch');
      await page.getByLabel('Grade').selectOption('2');
      // The grade says what it means for this type, from the catalog (not a paragraph of all five).
      const scratch = damageCatalog().damage_types.find((type) => type.code === 'scratch');
      expect(await page.getByLabel('Grade').locator('option:checked').innerText()).toBe(`2 · ${scratch?.grade_meanings[1]}`);
      expect(await page.locator('#review-type-help').innerText()).toBe(scratch?.summary);
      await page.locator('#review-note').fill('10 cm scratch, driver side');
      await page.getByRole('button', { name: 'Add damage' }).click();
      await page.locator('#review .damage-item', { hasText: 'Hood' }).waitFor();
      await page.locator('#review .damage-box.accepted').waitFor();

      // A wrong grade is corrected without drawing again: Change loads the damage into the form, its box stays.
      await page.getByRole('button', { name: 'Change Scratch on Hood' }).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('review-item');
      expect(await page.getByLabel('Grade').inputValue()).toBe('2');
      expect(await page.locator('#review-note').inputValue()).toBe('10 cm scratch, driver side');
      await page.getByLabel('Grade').selectOption('3');
      await page.locator('#review-note').fill('12 cm scratch, driver side');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#review .damage-item', { hasText: 'grade 3' }).waitFor();
      expect(await page.getByRole('button', { name: 'Add damage' }).count()).toBe(1);

      // The same from the keyboard: Enter places a box on the photo, arrows move it, Enter goes on to the form.
      await page.locator('#review .annotator').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('review-item');
      await page.keyboard.press('End'); // the last part in the catalog
      await page.getByRole('button', { name: 'Add damage' }).focus();
      await page.keyboard.press('Enter');
      await page.locator('#review .damage-item').nth(1).waitFor();
      await page.locator('#review').scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'dashboard-review-annotate');
      // On a tablet held upright the photo and the form stack, and nothing sticks out of the screen.
      await page.setViewportSize({ width: 768, height: 1024 });
      await page.locator('#review').scrollIntoViewIfNeeded();
      expect(
        await page.evaluate(
          () => [...document.querySelectorAll('#review *')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5).length,
        ),
      ).toBe(0);
      await saveScreenshot(page, 'dashboard-review-tablet');
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByRole('button', { name: 'Complete review' }).click();
      await row(page, session.sessionKey, 'COMPLETE').waitFor();
      await page.getByRole('link', { name: 'View report' }).waitFor();
      expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }

    const results = (await apiRequest(server.baseUrl, shop, 'GET', `/v1/sessions/${session.sessionKey}/results`)).body;
    expect(results.inspection).toMatchObject({ assessment: 'ASSESSED', reviewed_by: inspector, total_damages: 2 });
    const [damage, keyed] = results.inspection.damages;
    expect(keyed.region.x).toBeCloseTo(0.37, 2);
    expect(keyed.region.height).toBeCloseTo(0.32, 2);
    expect(damage).toMatchObject({ item: 'hood', damage_type: 'scratch', grade: 3, photo_code: 1, source: 'manual' });
    for (const [key, expected] of Object.entries({ x: 0.2, y: 0.3, width: 0.3, height: 0.3 })) expect(damage.region[key]).toBeCloseTo(expected, 1);
  }, 90_000);

  it('refuses a form another site posts to /graphql with the sign-in cookie, and creates nothing', async () => {
    const shop = await server.createAccount();
    const owner = await ownerOf(shop);
    const countSessions = async () =>
      (await graphqlRequest(server.baseUrl, { account: shop }, 'query { inspectionSessions(first: 100) { edges { node { sessionKey } } } }')).data
        .inspectionSessions.edges.length;
    // Same site (127.0.0.1), another origin (another port): the Lax cookie goes with the form's POST.
    const attacker = createServer((_request, response) => {
      const query = JSON.stringify({ query: 'mutation { createInspectionSession(input: {}) { sessionKey } }', padding: '' }).slice(0, -2);
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<form method="POST" action="${server.baseUrl}/graphql" enctype="text/plain"><input name='${query}' value='"}'></form><script>document.forms[0].submit()</script>`,
        );
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const context = await newContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/dashboard`);
      await signIn(page, owner);
      await page.locator('#signed-in-as', { hasText: owner }).waitFor();
      const before = await countSessions();
      // The form's own request (the dashboard may still be sending its queries).
      const answer = page.waitForResponse(
        (response) =>
          response.url() === `${server.baseUrl}/graphql` &&
          response.request().method() === 'POST' &&
          (response.request().postData() ?? '').includes('createInspectionSession(input: {})'),
      );
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      const refused = await answer;
      expect(refused.request().headers().cookie ?? (await refused.request().allHeaders()).cookie).toContain('cg_session=');
      expect(refused.status()).toBe(403);
      expect(await countSessions()).toEqual(before);
    } finally {
      await context.close();
      await new Promise((resolve) => attacker.close(resolve));
    }
  }, 45_000);

  it('reconnects after the socket drops, signing again, and catches up on the events it missed', async () => {
    const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' } });
    const context = await newContext(browser, DESKTOP);
    // Test instrumentation only: keep a handle on the page's sockets so that one can be dropped.
    await context.addInitScript(() => {
      const NativeWebSocket = window.WebSocket;
      const sockets: WebSocket[] = [];
      (window as unknown as { testSockets: WebSocket[] }).testSockets = sockets;
      window.WebSocket = class extends NativeWebSocket {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          sockets.push(this);
        }
      };
    });
    const page = await context.newPage();
    const inits: Record<string, string>[] = [];
    page.on('websocket', (socket) =>
      socket.on('framesent', (frame) => {
        const message = JSON.parse(String(frame.payload));
        if (message.type === 'connection_init') inits.push(message.payload);
      }),
    );
    await page.goto(`${server.baseUrl}/dashboard`);
    await signIn(page, await ownerOf(account));
    await page.locator('#live-status[data-state="open"]').waitFor();
    await row(page, session.sessionKey, 'IDLE').waitFor();
    // One event seen live gives the page a cursor to resume from.
    await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/notes`, { title: 'Before', description: 'the drop' });
    await row(page, session.sessionKey).locator('td', { hasText: 'Note: Before' }).waitFor();

    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.evaluate(() => (window as unknown as { testSockets: WebSocket[] }).testSockets.at(-1)?.close(3000, 'dropped by the test'));
    await page.locator('#live-status[data-state="retrying"]').waitFor();
    // Missed while the page is offline: the replay after the reconnection brings it.
    await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, START, { k: session.sessionKey });
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await row(page, session.sessionKey, 'STARTED').waitFor();
    await page.locator('#live-status[data-state="open"]').waitFor();
    expect(inits.length).toBeGreaterThanOrEqual(2);
    // The sign-in cookie goes with each upgrade request: the socket is opened with no credentials in its messages.
    for (const init of inits) expect(Object.keys(init ?? {})).toEqual([]);
    await context.close();
  }, 45_000);
});
