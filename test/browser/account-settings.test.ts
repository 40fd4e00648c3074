// The account's settings in the dashboard and where its logo shows, in a real browser (Debian's Chromium): an owner
// edits and saves every setting (a refused value in the server's words), uploads and removes the logo, and the bar
// follows at once; a viewer reads the same settings without a form; the person capturing sees the logo and the colour.
// Every state is checked by axe-core and screenshotted at desktop and phone size.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { createSession } from '../support/capture-flow.js';
import { makeLogo, makeScene } from '../support/images.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { DESKTOP, newContext, PHONE, releaseChromium, RUN_BROWSER_TESTS, saveScreenshot, sharedChromium, watchPageProblems } from './browser.js';
import { addStaffUser, checkBothSizes, signInAt } from './staff-pages.js';

const PASSWORD = 'a-long-settings-password';

describe.skipIf(!RUN_BROWSER_TESTS)("the account's settings in the dashboard", () => {
  let server: TestServer;
  let browser: Browser;
  let files: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedChromium()]);
    files = mkdtempSync(join(tmpdir(), 'account-settings-'));
  });

  afterAll(async () => {
    await releaseChromium(browser);
    await server?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  it('lets the owner edit and save every setting, upload and remove the logo; the bar follows; a viewer only reads', async () => {
    const account = await server.createAccount();
    const owner = await addStaffUser(server.baseUrl, account, 'owner', PASSWORD);
    const viewer = await addStaffUser(server.baseUrl, account, 'viewer', PASSWORD);
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    try {
      await signInAt(page, server.baseUrl, '/dashboard/settings/account', owner, PASSWORD);
      const form = page.locator('#account-settings-form');
      await form.waitFor();
      expect(await page.getByLabel('Display name').inputValue()).toBe(account.username);
      expect(await page.locator('#account-name').innerText()).toBe(account.username);
      // Settings follows no events: the bar shows no live dot (an unlabelled yellow dot would mean nothing).
      await page.locator('#live-status[data-state="closed"]').waitFor({ state: 'attached' });
      expect(await page.locator('#live-status').evaluate((element) => getComputedStyle(element, '::before').display)).toBe('none');
      await checkBothSizes(page, 'dashboard-account-settings', 'the account settings as they start');

      // Every setting, then Save: the server has them, and the bar shows the new name.
      await page.getByLabel('Display name').fill('Northside Motors');
      await page.getByLabel('Brand colour', { exact: false }).first().fill('#0B6E4F');
      await page.getByLabel('Language of new sessions').selectOption('fr');
      await page.getByLabel('Theme of new sessions').selectOption('LITE');
      await page.getByLabel('Sessions expire after (hours without activity)').fill('36');
      await page.getByLabel(/^A person reviews/).check();
      await page.getByLabel(/After capture, send the person to/).fill('https://northside.example/thanks');
      await page.getByLabel(/Send notices to/).fill('desk@northside.example\nlead@northside.example');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.locator('#account-name', { hasText: 'Northside Motors' }).waitFor();
      // Saving says so beside the button, which keeps the focus through the request (not dropped to the page).
      await page.locator('#account-settings-done', { hasText: 'Settings saved.' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Save settings');
      await checkBothSizes(page, 'dashboard-account-settings-saved', 'the account settings just saved', '#account-settings-done');
      expect((await apiRequest(server.baseUrl, account, 'GET', '/v1/account')).body).toMatchObject({
        display_name: 'Northside Motors',
        brand_color: '#0b6e4f',
        default_language: 'fr',
        default_theme: 'LITE',
        expiration_hours: 36,
        review_mode: 'manual',
        redirect_url: 'https://northside.example/thanks',
        notification_emails: ['desk@northside.example', 'lead@northside.example'],
      });
      expect(await page.getByLabel('Brand colour', { exact: false }).first().inputValue()).toBe('#0b6e4f');

      // A value the server refuses comes back in its words, and nothing is changed.
      await page.getByLabel(/Send notices to/).fill('desk@northside.example\nnot-an-address');
      await page.getByLabel('Display name').fill('Changed But Refused');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.locator('#account-settings-error', { hasText: 'notification_emails' }).waitFor();
      await checkBothSizes(page, 'dashboard-account-settings-error', 'the account settings with a refused value');
      expect((await apiRequest(server.baseUrl, account, 'GET', '/v1/account')).body.display_name).toBe('Northside Motors');
      await page.getByLabel(/Send notices to/).fill('desk@northside.example');
      await page.getByLabel('Display name').fill('Northside Motors');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.locator('#account-settings-error').waitFor({ state: 'detached' });

      // The logo: too large a file is refused before it is sent; a PNG is uploaded and shows in the card and the bar.
      const big = join(files, 'big.png');
      writeFileSync(big, await makeScene({ width: 1600, height: 1200, format: 'png' }));
      await page.getByLabel(/Logo file/).setInputFiles(big);
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await page.locator('#account-logo-error', { hasText: 'at most 256 KB' }).waitFor();
      const svg = join(files, 'logo.svg');
      writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
      await page.getByLabel(/Logo file/).setInputFiles(svg);
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await page.locator('#account-logo-error', { hasText: 'PNG or JPEG' }).waitFor();
      const logo = join(files, 'logo.png');
      writeFileSync(logo, await makeLogo({ color: '#0b6e4f' }));
      await page.getByLabel(/Logo file/).setInputFiles(logo);
      await page.getByRole('button', { name: 'Upload logo' }).click();
      const preview = page.locator('#account-logo-preview');
      await preview.waitFor();
      const logoUrl = (await preview.getAttribute('src')) as string;
      expect(logoUrl).toMatch(new RegExp(`^${server.baseUrl}/logos/`));
      expect(await page.locator('#account-logo').getAttribute('src')).toBe(logoUrl);
      expect(await preview.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(480);
      expect(await page.locator('#account-logo-error').count()).toBe(0);
      await checkBothSizes(page, 'dashboard-account-logo', 'the account settings with a logo');

      // A new session takes the new defaults, and its capture page shows the logo and the colour.
      const session = await createSession(server.baseUrl, account, { vehicle: { make: 'Volvo', model: 'V60' } });
      const phone = await (await newContext(browser, PHONE)).newPage();
      const phoneProblems = watchPageProblems(phone);
      await phone.goto(session.captureUrl);
      await phone.locator('#screen-welcome').waitFor();
      const brandLogo = phone.locator('#brand-logo');
      await brandLogo.waitFor();
      expect(await brandLogo.getAttribute('src')).toBe(logoUrl);
      // The element can be there before its image has loaded (a busy machine): wait for the load, then check it drew.
      await phone.waitForFunction(() => (document.getElementById('brand-logo') as HTMLImageElement | null)?.complete === true);
      expect(await brandLogo.evaluate((image) => (image as HTMLImageElement).naturalWidth > 0)).toBe(true);
      expect(await phone.locator('#brand-name').innerText()).toBe('Northside Motors');
      expect(await phone.locator('html').getAttribute('lang')).toBe('fr');
      expect(await phone.locator('.topbar').evaluate((bar) => getComputedStyle(bar).backgroundColor)).toBe('rgb(11, 110, 79)');
      await expectNoSeriousAxeViolations(phone, 'the capture page with the logo');
      await saveScreenshot(phone, 'capture-logo-phone');
      await phone.setViewportSize({ width: 1280, height: 900 });
      await saveScreenshot(phone, 'capture-logo');
      expect(phoneProblems).toEqual([]);
      await phone.context().close();

      // Removing the logo asks first; then the card and the bar show the name alone.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Remove logo' }).click();
      await page.locator('#account-logo-none').waitFor();
      expect(await page.locator('#account-logo').count()).toBe(0);
      expect((await fetch(logoUrl)).status).toBe(404);
      await expectNoSeriousAxeViolations(page, 'the account settings after the logo was removed');

      // A viewer reads the settings: no form, no upload.
      const viewerPage = await (await newContext(browser, DESKTOP)).newPage();
      await signInAt(viewerPage, server.baseUrl, '/dashboard/settings/account', viewer, PASSWORD);
      await viewerPage.locator('#account-facts', { hasText: 'Northside Motors' }).waitFor();
      expect(await viewerPage.locator('#account-settings-form, #account-logo-form').count()).toBe(0);
      expect(await viewerPage.locator('#account-facts').innerText()).toContain('Français');
      await checkBothSizes(viewerPage, 'dashboard-account-readonly', 'the account settings for a viewer');
      await viewerPage.context().close();
      // The refused upload's 400 is the one failed request the browser reports (the sign-in page's check, a 401).
      expect(problems.filter((problem) => !/status of (400|401)/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
