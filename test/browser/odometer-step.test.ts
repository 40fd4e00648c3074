// The capture page's odometer step (docs/capture.md#odometer-reading), in a real Chromium with the odometer reading on:
// once the cluster photo is accepted, the page asks whether the reading the server suggests is right (confirmed, it is
// stored as read from the photo), lets the person correct it (stored as typed) with a clear error for a reading that is
// none, asks to type it when nothing was read, and lets the person skip it and come back. Each new state is checked by
// axe-core and screenshotted at phone and desktop size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { createSession, type CreatedSession } from '../support/capture-flow.js';
import { graphqlRequest } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import { makeClusterPhoto } from '../support/cluster-photos.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { DESKTOP, PHONE, RUN_BROWSER_TESTS, launchChromium, newContext, saveScreenshot, watchPageProblems, writeFileIn } from './browser.js';

describe.skipIf(!RUN_BROWSER_TESTS)('the odometer step of the capture page', () => {
  let server: TestServer;
  let account: TestAccount;
  let browser: Browser;
  let directory: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ ODOMETER_READING: 'on' }), launchChromium()]);
    account = await server.createAccount();
    directory = mkdtempSync(join(tmpdir(), 'odometer-step-'));
    // The OCR's start (seconds of CPU) before the first photo, as main.ts does at start-up.
    await server.app.services.odometerReader?.warmUp();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  /** Saves the state at phone size and at desktop size, each checked with axe-core. */
  async function capture(page: Page, name: string, state: string) {
    const show = () => page.evaluate(() => document.getElementById('odo-panel')?.scrollIntoView({ block: 'center' }));
    await show();
    await expectNoSeriousAxeViolations(page, state);
    await saveScreenshot(page, name);
    const size = page.viewportSize();
    await page.setViewportSize(DESKTOP.viewport as { width: number; height: number });
    await show();
    await expectNoSeriousAxeViolations(page, `${state} (desktop)`);
    await saveScreenshot(page, `${name}-desktop`);
    if (size) await page.setViewportSize(size);
  }

  async function openStarted(session: CreatedSession, locale: string) {
    const context = await newContext(browser, { ...PHONE, locale });
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(session.captureUrl);
    await page.locator('#start:not([disabled])').click();
    await page.locator('#screen-capture').waitFor();
    return { context, page, problems };
  }

  async function capturedOdometer(session: CreatedSession) {
    const answer = await graphqlRequest(
      server.baseUrl,
      { captureToken: session.captureToken },
      'query($k: String!) { inspectionSession(sessionKey: $k) { odometerCaptured { reading unit source } } }',
      { k: session.sessionKey },
    );
    return answer.data?.inspectionSession?.odometerCaptured;
  }

  const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('data-role') || '');

  it('shows the reading of the cluster photo to confirm, stores a correction as typed, and keeps an invalid entry with its error', async () => {
    const session = await createSession(server.baseUrl, account, {
      session: { theme: 'PRO', language: 'en' },
      vehicle: { odom_reading: 48_000, odom_unit: 'km' },
    });
    const { context, page, problems } = await openStarted(session, 'en-US');
    const cluster = await makeClusterPhoto({ kind: 'screen', reading: 48_213, unit: 'km', seed: 1 });
    // Where the person is when the photo comes back: on the view's Take button (the focus moves on only from there).
    await page.locator('#photo-3 [data-role="take"]').focus();
    await page.setInputFiles('#photo-file-3', writeFileIn(directory, 'cluster.jpg', cluster));
    await page.locator('#photo-3[data-state="accepted"]').waitFor({ timeout: 60_000 });

    // The suggestion, in miles on a phone set to the United States; Confirm takes the focus.
    const text = page.locator('#odo-text');
    await page.waitForFunction(() => document.getElementById('odo-text')?.textContent === 'We read 48,213 mi on the odometer — is that right?');
    await page.waitForFunction(() => document.activeElement?.id === 'odo-confirm');
    expect(await page.getByRole('radio', { name: 'Miles (mi)' }).isChecked()).toBe(true);
    // The cluster shows kilometres: the person says so, and the question follows.
    await page.getByRole('radio', { name: 'Kilometres (km)' }).check();
    expect(await text.innerText()).toBe('We read 48,213 km on the odometer — is that right?');
    await capture(page, 'capture-odometer-question', 'the odometer reading to confirm');

    // Confirmed: stored as read from the photo; the list moves on to the next view.
    await page.locator('#odo-confirm').click();
    await page.waitForFunction(() => document.getElementById('odo-text')?.textContent === 'Odometer: 48,213 km');
    expect(await capturedOdometer(session)).toEqual({ reading: 48_213, unit: 'KM', source: 'PHOTO' });
    await page.waitForFunction(() => document.activeElement?.matches('#photo-1 [data-role="take"]') === true);
    expect(await page.locator('#odo-change').innerText()).toBe('Change the reading');
    await capture(page, 'capture-odometer-saved', 'the odometer reading saved');

    // Changed to a reading no odometer shows: the error, and the text typed stays, focused.
    await page.locator('#odo-change').click();
    const input = page.getByLabel('Odometer reading');
    expect(await input.inputValue()).toBe('48213');
    expect(await focusedId(page)).toBe('odo-input');
    await input.fill('12345678');
    await page.getByRole('button', { name: 'Save the reading' }).click();
    const error = page.locator('#odo-error');
    await error.waitFor();
    expect(await error.innerText()).toBe('That is not an odometer reading. Type the whole number it shows, in digits, without decimals.');
    expect(await input.inputValue()).toBe('12345678');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await focusedId(page)).toBe('odo-input');
    expect(await capturedOdometer(session)).toEqual({ reading: 48_213, unit: 'KM', source: 'PHOTO' });
    await capture(page, 'capture-odometer-invalid', 'an invalid odometer reading');

    // Corrected: stored as typed, in the REST representation too.
    await input.fill('49,100');
    await input.press('Enter');
    await page.waitForFunction(() => document.getElementById('odo-text')?.textContent === 'Odometer: 49,100 km');
    expect(await error.isHidden()).toBe(true);
    expect(await capturedOdometer(session)).toEqual({ reading: 49_100, unit: 'KM', source: 'TYPED' });
    const shown = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}`);
    expect(shown.body.vehicle).toMatchObject({ odom_captured: { reading: 49_100, unit: 'km', source: 'typed' }, odom_match: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('asks in Spanish to type the reading when none was read, and can be skipped and taken up again', async () => {
    const session = await createSession(server.baseUrl, account, { session: { theme: 'PRO', language: 'es' } });
    const { context, page, problems } = await openStarted(session, 'es-ES');
    // A cluster photo with no odometer on it: nothing suggested.
    await page.locator('#photo-3 [data-role="take"]').focus();
    await page.setInputFiles('#photo-file-3', writeFileIn(directory, 'no-odometer.jpg', await makeScene({ seed: 3101 })));
    await page.locator('#photo-3[data-state="accepted"]').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.activeElement?.id === 'odo-input');
    expect(await page.locator('#odo-text').innerText()).toBe('No pudimos leer el cuentakilómetros en la foto. Escriba la lectura, por favor.');
    expect(await page.getByLabel('Lectura del cuentakilómetros').inputValue()).toBe('');
    expect(await page.getByRole('radio', { name: 'Kilómetros (km)' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Confirmar', exact: true }).isHidden()).toBe(true);
    await capture(page, 'capture-es-odometer-type', 'the odometer reading to type, in Spanish');

    // Skipped: nothing stored, the list moves on, and the step can be taken up again.
    await page.getByRole('button', { name: 'Omitir' }).click();
    await page.waitForFunction(
      () => document.getElementById('announcer')?.textContent === 'Sin lectura del cuentakilómetros. Puede añadirla hasta que confirme la inspección.',
    );
    expect(await page.locator('#odo-typing').isHidden()).toBe(true);
    // The folded view's way back wraps within the view rather than widen the page past the phone's width.
    const widths = await page.evaluate(() => ({
      link: document.getElementById('odo-change')?.getBoundingClientRect().right ?? Number.NaN,
      view: document.getElementById('photo-3')?.getBoundingClientRect().right ?? Number.NaN,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths.link).toBeLessThanOrEqual(widths.view);
    expect(widths.page).toBe(PHONE.viewport?.width);
    await page.waitForFunction(() => document.activeElement?.matches('#photo-1 [data-role="take"]') === true);
    expect(await capturedOdometer(session)).toBeNull();
    await capture(page, 'capture-es-odometer-skipped', 'the odometer step skipped, in Spanish');
    await page.getByRole('button', { name: 'Añadir la lectura del cuentakilómetros' }).click();
    expect(await focusedId(page)).toBe('odo-input');
    await page.getByLabel('Lectura del cuentakilómetros').fill('61.000');
    await page.getByRole('button', { name: 'Guardar la lectura' }).click();
    await page.waitForFunction(() => document.getElementById('odo-text')?.textContent === 'Cuentakilómetros: 61.000 km');
    expect(await capturedOdometer(session)).toEqual({ reading: 61_000, unit: 'KM', source: 'TYPED' });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
