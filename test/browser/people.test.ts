// People in the dashboard, in a real browser (Debian's Chromium): an owner changes a person's name and role and sets
// their password (their other sign-in ends), is told in the server's words that the last owner stays; every signed-in
// person changes their own password (a wrong current one is refused; this browser stays signed in, another does not).
// Every state is checked by axe-core and screenshotted at desktop and phone size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { me, signIn, signedInAs } from '../support/sign-in.js';
import { DESKTOP, newContext, releaseChromium, RUN_BROWSER_TESTS, sharedChromium, watchPageProblems } from './browser.js';
import { addStaffUser, checkBothSizes, signInAt } from './staff-pages.js';

const PASSWORD = 'a-long-people-password';
const NEW_PASSWORD = 'another-long-passphrase';

describe.skipIf(!RUN_BROWSER_TESTS)('people in the dashboard', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedChromium()]);
  });

  afterAll(async () => {
    await releaseChromium(browser);
    await server?.stop();
  });

  const roleOf = async (account: TestAccount, username: string) =>
    (await apiRequest(server.baseUrl, account, 'GET', '/v1/users')).body.data.find((user: { username: string }) => user.username === username);

  it("lets the owner change a person's name, role and password; the last owner stays an owner", async () => {
    const account = await server.createAccount();
    const owner = await addStaffUser(server.baseUrl, account, 'owner', PASSWORD, 'Olivia Owner');
    const viewer = await addStaffUser(server.baseUrl, account, 'viewer', PASSWORD, 'Vic Viewer');
    const viewerElsewhere = await signedInAs(server.baseUrl, viewer, PASSWORD);
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    try {
      await signInAt(page, server.baseUrl, '/dashboard/settings/people', owner, PASSWORD);
      await page.locator('#users-body tr', { hasText: viewer }).waitFor();

      // Change the viewer: a new name, the inspector role and a password; their other sign-in ends.
      await page.getByRole('button', { name: `Change ${viewer}` }).click();
      const form = page.locator('#edit-user-form');
      await form.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('edit-user-title');
      expect(await form.getByLabel('Name').inputValue()).toBe('Vic Viewer');
      await checkBothSizes(page, 'dashboard-people-change', 'Settings, People, changing a person', '#edit-user-form');
      await form.getByLabel('Name').fill('Victoria Inspector');
      await form.getByLabel('Role').selectOption('INSPECTOR');
      await form.getByLabel(/New password/).fill(NEW_PASSWORD);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.waitFor({ state: 'detached' });
      const row = page.locator('#users-body tr', { hasText: viewer });
      await row.locator('td', { hasText: /^Inspector$/ }).waitFor();
      expect(await row.innerText()).toContain('Victoria Inspector');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-edit'))).toBe(viewer);
      expect(await roleOf(account, viewer)).toMatchObject({ name: 'Victoria Inspector', role: 'inspector' });
      expect((await me(server.baseUrl, viewerElsewhere)).status).toBe(401);
      expect((await signIn(server.baseUrl, viewer, NEW_PASSWORD)).status).toBe(200);

      // A password the server refuses comes back in its words; nothing changes.
      await page.getByRole('button', { name: `Change ${viewer}` }).click();
      await form.getByLabel(/New password/).evaluate((input) => input.removeAttribute('minlength'));
      await form.getByLabel(/New password/).fill('short');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#edit-user-error', { hasText: 'at least 12 characters' }).waitFor();
      await checkBothSizes(page, 'dashboard-people-change-error', 'Settings, People, a refused change', '#edit-user-error');
      await form.getByRole('button', { name: 'Cancel' }).click();
      expect((await signIn(server.baseUrl, viewer, NEW_PASSWORD)).status).toBe(200);

      // The owner cannot demote themself while they are the last owner: the server says why.
      await page.getByRole('button', { name: `Change ${owner}` }).click();
      await form.getByLabel('Role').selectOption('VIEWER');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#edit-user-error', { hasText: 'last owner' }).waitFor();
      await checkBothSizes(page, 'dashboard-people-last-owner', 'Settings, People, the last owner', '#edit-user-error');
      expect((await roleOf(account, owner)).role).toBe('owner');
      // The sign-in page's check (a 401) is the one failed request the browser reports.
      expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('lets every signed-in person change their own password; this browser stays signed in, another is signed out', async () => {
    const account = await server.createAccount();
    const viewer = await addStaffUser(server.baseUrl, account, 'viewer', PASSWORD, 'Val Viewer');
    const elsewhere = await signedInAs(server.baseUrl, viewer, PASSWORD);
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    try {
      await signInAt(page, server.baseUrl, '/dashboard/settings/account', viewer, PASSWORD);
      const form = page.locator('#password-form');
      await form.waitFor();
      await checkBothSizes(page, 'dashboard-password', 'Settings, Account, change my password', '#password-form');

      // A wrong current password: the server's words, and the person stays signed in.
      await form.getByLabel('Current password').fill('not my password at all');
      await form.getByLabel(/^New password \(/).fill(NEW_PASSWORD);
      await form.getByLabel('New password again').fill(NEW_PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await page.locator('#password-error', { hasText: 'current password is wrong' }).waitFor();
      await checkBothSizes(page, 'dashboard-password-error', 'Settings, Account, a wrong current password', '#password-error');
      expect(await page.locator('#sign-in').count()).toBe(0);

      await form.getByLabel('Current password').fill(PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await page.locator('#password-done').waitFor();
      expect(await page.locator('#password-error').count()).toBe(0);
      // The keyboard stays where it was: the button keeps the focus through the request (not dropped to the page).
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Change password');
      await checkBothSizes(page, 'dashboard-password-done', 'Settings, Account, the password changed', '#password-done');
      expect((await me(server.baseUrl, elsewhere)).status).toBe(401);
      expect((await signIn(server.baseUrl, viewer, NEW_PASSWORD)).status).toBe(200);
      // This browser is still signed in: the next page loads without asking.
      await page.reload();
      await page.locator('#password-form').waitFor();
      expect(await page.locator('#sign-in').count()).toBe(0);
      // The sign-in page's check and the wrong password (both 401) are the failed requests the browser reports.
      expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
