// The vehicle check in the pages (docs/capture.md#vehicle-check), in a real Chromium with VEHICLE_CHECK=advise: the
// capture page asks, in the session's language, whether to retake or keep an exterior photo the check flagged (retake
// opens the camera; keep closes the question); the review workspace shows the flag and the vehicle's box. Each new
// state is checked by axe-core and screenshotted at phone and desktop size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { createSession } from '../support/capture-flow.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import { makeStreet, makeVehiclePhoto } from '../support/vehicle-photos.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { DESKTOP, PHONE, RUN_BROWSER_TESTS, launchChromium, newContext, saveScreenshot, watchPageProblems, writeFileIn } from './browser.js';

describe.skipIf(!RUN_BROWSER_TESTS)('the vehicle check in the pages', () => {
  let server: TestServer;
  let account: TestAccount;
  let browser: Browser;
  let directory: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ VEHICLE_CHECK: 'advise' }), launchChromium()]);
    account = await server.createAccount(undefined, { review_mode: 'manual' });
    directory = mkdtempSync(join(tmpdir(), 'vehicle-check-'));
    // The model loads now, not within the first page's wait.
    await server.app.services.vehicleDetector?.warmUp();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  /** Saves the state at the context's size and at the other one, each checked with axe-core. */
  async function capture(page: Page, name: string, state: string, other: { width: number; height: number }) {
    await expectNoSeriousAxeViolations(page, state);
    await saveScreenshot(page, name);
    const size = page.viewportSize();
    await page.setViewportSize(other);
    await expectNoSeriousAxeViolations(page, `${state} (${other.width} px)`);
    await saveScreenshot(page, `${name}-${other.width > 800 ? 'desktop' : 'phone'}`);
    if (size) await page.setViewportSize(size);
  }

  it('asks whether to retake or keep a photo without a whole vehicle: retake opens the camera, keep closes the question', async () => {
    const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE', language: 'es' } });
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(session.captureUrl);
    await page.locator('#start:not([disabled])').click();
    await page.locator('#screen-capture').waitFor();

    // The driver side (photo code 4) as a street with no vehicle: accepted, with the question in Spanish.
    await page.setInputFiles('#photo-file-4', writeFileIn(directory, 'street.jpg', await makeStreet(41)));
    await page.locator('#photo-4[data-state="accepted"]').waitFor({ timeout: 60_000 });
    const advice = page.locator('#photo-4 [data-role="vehicle-advice"]');
    await advice.waitFor();
    expect(await advice.innerText()).toContain('No pudimos ver el vehículo entero: ¿repetir o quedarse con esta foto?');
    await advice.scrollIntoViewIfNeeded();
    await capture(page, 'capture-vehicle-check', 'the vehicle check question', DESKTOP.viewport as { width: number; height: number });

    // Retake opens the camera (here, the file chooser of the camera app).
    const chooser = page.waitForEvent('filechooser');
    await advice.getByRole('button', { name: 'Repetir' }).click();
    await chooser;
    // Keep: the question goes, the photo stays accepted, and the list says so to a screen reader.
    await advice.getByRole('button', { name: 'Quedarse con esta foto' }).click();
    await advice.waitFor({ state: 'hidden' });
    expect(await page.locator('#photo-4').getAttribute('data-state')).toBe('accepted');
    await page.waitForFunction(() => document.getElementById('announcer')?.textContent === 'Guardada.');

    // A framed bus asks nothing; a view that is not exterior is never checked.
    await page.setInputFiles('#photo-file-5', writeFileIn(directory, 'bus.jpg', await makeVehiclePhoto('bus', 'framed', 42)));
    await page.locator('#photo-5[data-state="accepted"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('#photo-5 [data-role="vehicle-advice"]').isHidden()).toBe(true);
    expect(await page.locator('#photo-1 [data-role="vehicle-advice"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows the flag and the box in the review workspace', async () => {
    const session = await createSession(server.baseUrl, account);
    const guest = { captureToken: session.captureToken };
    await graphqlRequest(server.baseUrl, guest, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: session.sessionKey });
    const photos: Record<number, Buffer> = {
      1: await makeScene({ seed: 51 }),
      2: await makeScene({ seed: 52 }),
      4: await makeVehiclePhoto('bus', 'cut_off', 54),
      5: await makeVehiclePhoto('bus', 'framed', 55),
      7: await makeStreet(57),
      8: await makeVehiclePhoto('suv', 'framed', 58),
    };
    for (const [code, photo] of Object.entries(photos)) {
      expect((await uploadPhoto(server.baseUrl, guest, session.sessionKey, Number(code), photo)).body.data.capturePhoto.approved).toBe(true);
    }
    const confirmed = await graphqlRequest(server.baseUrl, guest, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', {
      k: session.sessionKey,
    });
    expect(confirmed.data.confirmInspection.status).toBe('CONFIRM');
    const listed = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/photos`);
    expect(listed.body.find((photo: { photo_code: number }) => photo.photo_code === 4).vehicle_check).toBe('cut_off');

    const owner = `owner-${account.username}`.slice(0, 60).toLowerCase();
    expect(
      (await apiRequest(server.baseUrl, account, 'POST', '/v1/users', { username: owner, password: 'a-long-dashboard-password', role: 'owner' })).status,
    ).toBe(201);
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/dashboard/sessions/${session.sessionKey}`);
    // The dashboard's first load on a busy machine can take a while.
    await page.locator('#sign-in').getByLabel('Username').waitFor({ timeout: 90_000 });
    await page.locator('#sign-in').getByLabel('Username').fill(owner);
    await page.locator('#sign-in').getByLabel('Password').fill('a-long-dashboard-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .locator('#review .annotator-canvas img')
      .waitFor({ timeout: 60_000 })
      .catch(async (error: Error) => {
        await saveScreenshot(page, 'failed-review');
        throw new Error(
          `${error.message}\n${page.url()}\n${(
            await page
              .locator('main')
              .innerText()
              .catch(() => '')
          ).slice(0, 800)}`,
        );
      });
    // Watched once signed in: the signed-out page's own 401 is how it learns to ask for a sign-in.
    const problems = watchPageProblems(page);
    // The views with a flag carry a mark on their tab: the driver side (cut off) and the passenger side (no vehicle).
    const tabs = page.locator('#review .photo-tabs button');
    expect(await tabs.filter({ hasText: '⚠' }).count()).toBe(2);
    await tabs.filter({ hasText: 'Driver side' }).first().click();
    await page.locator('#review .vehicle-flag').waitFor();
    expect(await page.locator('#review .vehicle-flag').innerText()).toContain('the vehicle is cut off by the edge of the photo');
    await page.locator('#review .vehicle-box').waitFor();
    await page.waitForFunction(() => (document.querySelector('#review .annotator-canvas img') as HTMLImageElement | null)?.complete === true);
    await page.locator('#review').scrollIntoViewIfNeeded();
    await capture(page, 'dashboard-review-vehicle-check', 'the review workspace with a vehicle flag', { width: 390, height: 844 });
    // A framed vehicle: its box, no flag.
    await tabs.filter({ hasText: 'Front' }).first().click();
    await page.locator('#review .vehicle-box').waitFor();
    expect(await page.locator('#review .vehicle-flag').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);
});
