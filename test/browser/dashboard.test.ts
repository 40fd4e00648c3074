// The dashboard in a real browser (Debian's Chromium): staff sign in with a username and password (an HttpOnly
// cookie; the API secret is never asked for) and come back to the page they asked for; each page has its own URL
// and the back button works; the sessions table changes live as the API moves a session; a session's page (photos,
// events in words, deliveries, report links); new sessions with their language and capture link; callbacks and
// people in Settings; the review workspace (part from the photo, focus kept, a summary to confirm); reconnection
// after a drop. Every state is checked by axe-core and screenshotted at desktop and phone size.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import { completeSession, createSession, giveOdometer } from '../support/capture-flow.js';
import { checkBothSizes } from './staff-pages.js';
import { DESKTOP, newContext, releaseChromium, RUN_BROWSER_TESTS, saveScreenshot, sharedChromium, watchPageProblems } from './browser.js';
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
    [server, browser] = await Promise.all([startTestServer(), sharedChromium()]);
    account = await server.createAccount();
  });

  afterAll(async () => {
    await releaseChromium(browser);
    await server?.stop();
  });

  const row = (page: Page, sessionKey: string, status?: string) =>
    page.locator(status ? `tr[data-session="${sessionKey}"][data-status="${status}"]` : `tr[data-session="${sessionKey}"]`);

  async function signIn(page: Page, username: string, password = PASSWORD) {
    await page.locator('#sign-in').getByLabel('Username').fill(username);
    await page.locator('#sign-in').getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Saves the state at desktop size and at phone size (390 px), and checks it with axe-core at both; `show` is scrolled into view. */
  async function capture(page: Page, name: string, state: string, show?: Locator) {
    await expectNoSeriousAxeViolations(page, state);
    await show?.scrollIntoViewIfNeeded();
    await saveScreenshot(page, name);
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousAxeViolations(page, `${state} on a phone`);
    await show?.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `${name}-phone`);
    if (desktop) await page.setViewportSize(desktop);
  }

  it('sends a signed-out visitor to sign in and back, follows sessions live, opens a session, creates one, manages callbacks', async () => {
    const first = await createSession(server.baseUrl, account, {
      session: { theme: 'LITE' },
      vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', model: 'Accord', odom_reading: 30_000, odom_unit: 'mi' },
    });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const socketFrames: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', (frame) => socketFrames.push(String(frame.payload))));

    const owner = await ownerOf(account);
    // A bookmarked session page, signed out: the sign-in page first, then back to the session.
    await page.goto(`${server.baseUrl}/dashboard/sessions/${first.sessionKey}`);
    await page.waitForURL(`${server.baseUrl}/dashboard/sign-in?next=${encodeURIComponent(`/dashboard/sessions/${first.sessionKey}`)}`);
    // The form asks for a username and a password, never for the API key or secret.
    expect(await page.locator('#sign-in input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name))).toEqual([
      'username',
      'password',
    ]);
    await signIn(page, owner, 'not-the-password');
    await page.locator('#sign-in-error', { hasText: 'Invalid username or password' }).waitFor();
    await capture(page, 'dashboard-sign-in', 'the sign-in form with its error');
    await signIn(page, owner);
    await page.waitForURL(`${server.baseUrl}/dashboard/sessions/${first.sessionKey}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`Session ${first.sessionKey}`) }).waitFor();
    await page.locator('#signed-in-as', { hasText: `${owner} · Owner` }).waitFor();

    // The navigation leads to the sessions; the back button returns to the session.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Sessions' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await row(page, first.sessionKey, 'IDLE').waitFor();
    await page.goBack();
    await page.waitForURL(`${server.baseUrl}/dashboard/sessions/${first.sessionKey}`);
    await page.goForward();
    await row(page, first.sessionKey, 'IDLE').waitFor();
    expect(await row(page, first.sessionKey).innerText()).toContain('2019 Honda Accord');
    await page.locator('#live-status[data-state="open"]').waitFor();

    // Status changes and photo verdicts arrive over the subscription, without a reload, in words.
    expect((await graphqlRequest(server.baseUrl, { captureToken: first.captureToken }, START, { k: first.sessionKey })).data.startCapture.status).toBe(
      'STARTED',
    );
    await row(page, first.sessionKey, 'STARTED').waitFor();
    const upload = await uploadPhoto(server.baseUrl, { captureToken: first.captureToken }, first.sessionKey, 1, await makeScene({ seed: 501 }));
    expect(upload.body.data.capturePhoto.approved).toBe(true);
    await row(page, first.sessionKey, 'PROCESS').locator('td', { hasText: '1 / 6' }).waitFor();
    await row(page, first.sessionKey).locator('td', { hasText: 'VIN sticker photo accepted' }).waitFor();
    // The person types an odometer far from the one the integrator gave.
    await giveOdometer(server.baseUrl, first, 61_000, 'MI');

    // A session created elsewhere appears with its first event.
    const second = await createSession(server.baseUrl, account, { session: { theme: 'PRO' }, vehicle: { make: 'Volvo', model: 'XC60' } });
    await graphqlRequest(server.baseUrl, { captureToken: second.captureToken }, START, { k: second.sessionKey });
    await row(page, second.sessionKey, 'STARTED').waitFor();
    await capture(page, 'dashboard', 'the sessions list');

    // The session's page: its own URL, facts, photos from their URLs, the events in words (replayed, then live).
    await page.getByRole('link', { name: `Open session ${first.sessionKey}` }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard/sessions/${first.sessionKey}`);
    await page.locator('#timeline li[data-event="SESSION:STAGE_CHANGE"]').waitFor();
    expect(await page.locator('#timeline .event-name').allTextContents()).toEqual(['Status changed', 'Status changed', 'Photo checked']);
    // No code reaches a person: the page nowhere says SESSION:… .
    expect(await page.locator('#main').innerText()).not.toMatch(/SESSION:[A-Z_]+/);
    expect(await page.locator('#detail .photo-grid img').getAttribute('src')).toMatch(new RegExp(`^${server.baseUrl}/photos/`));
    await page.locator('#deliveries').waitFor();
    // The odometer captured, how, and that it does not match the integrator's (docs/capture.md#odometer-reading).
    const odometer = page.locator('#detail .facts dt', { hasText: 'Odometer captured' }).locator('xpath=following-sibling::dd[1]');
    expect(await odometer.innerText()).toBe('61,000 mi (typed) ⚠ does not match the odometer given');
    expect(await odometer.locator('.details-mismatch').isVisible()).toBe(true);
    // Still capturing: the idle deadline applies and is shown.
    expect(await page.locator('#detail .facts dt', { hasText: 'Expires if idle' }).count()).toBe(1);
    await capture(page, 'dashboard-session-odometer', 'the session page with an odometer that does not match', odometer);
    await page.evaluate(() => window.scrollTo(0, 0));
    await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${first.sessionKey}/notes`, { title: 'Checked', description: 'Reviewed by the desk' });
    await page.locator('#timeline li[data-event="SESSION:NOTE_INSERT"]', { hasText: 'Note: Checked' }).waitFor();
    await page.locator('#detail .note-title', { hasText: 'Checked' }).waitFor();
    // The scrolling timeline is reached with the keyboard: Tab from the link before it lands on it.
    await page.locator('#facts-title').evaluate((heading) => heading.setAttribute('tabindex', '-1'));
    const timelineFocusable = await page.locator('#timeline').evaluate((list) => (list as HTMLElement).tabIndex);
    expect(timelineFocusable).toBe(0);
    await page.locator('#timeline').focus();
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('timeline');
    await capture(page, 'dashboard-session', 'the session page');

    // A new session from the form, in Spanish, shows its capture link.
    await page.goBack();
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await page.locator('#new-session summary').click();
    await page.getByLabel('Theme').selectOption('LITE');
    expect(await page.getByLabel('Language of the capture page and report').locator('option').allTextContents()).toEqual([
      'Account default',
      'English',
      'Español',
      'Français',
      'Deutsch',
      'Português',
    ]);
    await page.getByLabel('Language of the capture page and report').selectOption('es');
    await page.getByLabel('VIN', { exact: true }).fill('JH4KA7560MC012345');
    await page.getByLabel('Make').fill('Acura');
    await page.getByLabel('Model').fill('Legend');
    await page.getByLabel('Customer name').fill('Dana Buyer');
    await page.getByLabel('Customer phone').fill('+1 555 010 0199');
    // The checkbox sits under the phone it is about, and the phone and search inputs are styled like the others.
    const phoneBox = (await page.getByLabel('Customer phone').boundingBox()) as { x: number; y: number; height: number };
    const checkBox = (await page.getByLabel('Text the capture link to this phone').boundingBox()) as { x: number; y: number };
    expect(checkBox.y).toBeGreaterThan(phoneBox.y + phoneBox.height - 1);
    expect(Math.abs(checkBox.x - phoneBox.x)).toBeLessThan(8);
    for (const input of [page.getByLabel('Customer phone'), page.getByLabel('Search by customer, phone, e-mail, VIN, session key or your reference')]) {
      expect(await input.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).toBe('8px');
    }
    await page.getByLabel('Text the capture link to this phone').check();
    await capture(page, 'dashboard-new-session', 'the new-session form');
    await page.getByRole('button', { name: 'Create session' }).click();
    const link = await page.locator('#capture-link').innerText();
    const [, createdKey] = new RegExp(`^${server.baseUrl}/capture/([A-Z]{3}-[A-Z0-9]{10})#[A-Za-z0-9_-]{22,}$`).exec(link) ?? [];
    expect(createdKey).toBeDefined();
    await row(page, createdKey as string, 'IDLE').waitFor();
    expect(await page.locator('#sessions-body tr').first().getAttribute('data-session')).toBe(createdKey);
    const stored = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${createdKey}`)).body;
    expect(stored.options).toMatchObject({ contact: { name: 'Dana Buyer', phone: '+1 555 010 0199' }, sms: { to: '+15550100199', to_name: 'Dana Buyer' } });
    expect(stored.language).toBe('es');
    await page.locator('#new-session summary').click();

    // Statuses in words, the code in the tooltip; a search by VIN finds the one session, and stays in the URL.
    const badge = row(page, first.sessionKey).locator('.status');
    expect(await badge.innerText()).toBe('Photos coming in');
    expect(await badge.getAttribute('title')).toBe('Status PROCESS');
    await page.getByLabel('Search by customer, phone, e-mail, VIN, session key or your reference').fill('1hgcm82633');
    await page.waitForFunction(() => document.querySelectorAll('#sessions-body tr').length === 1);
    expect(await page.locator('#sessions-body tr').getAttribute('data-session')).toBe(first.sessionKey);
    expect(new URL(page.url()).searchParams.get('q')).toBe('1hgcm82633');
    await page.getByLabel('Search by customer, phone, e-mail, VIN, session key or your reference').fill('');
    await page.waitForFunction(() => document.querySelectorAll('#sessions-body tr').length === 3);

    // On a phone nothing sticks out of the screen, and the Status column is in view (not cut off).
    await page.setViewportSize({ width: 390, height: 844 });
    const sticking = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => !element.closest('.table-wrap, .annotator') && element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}#${element.id}.${element.className}`),
    );
    expect(sticking).toEqual([]);
    const statusRight = await row(page, first.sessionKey)
      .locator('.status')
      .evaluate((element) => element.getBoundingClientRect().right);
    expect(statusRight).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => [...document.querySelectorAll('.table-wrap')].every((wrap) => wrap.scrollWidth <= wrap.clientWidth + 1))).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Settings → Developers: set a callback, reveal its secret, refuse a payload that is not an object, delete it.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Developers' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard/settings/developers`);
    await page.getByLabel('Event', { exact: true }).selectOption('SESSION:STATUS_CHANGE');
    await page.getByLabel('URL').fill('https://example.com/webhooks/capture');
    await page.getByLabel('Extra payload attributes').fill('{"source": "dashboard"}');
    await page.getByRole('button', { name: 'Save callback' }).click();
    const callbackRow = page.locator('#callbacks-body tr[data-event="SESSION:STATUS_CHANGE"]');
    await callbackRow.waitFor();
    expect(await callbackRow.locator('td').first().innerText()).toBe('Status changed');
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
    await callbackRow.getByRole('button', { name: 'Hide' }).click();
    await capture(page, 'dashboard-developers', 'Settings, Developers');

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

    // The built files: hashed names, cached for a year, sent compressed.
    const script = requests.find((request) => /\/web\/app\/dashboard-[A-Z0-9]+\.js$/.test(request.url()));
    const answer = await script?.response();
    expect(answer?.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer?.headers()['content-encoding']).toBe('br');

    // A reload keeps the tab signed in and on its page; signing out ends the sign-in on the server too.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('#sign-in').waitFor();
    expect(await context.cookies()).toEqual([]);
    expect(problems.filter((problem) => !/status of (401|403)/.test(problem))).toEqual([]);
    await context.close();
  }, 180_000);

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
      await page.getByRole('link', { name: `Open session ${quiet}` }).click();
      await page.locator('#deliveries', { hasText: 'No webhook deliveries for this session yet' }).waitFor();

      await page.goto(`${server.baseUrl}/dashboard/sessions/${session}`);
      const deliveryRow = page.locator(`#deliveries tr[data-delivery="${webhookId}"]`);
      await deliveryRow.and(page.locator('[data-status="succeeded"]')).waitFor();
      expect(await page.locator('#deliveries tbody tr').count()).toBe(1);
      const cells = await deliveryRow.locator('td').allInnerTexts();
      expect(cells.slice(0, 5)).toEqual([webhookId, 'Note added', 'succeeded', '1', 'HTTP 204']);
      expect(await deliveryRow.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      // Redeliver from the keyboard: the receiver gets the same webhook-id again, the list shows the new attempt, and
      // focus stays on the button.
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
      await page.goto(`${server.baseUrl}/dashboard/settings/developers`);
      const callbackRow = page.locator('#callbacks-body tr[data-event="SESSION:NOTE_INSERT"]');
      await callbackRow.getByRole('button', { name: 'Send test SESSION:NOTE_INSERT' }).click();
      await waitFor(() => receiver.requests.find((request) => JSON.parse(request.body).test === true), 'the test sample');
      await callbackRow.locator('button', { hasText: 'Test sent' }).waitFor();
      const secretBefore = (await apiRequest(server.baseUrl, owner, 'GET', '/v1/callbacks/SESSION:NOTE_INSERT')).body.secret;
      page.once('dialog', (dialog) => void dialog.accept());
      await callbackRow.getByRole('button', { name: 'Rotate secret of SESSION:NOTE_INSERT' }).click();
      await expect
        .poll(async () => (await apiRequest(server.baseUrl, owner, 'GET', '/v1/callbacks/SESSION:NOTE_INSERT')).body.secret, { timeout: 10_000 })
        .not.toBe(secretBefore);
      // The event's recent deliveries, across sessions, link to their session.
      await page.locator(`#deliveries-body tr[data-delivery="${webhookId}"]`).getByRole('link', { name: session }).waitFor();

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
        await page.goto(`${server.baseUrl}/dashboard/sessions/${quiet}`);
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
  }, 90_000);

  it('lets the owner add people; an inspector signs in on their own, a viewer is offered no change; report links open signed out', async () => {
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
      await page.goto(`${server.baseUrl}/dashboard/settings/people`);
      await signIn(page, await ownerOf(shop));
      await page.waitForURL(`${server.baseUrl}/dashboard/settings/people`);
      const inspector = `inspector-${shop.username}`.toLowerCase().slice(0, 60);
      // The browser itself refuses a username the server would refuse: its pattern is one a page can compile.
      await page.locator('#new-user-username').fill('Ana Reviewer');
      expect(await page.locator('#new-user-username').evaluate((input) => (input as HTMLInputElement).validity.patternMismatch)).toBe(true);
      await page.locator('#new-user-username').fill(inspector);
      expect(await page.locator('#new-user-username').evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(true);
      await page.locator('#new-user-name').fill('Ana Reviewer');
      await page.locator('#new-user-password').fill(PASSWORD);
      expect(await page.locator('#new-user-role').inputValue()).toBe('INSPECTOR');
      await page.getByRole('button', { name: 'Add person' }).click();
      await page
        .locator('#users-body tr', { hasText: inspector })
        .locator('td', { hasText: /^Inspector$/ })
        .waitFor();
      await capture(page, 'dashboard-users', 'Settings, People');
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Account' }).click();
      await page.locator('#account', { hasText: shop.username }).waitFor();
      await capture(page, 'dashboard-account', 'Settings, Account');

      // The completed session's report links are plain links: they open with no sign-in at all.
      await page.goto(`${server.baseUrl}/dashboard/sessions/${completed.sessionKey}`);
      const view = page.getByRole('link', { name: 'View report' });
      await view.waitFor();
      expect(await view.getAttribute('href')).toBe(results.report.url);
      expect(await page.getByRole('link', { name: 'Report PDF' }).getAttribute('href')).toBe(results.report.pdf_url);
      const anonymous = await (await newContext(browser, DESKTOP)).newPage();
      const opened = await anonymous.goto(results.report.url);
      expect(opened?.status()).toBe(200);
      expect(await anonymous.locator('body').innerText()).toContain('Mazda');
      await anonymous.context().close();

      // The inspector signs in in another browser: an inspector has no people or developer settings.
      const inspectorPage = await inspectorContext.newPage();
      await inspectorPage.goto(`${server.baseUrl}/dashboard`);
      await signIn(inspectorPage, inspector);
      await inspectorPage.locator('#signed-in-as', { hasText: `${inspector} · Inspector` }).waitFor();
      await inspectorPage.getByRole('link', { name: `Open session ${completed.sessionKey}` }).waitFor();
      await inspectorPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();
      await inspectorPage.locator('#account').waitFor();
      expect(await inspectorPage.getByRole('navigation', { name: 'Settings' }).getByRole('link').allTextContents()).toEqual(['Account']);

      // A viewer reads: the page offers no new session (the server's permissions say so), and the API refuses one.
      const viewerPage = await viewerContext.newPage();
      await viewerPage.goto(`${server.baseUrl}/dashboard`);
      await signIn(viewerPage, viewer);
      await viewerPage.getByRole('link', { name: `Open session ${completed.sessionKey}` }).waitFor();
      expect(await viewerPage.locator('#new-session').count()).toBe(0);
      const refused = await viewerPage.evaluate(async () => {
        const response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'mutation { createInspectionSession(input: {}) { sessionKey } }' }),
        });
        return (await response.json()).errors?.[0]?.extensions?.code;
      });
      expect(refused).toBe('FORBIDDEN');
    } finally {
      await Promise.all([ownerContext.close(), inspectorContext.close(), viewerContext.close()]);
    }
  }, 90_000);

  it('an inspector reviews a confirmed session from the queue: the workspace near the top, the part from the photo, focus kept, a summary to confirm', async () => {
    const shop = await server.createAccount(undefined, { review_mode: 'manual' });
    const session = await createSession(server.baseUrl, shop, {
      session: { theme: 'LITE' },
      vehicle: { vin: '1HGCM82633A004352', make: 'Ford', model: 'Focus' },
    });
    const capture_ = { captureToken: session.captureToken };
    await graphqlRequest(server.baseUrl, capture_, START, { k: session.sessionKey });
    for (const code of [1, 2, 4, 5, 7, 8]) {
      expect(
        (await uploadPhoto(server.baseUrl, capture_, session.sessionKey, code, await makeScene({ seed: 700 + code }))).body.data.capturePhoto.approved,
      ).toBe(true);
    }
    // The person typed the VIN of the car in front of them: not the one the dealer gave.
    const typed = await graphqlRequest(server.baseUrl, capture_, 'mutation($k: String!, $v: String!) { setVin(sessionKey: $k, vin: $v) { vinCaptured } }', {
      k: session.sessionKey,
      v: '1M8GDM9AXKP042788',
    });
    expect(typed.data.setVin.vinCaptured).toBe('1M8GDM9AXKP042788');
    const confirmed = await graphqlRequest(server.baseUrl, capture_, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', {
      k: session.sessionKey,
    });
    expect(confirmed.data.confirmInspection.status).toBe('CONFIRM');
    const inspector = await addUser(shop, `reviewer-${shop.username}`.toLowerCase().slice(0, 60), 'inspector');

    const context = await newContext(browser, DESKTOP);
    try {
      // A colleague's list stays open in another tab: it follows the review live.
      const watcher = await context.newPage();
      const page = await context.newPage();
      const problems = watchPageProblems(page);
      await page.goto(`${server.baseUrl}/dashboard`);
      await signIn(page, inspector);
      await page
        .locator('#queue-body')
        .getByRole('link', { name: `Open session ${session.sessionKey}` })
        .waitFor();
      await page.getByLabel('Show sessions with status').selectOption('AWAITING_REVIEW');
      await row(page, session.sessionKey, 'CONFIRM').locator('.status', { hasText: 'Awaiting review' }).first().waitFor();
      await capture(page, 'dashboard-review-queue', 'the review queue');
      await watcher.goto(`${server.baseUrl}/dashboard`);
      await watcher.locator('#sessions-body').locator(`tr[data-session="${session.sessionKey}"] .status`, { hasText: 'Awaiting review' }).waitFor();
      await watcher.locator('#live-status[data-state="open"]').waitFor();

      await page
        .locator('#queue-body')
        .getByRole('link', { name: `Open session ${session.sessionKey}` })
        .click();
      expect(await page.locator('.vin-mismatch').innerText()).toBe('⚠ does not match the VIN given');
      // Confirmed and waiting for its review: it no longer expires, so no deadline is shown.
      await page.locator('#detail .facts dt', { hasText: 'Created' }).waitFor();
      expect(await page.locator('#detail .facts dt', { hasText: 'Expires if idle' }).count()).toBe(0);
      // What the captured VIN decodes to is no Ford Focus: the decode is shown and flagged.
      expect(await page.locator('.details-mismatch').innerText()).toBe('⚠ does not match the year, make or model given');
      const image = page.locator('#review .annotator-canvas img');
      await image.waitFor();
      await page.waitForFunction(() => (document.querySelector('#review .annotator-canvas img') as HTMLImageElement | null)?.complete === true);
      // The workspace is near the top: its photo starts within the first screen, not below the fold.
      expect(await page.locator('#review').evaluate((element) => element.getBoundingClientRect().top + window.scrollY)).toBeLessThan(300);
      expect(await page.locator('#review .annotator').evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(900);

      // The form starts from the photo's view, and says driver/passenger side, never Left/Right.
      expect(await page.getByLabel('Part').locator('option').allTextContents()).not.toContainEqual(expect.stringMatching(/\b(Left|Right|left|right)\b/));
      await page.getByRole('button', { name: 'Driver side', exact: true }).click();
      expect(await page.getByLabel('Part').inputValue()).toBe('left_front_door');
      expect(await page.getByLabel('Part').locator('option:checked').innerText()).toBe('Front door, driver side');
      await page.getByRole('button', { name: 'Passenger side', exact: true }).click();
      expect(await page.getByLabel('Part').inputValue()).toBe('right_front_door');
      await page.getByRole('button', { name: 'Front', exact: true }).click();
      expect(await page.getByLabel('Part').inputValue()).toBe('front_bumper');
      // The note may be as long as the server allows (1,000 characters), not a drifted 500.
      expect(await page.locator('#review-note').getAttribute('maxlength')).toBe('1000');

      const bounds = (await image.boundingBox()) as { x: number; y: number; width: number; height: number };
      await page.mouse.move(bounds.x + bounds.width * 0.2, bounds.y + bounds.height * 0.3);
      await page.mouse.down();
      await page.mouse.move(bounds.x + bounds.width * 0.5, bounds.y + bounds.height * 0.6, { steps: 6 });
      await page.mouse.up();
      await page.locator('#review .damage-box.draft').waitFor();
      // The part's field takes the focus in the task after the box is drawn (review.tsx): wait for it rather than race it.
      await page.waitForFunction(() => document.activeElement?.id === 'review-item');
      await page.getByLabel('Part').selectOption('hood');
      await page.getByLabel('Damage', { exact: true }).selectOption('scratch');
      await page.getByLabel('Grade').selectOption('2');
      // The grade says what it means for this type, from the catalog (not a paragraph of all five).
      const scratch = damageCatalog().damage_types.find((type) => type.code === 'scratch');
      expect(await page.getByLabel('Grade').locator('option:checked').innerText()).toBe(`2 · ${scratch?.grade_meanings[1]}`);
      expect(await page.locator('#review-type-help').innerText()).toBe(scratch?.summary);
      await page.locator('#review-note').fill('10 cm scratch, driver side');
      const scrolledBefore = await page.evaluate(() => window.scrollY);
      await page.getByRole('button', { name: 'Add damage' }).click();
      await page.locator('#review .damage-item', { hasText: 'Hood' }).waitFor();
      await page.locator('#review .damage-box.accepted').waitFor();
      // Focus moves to the damage just added, not to the top of the page; the page does not jump.
      await page.waitForFunction(() => document.activeElement?.classList.contains('damage-item'));
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Hood');
      // Its status says what it means for the report, not the API's word.
      expect(await page.locator('#review .damage-item', { hasText: 'Hood' }).innerText()).toContain('· in the report');
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledBefore)).toBeLessThan(400);
      await capture(page, 'dashboard-review', 'the review workspace');

      // A wrong grade is corrected without drawing again: Change loads the damage into the form, its box stays.
      await page.getByRole('button', { name: 'Change Scratch on Hood' }).click();
      await page.waitForFunction(() => document.activeElement?.id === 'review-item');
      expect(await page.getByLabel('Grade').inputValue()).toBe('2');
      expect(await page.locator('#review-note').inputValue()).toBe('10 cm scratch, driver side');
      await page.getByLabel('Grade').selectOption('3');
      await page.locator('#review-note').fill('12 cm scratch, driver side');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#review .damage-item', { hasText: 'grade 3' }).waitFor();
      // Focus comes back to the Change button of the damage changed.
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Change Scratch on Hood');
      expect(await page.getByRole('button', { name: 'Add damage' }).count()).toBe(1);

      // The same from the keyboard: Enter places a box on the photo, arrows move it, Enter goes on to the form.
      await page.locator('#review .annotator').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'review-item');
      await page.keyboard.press('End'); // the last part in the catalog
      await page.getByRole('button', { name: 'Add damage' }).focus();
      await page.keyboard.press('Enter');
      await page.locator('#review .damage-item').nth(1).waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('damage-item'));
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

      // Completing asks first: a summary (grade, damages per photo, photos with none) — going back changes nothing.
      const complete = page.getByRole('button', { name: 'Complete review' });
      // Which of the two finishing buttons is greyed out, and why, is said in words beside them.
      expect(await page.locator('#finish-hint').innerText()).toBe('2 accepted damages: "Complete review" issues the report with them.');
      expect(await page.getByRole('button', { name: 'No damage found' }).getAttribute('aria-describedby')).toBe('finish-hint');
      await complete.click();
      const summary = page.getByRole('dialog', { name: 'Issue the report?' });
      await summary.waitFor();
      // The grade and the note in words, as the list and the report write them (no FAIR, no "integrator").
      expect(await summary.locator('#summary-grade').innerText()).toBe('3 · Fair');
      expect(await summary.locator('#review-summary-note').innerText()).toBe(
        'Once confirmed, the report is final: your callbacks receive it and anyone with its link can open it.',
      );
      expect(await summary.locator('#summary-damages').innerText()).toContain('Front: Scratch on Hood (grade 3)');
      expect(await summary.locator('#summary-clean').innerText()).toBe('VIN sticker, Interior, Driver side, Passenger side, Rear');
      await capture(page, 'dashboard-review-summary', 'the review summary');
      await summary.getByRole('button', { name: 'Back to the review' }).click();
      await summary.waitFor({ state: 'detached' });
      // The focus comes back in the task after the dialog closes (review.tsx): wait for it rather than race it.
      await page.waitForFunction(() => document.activeElement?.textContent === 'Complete review');
      expect((await apiRequest(server.baseUrl, shop, 'GET', `/v1/sessions/${session.sessionKey}`)).body.status).toBe('CONFIRM');

      await complete.click();
      await summary.getByRole('button', { name: 'Confirm and issue the report' }).click();
      await page.getByRole('link', { name: 'View report' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'report-title');
      // The other tab's list moved on by itself: the session left the queue and its report is ready.
      await watcher
        .locator('#sessions-body')
        .locator(`tr[data-session="${session.sessionKey}"][data-status="COMPLETE"] .status`, { hasText: 'Report ready' })
        .waitFor();
      expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }

    const results = (await apiRequest(server.baseUrl, shop, 'GET', `/v1/sessions/${session.sessionKey}/results`)).body;
    expect(results.inspection).toMatchObject({ assessment: 'ASSESSED', reviewed_by: inspector, total_damages: 2 });
    const [damage, keyed] = results.inspection.damages;
    expect(keyed.region.x).toBeCloseTo(0.37, 2);
    expect(keyed.region.height).toBeCloseTo(0.32, 2);
    expect(damage).toMatchObject({ item: 'hood', damage_type: 'scratch', grade: 3, photo_code: 5, source: 'manual' });
    for (const [key, expected] of Object.entries({ x: 0.2, y: 0.3, width: 0.3, height: 0.3 })) expect(damage.region[key]).toBeCloseTo(expected, 1);
  }, 150_000);

  it('"No damage found" also asks first, and the summary names every photo as clean', async () => {
    const shop = await server.createAccount(undefined, { review_mode: 'manual' });
    const session = await createSession(server.baseUrl, shop, { session: { theme: 'LITE' }, vehicle: { make: 'Kia', model: 'Rio' } });
    const capture_ = { captureToken: session.captureToken };
    await graphqlRequest(server.baseUrl, capture_, START, { k: session.sessionKey });
    for (const code of [1, 2, 4, 5, 7, 8]) await uploadPhoto(server.baseUrl, capture_, session.sessionKey, code, await makeScene({ seed: 800 + code }));
    await graphqlRequest(server.baseUrl, capture_, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', { k: session.sessionKey });
    const context = await newContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/dashboard/sessions/${session.sessionKey}`);
      await signIn(page, await ownerOf(shop));
      const noDamage = page.getByRole('button', { name: 'No damage found' });
      expect(await page.locator('#finish-hint').innerText()).toBe('No damage is accepted yet: mark one on the photos, or finish with "No damage found".');
      await noDamage.click();
      const summary = page.getByRole('dialog', { name: 'Issue the report with no damage?' });
      await summary.waitFor();
      expect(await summary.locator('#summary-grade').innerText()).toBe('5 · Excellent');
      expect(await summary.locator('#summary-clean').innerText()).toBe('VIN sticker, Interior, Driver side, Front, Passenger side, Rear');
      // Escape goes back, with focus on the button that asked; nothing was issued.
      await page.keyboard.press('Escape');
      await summary.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.textContent === 'No damage found');
      expect((await apiRequest(server.baseUrl, shop, 'GET', `/v1/sessions/${session.sessionKey}`)).body.status).toBe('CONFIRM');
      await noDamage.click();
      await summary.getByRole('button', { name: 'Confirm and issue the report' }).click();
      await page.getByRole('link', { name: 'View report' }).waitFor();
      expect((await apiRequest(server.baseUrl, shop, 'GET', `/v1/sessions/${session.sessionKey}`)).body.status).toBe('COMPLETE');
    } finally {
      await context.close();
    }
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

  it('opened at another address than the service’s own, says under the bar why live updates are off and where to open it', async () => {
    // The service's address is 127.0.0.1; a person types localhost. Signing in works, the socket is refused.
    const elsewhere = server.baseUrl.replace('127.0.0.1', 'localhost');
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${elsewhere}/dashboard`);
    await signIn(page, await ownerOf(account));
    await page.locator('#live-status[data-state="refused"]').waitFor();
    expect(await page.locator('#live-status').innerText()).toBe('Not live');
    const refusal = page.locator('#live-refused');
    expect(await refusal.innerText()).toBe(
      `Live updates are off: open the page at ${new URL(server.baseUrl).origin}. This page shows what was true when it opened; reload it to see changes.`,
    );
    await checkBothSizes(page, 'dashboard-live-refused', 'the dashboard with live updates refused', '#live-refused');
    await context.close();
  });
});
