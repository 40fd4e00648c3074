// The capture app in a real browser (Debian's Chromium, phone-sized): a whole LITE capture with generated photos —
// a rejection and a retake, a reload that resumes, notes, location, confirmation, the completion screen and the
// report — then the pages for unknown, incomplete and expired links, and the page's weight and time to interactive.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { CAPTURE_PAGE_CONFIG } from '../../src/http/web/capture-page-config.js';
import type { TestAccount } from '../support/signing.js';
import { makeBlurred, makeScene } from '../support/images.js';
import { createSession } from '../support/capture-flow.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { DESKTOP, RUN_BROWSER_TESTS, launchChromium, newContext, pdfText, PHONE, saveScreenshot, watchPageProblems, writeFileIn } from './browser.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';

const VIN = '1HGCM82633A004352';
// The views in walk-around order (docs/capture.md): at the driver's door, then the front, passenger side, rear, driver side.
const LITE_LABELS = ['VIN sticker', 'Interior', 'Front', 'Passenger side', 'Rear', 'Driver side'];
const LITE_CODES = [1, 2, 4, 5, 7, 8];

describe.skipIf(!RUN_BROWSER_TESTS)('the capture app', () => {
  let server: TestServer;
  let account: TestAccount;
  let browser: Browser;
  let directory: string;
  let blurredPhoto: string;
  const scenePhotos = new Map<number, string>();
  /** The session the whole-capture test completes; the report test opens it again. */
  let completed: { captureUrl: string; sessionKey: string } | null = null;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ EXPIRY_SWEEP_INTERVAL_MS: '200' }), launchChromium()]);
    account = await server.createAccount();
    directory = mkdtempSync(join(tmpdir(), 'capture-app-'));
    const [blurred, ...scenes] = await Promise.all([makeBlurred({ seed: 21 }), ...LITE_CODES.map((code) => makeScene({ seed: 300 + code }))]);
    blurredPhoto = writeFileIn(directory, 'blurred.jpg', blurred);
    LITE_CODES.forEach((code, index) => scenePhotos.set(code, writeFileIn(directory, `photo-${code}.jpg`, scenes[index] as Buffer)));
    // As a phone stores a portrait photo: 4000×3000 pixels lying on their side, with EXIF orientation 6 (turn 90°).
    scenePhotos.set(8, writeFileIn(directory, 'photo-8-exif.jpg', await makeScene({ width: 4000, height: 3000, seed: 308, orientation: 6 })));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  const vehicleSession = (who: TestAccount = account) =>
    createSession(server.baseUrl, who, {
      session: { theme: 'LITE', redirect_url: 'https://dealer.example.com/thanks?from=inspection' },
      vehicle: { vin: VIN, year: 2019, make: 'Honda', model: 'Accord', ext_col: 'Blue', odom_reading: 42000, odom_unit: 'km' },
    });

  /** Runs the steps; a failure carries what the page showed at that moment. */
  async function withDiagnostics(page: Page, steps: () => Promise<void>): Promise<void> {
    try {
      await steps();
    } catch (error) {
      const state = await page
        .evaluate(() => ({
          screen: document.body.dataset.screen,
          live: document.getElementById('live-status')?.dataset.state,
          progress: document.getElementById('progress-text')?.textContent,
          photos: [...document.querySelectorAll<HTMLElement>('.photo')].map(
            (item) => `${item.id} ${item.dataset.state} ${item.querySelector('.verdict')?.textContent ?? ''}`,
          ),
          confirmDisabled: (document.getElementById('confirm') as HTMLButtonElement | null)?.disabled,
          errors: [...document.querySelectorAll<HTMLElement>('.error:not([hidden])')].map((element) => element.textContent),
        }))
        .catch((failure: unknown) => `page unavailable: ${String(failure)}`);
      if (error instanceof Error) error.message += `\npage state: ${JSON.stringify(state, null, 2)}`;
      throw error;
    }
  }

  /**
   * A state of the page checked with axe-core and saved as `name` at the phone's size, then again at a desktop's
   * (`name`-desktop), before the phone's size comes back for the steps after it.
   */
  async function checkState(page: Page, name: string, state: string) {
    await expectNoSeriousAxeViolations(page, `${state} on a phone`);
    await saveScreenshot(page, name);
    const phone = page.viewportSize();
    await page.setViewportSize(DESKTOP.viewport as { width: number; height: number });
    await expectNoSeriousAxeViolations(page, `${state} on a desktop`);
    await saveScreenshot(page, `${name}-desktop`);
    if (phone) await page.setViewportSize(phone);
  }

  const photo = (page: Page, code: number, state?: string) => page.locator(state ? `#photo-${code}[data-state="${state}"]` : `#photo-${code}`);

  it('serves the pages with a strict Content-Security-Policy and compressed, revalidated assets', async () => {
    const page = await fetch(`${server.baseUrl}/capture/ABC-0123456789`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = page.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "connect-src 'self' ws: wss:", "style-src 'self'", "script-src 'self'", "frame-ancestors 'none'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).toMatch(/img-src 'self' blob: data:/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).not.toMatch(/\sstyle=|\son[a-z]+=/i);
    // Inline code: only the early start, allowed by its hash (anything else inline would not run), and data blocks.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(inline.map((match) => (match[1] as string).trim())).toEqual([
      'type="application/json" id="capture-config"',
      'type="application/graphql" id="session-query"',
      '',
    ]);
    // The rules the page shares with the server come from the server.
    expect(JSON.parse(inline[0]?.[2] as string)).toEqual({ ...CAPTURE_PAGE_CONFIG, languages: [...CAPTURE_PAGE_CONFIG.languages] });
    const earlyStart = inline[2]?.[2] as string;
    expect(policy).toContain(`'sha256-${createHash('sha256').update(earlyStart).digest('base64')}'`);
    expect(policy.match(/'sha256-/g)).toHaveLength(1);
    expect(html).not.toMatch(/https?:\/\//);
    // What a messaging app's link preview shows of the capture link.
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);

    // One script and one style sheet, each named by a hash of its content and cached for a year.
    const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((match) => match[1] as string);
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1] as string);
    expect(scripts).toEqual([expect.stringMatching(/^\/web\/app\/capture-[A-Z0-9]{8}\.js$/)]);
    expect(styles).toEqual([expect.stringMatching(/^\/web\/app\/capture-[A-Z0-9]{8}\.css$/)]);
    expect(html).not.toContain('modulepreload');
    for (const [path, type] of [
      [scripts[0], 'text/javascript; charset=utf-8'],
      [styles[0], 'text/css; charset=utf-8'],
    ]) {
      const asset = await fetch(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toBe(type);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-encoding')).toBe('br');
    }
    // The page itself is revalidated on every visit, so a deployment's new names reach the phone at once.
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag') as string;
    expect((await fetch(`${server.baseUrl}/capture/ABC-0123456789`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    for (const unbuilt of ['/web/capture.ts', '/web/capture.html', '/web/app.css', '/web/ui.ts']) {
      expect((await fetch(`${server.baseUrl}${unbuilt}`)).status, unbuilt).toBe(404);
    }
    expect((await fetch(`${server.baseUrl}/web/..%2Fweb-routes.ts`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/capture/not-a-key`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/dashboard`)).status).toBe(200);
  });

  it('runs a whole LITE capture: rejection and retake, reload, notes, location, confirmation, report', async () => {
    const { captureUrl, sessionKey, captureToken: token } = await vehicleSession();
    const context = await newContext(browser, { ...PHONE, permissions: ['geolocation'], geolocation: { latitude: 48.8566, longitude: 2.3522, accuracy: 12 } });
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const socketUrls: string[] = [];
    const socketFrames: string[] = [];
    page.on('websocket', (socket) => {
      socketUrls.push(socket.url());
      socket.on('framesent', (frame) => socketFrames.push(String(frame.payload)));
    });

    await withDiagnostics(page, async () => {
      // Welcome: the vehicle and a Start button.
      await page.goto(captureUrl);
      await page.locator('#start:not([disabled])').waitFor();
      const welcome = await page.locator('#screen-welcome').innerText();
      expect(welcome).toContain('2019 Honda Accord');
      expect(welcome).toContain(VIN);
      expect(welcome).toContain('You will take 6 photos');
      // Connected: the page says nothing (no "Live" light that reads like a camera streaming).
      await page.locator('#live-status[data-state="open"]').waitFor({ state: 'attached' });
      expect(await page.locator('#live-status').isHidden()).toBe(true);
      await checkState(page, 'capture-welcome', 'the welcome screen');

      // The guided list, in capture order.
      await page.getByRole('button', { name: 'Start inspection' }).click();
      await page.locator('#screen-capture').waitFor();
      expect(await page.locator('.photo-title').allTextContents()).toEqual(LITE_LABELS);
      expect(await page.locator('#photo-1 .hint').innerText()).toMatch(/VIN plate/);
      for (const code of LITE_CODES) {
        const input = page.locator(`#photo-input-${code}`);
        expect(await input.getAttribute('accept')).toBe('image/*');
        expect(await input.getAttribute('capture')).toBe('environment');
      }
      expect(await page.locator('#progress-text').innerText()).toBe('0 of 6 accepted');
      expect(await page.locator('#confirm').isDisabled()).toBe(true);
      await checkState(page, 'capture-list', 'the list of views');

      // A blurred photo is rejected with plain words on what to do, and a Retake button. The upload's answer is held
      // back 500 ms, as a slow network would, so the live event (which carries no reason) arrives first: the page
      // must still never show the verdict without its reason.
      await page.evaluate(() => {
        const item = document.querySelector('#photo-1') as HTMLElement;
        const verdicts: string[] = [];
        (window as unknown as { verdicts: string[] }).verdicts = verdicts;
        new MutationObserver(() => {
          if (item.dataset.state === 'rejected') verdicts.push(item.querySelector('.verdict')?.textContent ?? '');
        }).observe(item, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      // Held at the response stage, after the server has answered, so the request itself goes through untouched.
      const holdBack = await context.newCDPSession(page);
      await holdBack.send('Fetch.enable', { patterns: [{ urlPattern: '*/graphql', requestStage: 'Response' }] });
      holdBack.on('Fetch.requestPaused', ({ requestId }) => {
        setTimeout(() => void holdBack.send('Fetch.continueRequest', { requestId }).then(() => holdBack.send('Fetch.disable')), 500);
      });
      await page.locator('#photo-input-1').setInputFiles(blurredPhoto);
      await photo(page, 1, 'rejected').waitFor();
      const blurry = 'Blurry — hold the phone still, tap to focus, then take it again';
      expect(await photo(page, 1).locator('.verdict').innerText()).toBe(blurry);
      expect(new Set(await page.evaluate(() => (window as unknown as { verdicts: string[] }).verdicts))).toEqual(new Set([blurry]));
      expect(await photo(page, 1).locator('[data-role="take"]').innerText()).toBe('Retake');
      await checkState(page, 'capture-rejected', 'a rejected photo');

      // The retake, through the Retake button's file chooser, with the upload slowed down to watch its progress.
      const network = await context.newCDPSession(page);
      await network.send('Network.enable');
      await network.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
      // Every state the item goes through is recorded as it happens, so no transient one can be missed.
      await page.evaluate(() => {
        const item = document.querySelector('#photo-1') as HTMLElement;
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        new MutationObserver(() => seen.push(`${item.dataset.state} ${item.querySelector('.verdict')?.textContent ?? ''}`)).observe(item, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      });
      // This browser has no camera: Retake falls back to the phone's camera app (the file input).
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), photo(page, 1).locator('[data-role="take"]').click()]);
      await chooser.setFiles(scenePhotos.get(1) as string);
      await page.waitForFunction(() => (window as unknown as { seen: string[] }).seen.some((entry) => /^uploading Sending… [1-9]\d?%$/.test(entry)));
      await saveScreenshot(page, 'capture-uploading');
      await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await photo(page, 1, 'accepted').waitFor();
      expect(await photo(page, 1).locator('img.thumb').getAttribute('src')).toMatch(/^blob:/);
      expect(await page.locator('#progress-text').innerText()).toBe('1 of 6 accepted');

      // Keyboard: the next photo's Take photo button takes focus with a visible ring and opens the camera/file chooser.
      const takeSecond = photo(page, 2).locator('[data-role="take"]');
      await takeSecond.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await takeSecond.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await takeSecond.evaluate((button) => getComputedStyle(button).outlineStyle)).toBe('solid');
      const [keyboardChooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
      await keyboardChooser.setFiles(scenePhotos.get(2) as string);
      await photo(page, 2, 'accepted').waitFor();

      // A reload resumes from the server's state: verdicts, thumbnails from photo URLs, progress.
      await page.reload();
      await page.locator('#screen-capture').waitFor();
      await photo(page, 1, 'accepted').waitFor();
      await photo(page, 2, 'accepted').waitFor();
      expect(await page.locator('#progress-text').innerText()).toBe('2 of 6 accepted');
      expect(await photo(page, 1).locator('img.thumb').getAttribute('src')).toMatch(new RegExp(`^${server.baseUrl}/photos/`));
      expect(await photo(page, 4, 'empty').count()).toBe(1);

      // The other four at once.
      for (const code of [4, 5, 7, 8]) await page.locator(`#photo-input-${code}`).setInputFiles(scenePhotos.get(code) as string);
      for (const code of [4, 5, 7, 8]) await photo(page, code, 'accepted').waitFor();
      await page.locator('#confirm:not([disabled])').waitFor();
      expect(await page.locator('#progress-text').innerText()).toBe('6 of 6 accepted');
      // The large photo left the browser upright, at most 2560 px long, as a JPEG without an orientation to apply.
      const listed = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/photos`)).body as { photo_code: number; url: string }[];
      const sent = await sharp(Buffer.from(await (await fetch(listed.find((entry) => entry.photo_code === 8)?.url as string)).arrayBuffer())).metadata();
      expect({ format: sent.format, width: sent.width, height: sent.height, orientation: sent.orientation }).toEqual({
        format: 'jpeg',
        width: 1920,
        height: 2560,
        orientation: undefined,
      });

      // Location and a note.
      await page.getByRole('button', { name: 'Add my location' }).click();
      await page.locator('#location-text', { hasText: 'Location added (within 12 m).' }).waitFor();
      // The fields stop where the server would refuse the note (its limits, from the page's configuration).
      expect(await page.getByLabel('Title').getAttribute('maxlength')).toBe(String(CAPTURE_PAGE_CONFIG.noteTitleMax));
      expect(await page.getByLabel('What should the inspector know?').getAttribute('maxlength')).toBe(String(CAPTURE_PAGE_CONFIG.noteDescriptionMax));
      await page.getByLabel('Title').fill('Scratch');
      await page.getByLabel('What should the inspector know?').fill('Small scratch near the rear door handle.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.locator('#notes-list .note-title', { hasText: 'Scratch' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await checkState(page, 'capture-all-accepted', 'every view accepted, a note added');

      const session = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}`);
      expect(session.body.status).toBe('QC_PASSED');
      const notes = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/notes`);
      expect(notes.body).toEqual([expect.objectContaining({ title: 'Scratch', user: 'guest' })]);

      // Confirm: the completion screen turns to "report ready" when SESSION:COMPLETE arrives.
      await page.getByRole('button', { name: 'Confirm inspection' }).click();
      await page.locator('#screen-done').waitFor();
      await page.locator('#report-status[data-ready="true"]').waitFor();
      expect(await page.locator('#done-title').innerText()).toBe('Thank you!');
      expect(await page.locator('#report-status').innerText()).toBe('Your condition report is ready.');
      // The way back to the integrator's site: a plain link (docs/capture.md).
      const back = page.getByRole('link', { name: 'Back to the website' });
      expect(await back.getAttribute('href')).toBe('https://dealer.example.com/thanks?from=inspection');
      await checkState(page, 'capture-complete', 'the completion screen with its report');

      // After a reload a completed session says so, with the report still at hand.
      await page.reload();
      await page.locator('#screen-done').waitFor();
      expect(await page.locator('#done-title').innerText()).toBe('This inspection is complete');
      await page.locator('#report-actions:not([hidden])').waitFor();
    });

    // The token never travelled in a URL: headers over HTTP, connectionParams over the socket.
    for (const request of requests) expect(request.url()).not.toContain(token);
    for (const url of socketUrls) expect(url).not.toContain(token);
    const graphqlPosts = requests.filter((request) => request.url() === `${server.baseUrl}/graphql` && request.method() === 'POST');
    expect(graphqlPosts.length).toBeGreaterThan(8);
    for (const request of graphqlPosts) expect(request.headers()['capture-token']).toBe(token);
    const init = socketFrames.map((frame) => JSON.parse(frame)).find((message) => message.type === 'connection_init');
    expect(init.payload).toEqual({ 'Capture-Token': token });
    expect(problems).toEqual([]);
    completed = { captureUrl, sessionKey };
    await context.close();
    // Five states checked by axe at two sizes besides the capture itself.
  }, 120_000);

  it('opens the condition report from the completion screen: the PDF (with the VIN) and the HTML page', async () => {
    expect(completed).not.toBeNull();
    const { captureUrl, sessionKey } = completed as { captureUrl: string; sessionKey: string };
    // The routes the buttons call, answering to the Capture-Token header only.
    const token = captureUrl.split('#')[1] as string;
    expect((await fetch(`${server.baseUrl}/capture/${sessionKey}/report.pdf`, { headers: { 'Capture-Token': token } })).status).toBe(200);
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(captureUrl);
    await page.locator('#report-actions:not([hidden])').waitFor();
    // Fetched with the Capture-Token header: the PDF as a download, the HTML in a new tab.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe(`condition-report-${sessionKey}.pdf`);
    const pdf = readFileSync((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf)).toContain(VIN);
    const [reportTab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'View report' }).click()]);
    const reportProblems = watchPageProblems(reportTab);
    await reportTab.locator('h1').waitFor();
    expect(await reportTab.locator('body').innerText()).toContain(VIN);
    expect(await reportTab.evaluate(() => document.adoptedStyleSheets.length)).toBeGreaterThan(0);
    expect(reportProblems).toEqual([]);
    await reportTab.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('tells the person the photos are being reviewed while a manual review is pending, then offers the report', async () => {
    const reviewed = await server.createAccount(undefined, { review_mode: 'manual' });
    const { captureUrl, sessionKey, captureToken } = await vehicleSession(reviewed);
    const capture = { captureToken };
    await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: sessionKey });
    for (const code of LITE_CODES) {
      const uploaded = await uploadPhoto(server.baseUrl, capture, sessionKey, code, readFileSync(scenePhotos.get(code) as string));
      expect(uploaded.body.data?.capturePhoto?.approved).toBe(true);
    }
    const confirmed = await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', {
      k: sessionKey,
    });
    expect(confirmed.data?.confirmInspection?.status).toBe('CONFIRM');

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(captureUrl);
    await page.locator('#screen-done').waitFor();
    expect(await page.locator('#report-status').innerText()).toBe(
      'Your photos were received and are being reviewed. The condition report will appear here once the review is complete.',
    );
    expect(await page.locator('#report-actions').isHidden()).toBe(true);
    await checkState(page, 'capture-awaiting-review', 'the completion screen while a review is pending');

    expect((await apiRequest(server.baseUrl, reviewed, 'POST', `/v1/sessions/${sessionKey}/review`, { no_damage_found: true })).status).toBe(200);
    await page.locator('#report-status[data-ready="true"]').waitFor({ timeout: 30_000 });
    await page.locator('#report-actions:not([hidden])').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('explains unknown and incomplete links instead of showing a blank page', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const { sessionKey } = await vehicleSession();

    await page.goto(`${server.baseUrl}/capture/${sessionKey}#not-the-right-token`);
    await page.locator('#screen-problem[data-problem="unknown"]').waitFor();
    expect(await page.locator('#problem-title').innerText()).toBe('This link is not valid');
    await checkState(page, 'capture-unknown', 'the capture page for an unknown link');

    await page.goto(`${server.baseUrl}/capture/ABC-0000000000#also-not-a-token`);
    await page.reload();
    await page.locator('#screen-problem[data-problem="unknown"]').waitFor();

    await page.goto(`${server.baseUrl}/capture/${sessionKey}`);
    await page.locator('#screen-problem[data-problem="incomplete"]').waitFor();
    expect(await page.locator('#problem-title').innerText()).toBe('This link is incomplete');
    await expectNoSeriousAxeViolations(page, 'the capture page for an incomplete link');

    const malformed = await page.goto(`${server.baseUrl}/capture/nope#token`);
    expect(malformed?.status()).toBe(404);
    await page.locator('#screen-problem[data-problem="unknown"]').waitFor();
    // The GraphQL answers for a bad token are errors the page explains; nothing else may fail.
    expect(problems.filter((problem) => !/status of 40[34]/.test(problem))).toEqual([]);
    await context.close();
  });

  it('turns an open page into the expired page when the session expires, and shows it on later visits', async () => {
    const quick = await server.createAccount(undefined, { expiration_hours: 0.0004 }); // ≈ 1.4 s of idleness
    const { captureUrl } = await vehicleSession(quick);
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(captureUrl);
    await page.locator('#screen-problem[data-problem="expired"]').waitFor();
    expect(await page.locator('#problem-title').innerText()).toBe('This link has expired');
    await expectNoSeriousAxeViolations(page, 'the expired capture page on a phone');
    await saveScreenshot(page, 'capture-expired');
    await page.reload();
    await page.locator('#screen-problem[data-problem="expired"]').waitFor();
    await context.close();
    // The same link opened later on a computer.
    const desktop = await newContext(browser, DESKTOP);
    const wide = await desktop.newPage();
    await wide.goto(captureUrl);
    await wide.locator('#screen-problem[data-problem="expired"]').waitFor();
    await expectNoSeriousAxeViolations(wide, 'the expired capture page on a desktop');
    await saveScreenshot(wide, 'capture-expired-desktop');
    await desktop.close();
  });

  it('measures the page weight and time to interactive', async () => {
    const measure = async (label: string, conditions: { latency: number; downloadThroughput: number; uploadThroughput: number } | null) => {
      const { captureUrl } = await vehicleSession();
      const context = await newContext(browser, PHONE);
      const page = await context.newPage();
      const network = await context.newCDPSession(page);
      await network.send('Network.enable');
      await network.send('Network.setCacheDisabled', { cacheDisabled: true });
      if (conditions) await network.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
      await page.goto(captureUrl);
      await page.locator('#start:not([disabled])').waitFor();
      const figures = await page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const assets = resources.filter((entry) => entry.initiatorType !== 'fetch' && entry.initiatorType !== 'xmlhttprequest');
        const api = resources.filter((entry) => entry.initiatorType === 'fetch');
        const files = [navigation, ...assets].map((entry) => ({
          name: new URL(entry.name).pathname,
          transferred: entry.transferSize,
          decoded: entry.decodedBodySize,
        }));
        return {
          files,
          pageKB: files.reduce((sum, file) => sum + file.transferred, 0) / 1024,
          decodedKB: files.reduce((sum, file) => sum + file.decoded, 0) / 1024,
          apiKB: api.reduce((sum, entry) => sum + entry.transferSize, 0) / 1024,
          interactiveMs: performance.getEntriesByName('capture-interactive')[0]?.startTime ?? NaN,
          domContentLoadedMs: navigation.domContentLoadedEventEnd,
        };
      });
      await context.close();
      console.log(
        `[capture page, ${label}] page + assets: ${figures.pageKB.toFixed(1)} KB transferred (${figures.decodedKB.toFixed(1)} KB uncompressed, ` +
          `${figures.files.length} files: ${figures.files.map((file) => `${file.name} ${(file.transferred / 1024).toFixed(1)}`).join(', ')}); ` +
          `session query ${figures.apiKB.toFixed(1)} KB; DOMContentLoaded ${figures.domContentLoadedMs.toFixed(0)} ms; ` +
          `interactive (Start enabled) ${figures.interactiveMs.toFixed(0)} ms`,
      );
      return figures;
    };
    const local = await measure('loopback', null);
    // DevTools' "Slow 4G" profile: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
    const slow = await measure('slow 4G', { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    // The page, its one style sheet and its one script: the camera's code comes with the first photo.
    expect(local.files.map((file) => file.name.replace(/-[A-Z0-9]{8}\./, '-<hash>.')).sort()).toEqual(
      [`/capture/${local.files[0]?.name.split('/')[2]}`, '/web/app/capture-<hash>.css', '/web/app/capture-<hash>.js'].sort(),
    );
    // docs/capture.md: at most 32 KB before the first photo (this is the page before Start, without the drawings).
    expect(local.pageKB).toBeLessThan(32);
    expect(local.interactiveMs).toBeLessThan(3_000);
    expect(slow.interactiveMs).toBeLessThan(10_000);
  }, 60_000);
});
