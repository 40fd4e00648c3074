// The guided capture (docs/capture.md) as a person with a phone meets it, in Spanish: a phone-sized Chromium with a
// mobile user agent and touch, whose camera is Chromium's fake device playing a video of distinct scenes — one
// view after another, as the phone is pointed around the car. A whole PRO capture: the VIN label read from its
// barcode, a rejection in plain Spanish and its retake, every other view through the in-page camera with the
// view's outline over the picture, one photo cut off by going offline and sent by itself once back online, a retake
// of an accepted photo after every view passed, a note typed but never added saved by Confirm, and the way back to
// the dealer's site.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { makeDark, makeScene } from '../support/images.js';
import { makeVinLabelPhoto } from '../support/vin-labels.js';
import { createSession } from '../support/capture-flow.js';
import { y4mOfPictures } from '../support/y4m.js';
import { RUN_BROWSER_TESTS, launchChromium, newContext, PHONE, saveScreenshot, watchPageProblems, writeFileIn } from './browser.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';

const VIN = '1HGCM82633A004352';
const REDIRECT_URL = 'https://autos-sol.example.es/gracias';
/** Pictures in the camera's video: more than the views, so every view and one retake get a scene of their own. */
const CAMERA_SCENES = 14;
/** The smallest picture quality control takes (docs/capture.md): every frame costs time to make. */
const CAMERA_SIZE = { width: 1024, height: 768 };

describe.skipIf(!RUN_BROWSER_TESTS)('the guided capture, in Spanish, through the in-page camera', () => {
  let server: TestServer;
  let account: TestAccount;
  let browser: Browser;
  let directory: string;
  const files: Record<'vinLabel' | 'dark' | 'offline', string> = { vinLabel: '', dark: '', offline: '' };

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'capture-guided-'));
    const scenes = await Promise.all(Array.from({ length: CAMERA_SCENES }, (_, index) => makeScene({ ...CAMERA_SIZE, seed: 5_000 + index * 7 })));
    const video = join(directory, 'camera.y4m');
    writeFileSync(video, await y4mOfPictures(scenes, { ...CAMERA_SIZE, fps: 25 }));
    files.vinLabel = writeFileIn(directory, 'vin-label.jpg', await makeVinLabelPhoto({ text: VIN, symbology: 'code39', angle: 6, seed: 41 }));
    files.dark = writeFileIn(directory, 'dark.jpg', await makeDark({ seed: 42 }));
    files.offline = writeFileIn(directory, 'offline.jpg', await makeScene({ seed: 43 }));
    [server, browser] = await Promise.all([
      startTestServer(),
      launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]),
    ]);
    account = await server.createAccount(undefined, { display_name: 'Autos Sol', brand_color: '#0b6e4f', review_mode: 'auto' });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  const photo = (page: Page, code: number, state?: string) => page.locator(state ? `#photo-${code}[data-state="${state}"]` : `#photo-${code}`);

  /** Codes of the views as the page lists them (walk-around order). */
  const listedCodes = (page: Page) => page.locator('.photo').evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.code)));

  /**
   * Presses the shutter on a picture the camera has not shown at an earlier press: the fake camera cycles through
   * its scenes, as the phone moves from view to view. The video is paused while a picture is judged and the shutter
   * pressed, so the photo holds exactly that picture.
   */
  async function shootNewScene(page: Page, used: number[][]): Promise<void> {
    const signature = await page.evaluate(async (seen) => {
      const video = document.getElementById('camera-video') as HTMLVideoElement;
      const canvas = document.createElement('canvas');
      canvas.width = 16;
      canvas.height = 12;
      const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
      // A picture is new when it differs clearly from every one shot before: the same scene can come back a few
      // levels off (the camera may adapt its resolution under load), another scene differs by tens of levels.
      const distance = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + Math.abs(value - (b[index] as number)), 0) / a.length;
      const deadline = Date.now() + 20_000;
      const sample = () => {
        context.drawImage(video, 0, 0, 16, 12);
        return Array.from(context.getImageData(0, 0, 16, 12).data.filter((_, index) => index % 4 === 1));
      };
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const isNew = (picture: number[]) => seen.every((earlier) => distance(earlier, picture) > 12);
      while (Date.now() < deadline) {
        if (!isNew(sample())) {
          await wait(10);
          continue;
        }
        // Held still while it is judged again, so that the shutter takes exactly the picture judged new. A pause
        // takes a few milliseconds to hold the picture (a frame may still arrive): it counts once two looks agree.
        video.pause();
        let current = sample();
        for (let settled = false; !settled; ) {
          await wait(30);
          const again = sample();
          settled = distance(again, current) === 0;
          current = again;
        }
        if (isNew(current)) {
          (document.getElementById('camera-shutter') as HTMLButtonElement).click();
          return current;
        }
        await video.play();
      }
      throw new Error('the camera showed no new picture');
    }, used);
    used.push(signature);
  }

  async function takeWithCamera(page: Page, code: number, used: number[][], screenshot?: string): Promise<void> {
    await photo(page, code).locator('[data-role="take"]').click();
    await page.locator('#camera:not([hidden]) #camera-shutter:not([disabled])').waitFor();
    if (screenshot) await saveScreenshot(page, screenshot);
    await shootNewScene(page, used);
    await page.locator('#camera').waitFor({ state: 'hidden' });
  }

  it('takes a whole PRO inspection: VIN label read, a rejection and its retake, the camera with the outline, offline, a late retake, a pending note', async () => {
    const { captureUrl, sessionKey } = await createSession(server.baseUrl, account, {
      session: { theme: 'PRO', language: 'es', redirect_url: REDIRECT_URL },
      vehicle: { vin: VIN, year: 2021, make: 'SEAT', model: 'León' },
    });
    const context = await newContext(browser, { ...PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const used: number[][] = [];

    // Welcome, in Spanish, from the dealer: its name and colour, and what happens with the photos.
    await page.goto(captureUrl);
    await page.locator('#start:not([disabled])').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.locator('#welcome-title').innerText()).toBe('Inspeccionemos su vehículo');
    expect(await page.locator('#brand-name').innerText()).toBe('Autos Sol');
    expect(await page.locator('.topbar').evaluate((bar) => getComputedStyle(bar).backgroundColor)).toBe('rgb(11, 110, 79)');
    expect(await page.locator('#screen-welcome [data-role="privacy"]').innerText()).toBe(
      'Autos Sol recibe estas fotos y el lugar donde se tomaron, solo para esta inspección.',
    );
    await saveScreenshot(page, 'capture-es-welcome');
    await expectNoSeriousAxeViolations(page, 'the capture welcome');

    await page.getByRole('button', { name: 'Empezar la inspección' }).click();
    await page.locator('#screen-capture').waitFor();
    const codes = await listedCodes(page);
    expect([...codes].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    // Every view is named (never numbered) and shows its drawing, served by the service.
    expect(await photo(page, 4).locator('.photo-title').innerText()).toBe('Lado del conductor');
    expect(await page.locator('.photo-title').allInnerTexts()).not.toContainEqual(expect.stringMatching(/^\d/));
    // Drawings load as they come into view: scrolled to, each shows.
    for (const code of codes) {
      const guide = photo(page, code).locator('img.guide');
      expect(await guide.getAttribute('src')).toBe(`/web/views/${code}.svg`);
      await guide.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
        await guide.elementHandle(),
      );
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.locator('#progress-text').innerText()).toBe('0 de 13 aceptadas');
    await saveScreenshot(page, 'capture-es-list');
    // The hidden camera and gallery inputs are named too (axe: every form control has a label).
    await expectNoSeriousAxeViolations(page, 'the capture list');
    const listHeight = await page.locator('.photo-list').evaluate((list) => list.getBoundingClientRect().height);

    // The camera on the VIN view says what to frame there, never "fit the vehicle".
    await photo(page, 1).locator('[data-role="take"]').click();
    await page.locator('#camera:not([hidden]) #camera-shutter:not([disabled])').waitFor();
    expect(await page.locator('#camera-frame').innerText()).toBe(await photo(page, 1).locator('.hint').innerText());
    expect(await page.locator('#camera-frame').innerText()).not.toContain('vehículo dentro');
    await expectNoSeriousAxeViolations(page, 'the capture camera');
    await page.locator('#camera-close').click();
    await page.locator('#camera').waitFor({ state: 'hidden' });

    // The VIN label, chosen from the gallery: its barcode is read and shown to check.
    await photo(page, 1).locator('[data-role="choose"]').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.locator('#photo-file-1').setInputFiles(files.vinLabel);
    await photo(page, 1, 'accepted').waitFor();
    // The live event may say "accepted" before the upload's answer brings the VIN read: wait for the answer.
    await page.locator('#vin-read', { hasText: VIN }).waitFor();
    expect(await page.locator('#vin-read').innerText()).toBe(`VIN leído en la foto: ${VIN}`);
    // Accepted, the view folds (its hint hidden, a small photo) and the list moves on to the next view to do.
    const next = codes[1] as number;
    await page.waitForFunction((code) => document.activeElement?.closest('.photo')?.id === `photo-${code}`, next);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.role)).toBe('take');
    await page.waitForFunction((code) => {
      const top = document.getElementById(`photo-${code}`)?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight / 2;
    }, next);
    expect(await photo(page, 1).locator('.hint').isVisible()).toBe(false);

    // A dark photo: what went wrong and what to do, in Spanish, and a Retake button.
    await page.locator('#photo-file-2').setInputFiles(files.dark);
    await photo(page, 2, 'rejected').waitFor();
    expect(await photo(page, 2).locator('.verdict').innerText()).toBe('Demasiado oscura: encienda más luz o tómela donde el vehículo esté bien iluminado');
    expect(await photo(page, 2).locator('[data-role="take"]').innerText()).toBe('Repetir');
    await photo(page, 2).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'capture-es-rejected');
    await expectNoSeriousAxeViolations(page, 'a rejected photo');

    // Every other view through the in-page camera, the rejected one retaken; the last one is kept for offline.
    const cameraCodes = codes.filter((code) => code !== 1 && code !== codes.at(-1));
    for (const [index, code] of cameraCodes.entries()) {
      await takeWithCamera(page, code, used, index === 1 ? 'capture-es-camera' : undefined);
      await photo(page, code).locator('xpath=self::*[@data-state="accepted" or @data-state="rejected" or @data-state="failed"]').waitFor();
      expect(`${code} ${await photo(page, code).getAttribute('data-state')} ${await photo(page, code).locator('.verdict').innerText()}`).toBe(
        `${code} accepted Aceptada`,
      );
      // Nothing was read on the cluster (the odometer reading is off here): the person skips typing it.
      if (code === 3) await photo(page, 3).getByRole('button', { name: 'Omitir' }).click();
      // The outline the camera showed is the view's own drawing.
      if (index === 1) expect(await page.locator('#camera-outline').getAttribute('src')).toBe(`/web/views/${code}.svg`);
    }
    // With every view but one done, the folded list is far shorter than the list of views to do.
    await page.locator(`#photo-${codes.at(-1)}[data-state="empty"]`).waitFor();
    const doneHeight = await page.locator('.photo-list').evaluate((list) => list.getBoundingClientRect().height);
    expect(doneHeight).toBeLessThan(listHeight * 0.6);
    const [folded, open] = await Promise.all(
      [cameraCodes[0] as number, codes.at(-1) as number].map((code) => photo(page, code).evaluate((item) => item.getBoundingClientRect().height)),
    );
    expect(folded as number).toBeLessThan((open as number) * 0.6);

    // Offline: the photo is kept, the page says it waits for the network, and it goes out by itself once back.
    const last = codes.at(-1) as number;
    await context.setOffline(true);
    await page.locator(`#photo-file-${last}`).setInputFiles(files.offline);
    await photo(page, last, 'failed').waitFor();
    expect(await photo(page, last).locator('.verdict').innerText()).toBe('Esperando la red. Se enviará cuando vuelva a tener conexión.');
    expect(await photo(page, last).locator('[data-role="send-again"]').innerText()).toBe('Enviar de nuevo');
    await photo(page, last).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'capture-es-offline');
    await expectNoSeriousAxeViolations(page, 'a photo kept while offline');
    await context.setOffline(false);
    await photo(page, last, 'accepted').waitFor();
    expect(await page.locator('#progress-text').innerText()).toBe('13 de 13 aceptadas');
    await page.locator('#confirm:not([disabled])').waitFor();
    expect((await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}`)).body.status).toBe('QC_PASSED');

    // After every view passed, an accepted photo can still be retaken; the inspection stays ready to confirm.
    const retaken = codes[3] as number;
    await takeWithCamera(page, retaken, used);
    await page.waitForFunction(
      (code) =>
        document.querySelector(`#photo-${code}`)?.getAttribute('data-state') === 'accepted' && !document.querySelector<HTMLButtonElement>('#confirm')?.disabled,
      retaken,
    );
    const photos = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/photos`)).body as { photo_code: number; approved: boolean }[];
    expect(photos.filter((entry) => entry.photo_code === retaken).map((entry) => entry.approved)).toEqual([true, true]);

    // A note typed but never added goes with the confirmation.
    await page.getByLabel('Título').fill('Rayón');
    await page.getByLabel('¿Qué debe saber el inspector?').fill('Rayón de 10 cm en el paragolpes trasero.');
    await page.getByRole('button', { name: 'Confirmar la inspección' }).click();
    await page.locator('#screen-done').waitFor();
    await page.locator('#report-status[data-ready="true"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('#done-title').innerText()).toBe('¡Gracias!');
    const back = page.getByRole('link', { name: 'Volver a Autos Sol' });
    expect(await back.getAttribute('href')).toBe(REDIRECT_URL);
    await saveScreenshot(page, 'capture-es-complete');
    await expectNoSeriousAxeViolations(page, 'the capture complete screen');

    const notes = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/notes`);
    expect(notes.body).toEqual([expect.objectContaining({ title: 'Rayón', description: 'Rayón de 10 cm en el paragolpes trasero.', user: 'guest' })]);
    const results = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/results`);
    expect(results.body.vehicle).toMatchObject({ vin: VIN, vin_captured: VIN, vin_match: true });
    expect(problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED/.test(problem))).toEqual([]);
    await context.close();
  }, 120_000);
  it('says how to allow a blocked camera and offers the camera app instead', async () => {
    // A browser with a camera whose use the person refused (no automatic permission this time).
    const refusing = await launchChromium(['--use-fake-device-for-media-stream']);
    try {
      const { captureUrl } = await createSession(server.baseUrl, account, { session: { theme: 'LITE', language: 'es' } });
      const context = await newContext(refusing, { ...PHONE, locale: 'es-ES' });
      await context.clearPermissions();
      const page = await context.newPage();
      const problems = watchPageProblems(page);
      await page.goto(captureUrl);
      await page.getByRole('button', { name: 'Empezar la inspección' }).click();
      await photo(page, 1).locator('[data-role="take"]').click();
      await page.locator('#camera-denied:not([hidden])').waitFor();
      expect(await page.locator('#camera-denied h2').innerText()).toBe('La cámara está bloqueada');
      expect(await page.locator('#camera-denied p').innerText()).toMatch(/^Para ver el contorno sobre la imagen, permita la cámara/);
      await saveScreenshot(page, 'capture-es-camera-blocked');
      await expectNoSeriousAxeViolations(page, 'the camera blocked');
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Usar la app de cámara' }).click()]);
      expect(await page.locator('#camera').isHidden()).toBe(true);
      await chooser.setFiles(files.vinLabel);
      await photo(page, 1, 'accepted').waitFor();
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await refusing.close();
    }
    // A second browser to launch, and axe to run.
  }, 60_000);
});
