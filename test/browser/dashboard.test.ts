// The dashboard in a real browser (Debian's Chromium): signing in with requests signed by WebCrypto, the sessions
// table changing live as the API moves a session, the session detail (photos, notes, events), new sessions with
// their capture link, callback management, reconnection after a drop — and the secret never leaving the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import { createSession } from '../support/capture-flow.js';
import { DESKTOP, RUN_BROWSER_TESTS, launchChromium, newContext, saveScreenshot, watchPageProblems } from './browser.js';
import { startReceiver } from '../webhooks/receiver.js';
import { waitFor } from '../webhooks/delivery-support.js';

const START = 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }';

describe.skipIf(!RUN_BROWSER_TESTS)('the dashboard', () => {
  let server: TestServer;
  let account: TestAccount;
  let browser: Browser;

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

  async function signIn(page: Page, secret = account.apiSecret, as: TestAccount = account) {
    await page.getByLabel('Username').fill(as.username);
    await page.getByLabel('API key').fill(as.apiKey);
    await page.getByLabel('API secret').fill(secret);
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

    await page.goto(`${server.baseUrl}/dashboard`);
    await signIn(page, 'not-the-secret');
    await page.locator('#sign-in-error', { hasText: 'Invalid API Token' }).waitFor();
    await signIn(page);
    await row(page, first.sessionKey, 'IDLE').waitFor();
    expect(await row(page, first.sessionKey).innerText()).toContain('2019 Honda Accord');
    await page.locator('#live-status[data-state="open"]').waitFor();

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
    await page.getByLabel('VIN').fill('JH4KA7560MC012345');
    await page.getByLabel('Make').fill('Acura');
    await page.getByLabel('Model').fill('Legend');
    await page.getByRole('button', { name: 'Create session' }).click();
    const link = await page.locator('#capture-link').innerText();
    const [, createdKey] = new RegExp(`^${server.baseUrl}/capture/([A-Z]{3}-[A-Z0-9]{10})#[A-Za-z0-9_-]{22,}$`).exec(link) ?? [];
    expect(createdKey).toBeDefined();
    await row(page, createdKey as string, 'IDLE').waitFor();
    expect(await page.locator('#sessions-body tr').first().getAttribute('data-session')).toBe(createdKey);
    await page.locator('#new-session summary').click();

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

    // The secret stays in this tab's sessionStorage and never travels: not in a URL, a header, a body or a frame.
    expect(await page.evaluate(() => sessionStorage.getItem('capture-gateway.dashboard'))).toContain(account.apiSecret);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await context.cookies()).toEqual([]);
    for (const request of requests) {
      expect(request.url()).not.toContain(account.apiSecret);
      expect(JSON.stringify(request.headers())).not.toContain(account.apiSecret);
      expect(request.postData() ?? '').not.toContain(account.apiSecret);
    }
    for (const frame of socketFrames) expect(frame).not.toContain(account.apiSecret);
    const signed = requests.filter((request) => request.url() === `${server.baseUrl}/graphql`);
    expect(signed.length).toBeGreaterThan(5);
    for (const request of signed) {
      expect(request.headers()['api-key']).toBe(account.apiKey);
      expect(request.headers()['api-token']).toMatch(/^[0-9a-f]{64}$/);
      expect(request.headers()['api-timestamp']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }

    // A reload keeps the tab signed in; signing out forgets the credentials.
    await page.reload();
    await row(page, first.sessionKey).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('#sign-in:not([hidden])').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(problems.filter((problem) => !/status of 403/.test(problem))).toEqual([]);
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
      await signIn(page, owner.apiSecret, owner);

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
      expect(problems).toEqual([]);
      await page.locator('#deliveries').scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'dashboard-deliveries');
    } finally {
      await context.close();
      await receiver.close();
    }
  }, 60_000);

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
    await signIn(page);
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
    for (const init of inits) expect(Object.keys(init).sort()).toEqual(['API-Key', 'API-Timestamp', 'API-Token']);
    await context.close();
  }, 45_000);
});
