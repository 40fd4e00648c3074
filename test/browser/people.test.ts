// People in the dashboard, in a real browser (Debian's Chromium): an owner changes a person's name and role and sets
// their password (their other sign-in ends), is told in the server's words that the last owner stays; every signed-in
// person changes their own password (a wrong current one is refused; this browser stays signed in, another does not).
// Every state is checked by axe-core and screenshotted at desktop and phone size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { me, signIn, signedInAs } from '../support/sign-in.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { DESKTOP, newContext, releaseChromium, RUN_BROWSER_TESTS, saveScreenshot, sharedChromium, watchPageProblems } from './browser.js';

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

  async function addUser(account: TestAccount, role: 'owner' | 'inspector' | 'viewer', name: string): Promise<string> {
    const username = `${role}-${account.username}`.toLowerCase().slice(0, 60);
    expect((await apiRequest(server.baseUrl, account, 'POST', '/v1/users', { username, password: PASSWORD, role, name })).status).toBe(201);
    return username;
  }

  async function signInAt(page: Page, path: string, username: string, password = PASSWORD) {
    await page.goto(`${server.baseUrl}${path}`);
    await page.locator('#sign-in').getByLabel('Username').fill(username);
    await page.locator('#sign-in').getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}${path}`);
  }

  /** axe at desktop and phone size, and a screenshot of each, with `shown` (the state's point) in view. */
  async function capture(page: Page, name: string, state: string, shown?: string) {
    await expectNoSeriousAxeViolations(page, state);
    if (shown) await page.locator(shown).scrollIntoViewIfNeeded();
    await saveScreenshot(page, name);
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    if (shown) await page.locator(shown).scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page, `${state} on a phone`);
    const sticking = await page.evaluate(() =>
      [...document.querySelectorAll('#main *')]
        // A wide table scrolls inside its .table-wrap, which itself stays within the screen.
        .filter((element) => !element.closest('.table-wrap table') && element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => element.id || element.tagName),
    );
    expect(sticking, `${state}: nothing sticks out on a phone`).toEqual([]);
    await saveScreenshot(page, `${name}-phone`);
    if (desktop) await page.setViewportSize(desktop);
  }

  const roleOf = async (account: TestAccount, username: string) =>
    (await apiRequest(server.baseUrl, account, 'GET', '/v1/users')).body.data.find((user: { username: string }) => user.username === username);

  it("lets the owner change a person's name, role and password; the last owner stays an owner", async () => {
    const account = await server.createAccount();
    const owner = await addUser(account, 'owner', 'Olivia Owner');
    const viewer = await addUser(account, 'viewer', 'Vic Viewer');
    const viewerElsewhere = await signedInAs(server.baseUrl, viewer, PASSWORD);
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    try {
      await signInAt(page, '/dashboard/settings/people', owner);
      await page.locator('#users-body tr', { hasText: viewer }).waitFor();

      // Change the viewer: a new name, the inspector role and a password; their other sign-in ends.
      await page.getByRole('button', { name: `Change ${viewer}` }).click();
      const form = page.locator('#edit-user-form');
      await form.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('edit-user-title');
      expect(await form.getByLabel('Name').inputValue()).toBe('Vic Viewer');
      await capture(page, 'dashboard-people-change', 'Settings, People, changing a person', '#edit-user-form');
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
      await capture(page, 'dashboard-people-change-error', 'Settings, People, a refused change', '#edit-user-error');
      await form.getByRole('button', { name: 'Cancel' }).click();
      expect((await signIn(server.baseUrl, viewer, NEW_PASSWORD)).status).toBe(200);

      // The owner cannot demote themself while they are the last owner: the server says why.
      await page.getByRole('button', { name: `Change ${owner}` }).click();
      await form.getByLabel('Role').selectOption('VIEWER');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#edit-user-error', { hasText: 'last owner' }).waitFor();
      await capture(page, 'dashboard-people-last-owner', 'Settings, People, the last owner', '#edit-user-error');
      expect((await roleOf(account, owner)).role).toBe('owner');
      // The sign-in page's check (a 401) is the one failed request the browser reports.
      expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('lets every signed-in person change their own password; this browser stays signed in, another is signed out', async () => {
    const account = await server.createAccount();
    const viewer = await addUser(account, 'viewer', 'Val Viewer');
    const elsewhere = await signedInAs(server.baseUrl, viewer, PASSWORD);
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    try {
      await signInAt(page, '/dashboard/settings/account', viewer);
      const form = page.locator('#password-form');
      await form.waitFor();
      await capture(page, 'dashboard-password', 'Settings, Account, change my password', '#password-form');

      // A wrong current password: the server's words, and the person stays signed in.
      await form.getByLabel('Current password').fill('not my password at all');
      await form.getByLabel(/^New password \(/).fill(NEW_PASSWORD);
      await form.getByLabel('New password again').fill(NEW_PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await page.locator('#password-error', { hasText: 'current password is wrong' }).waitFor();
      await capture(page, 'dashboard-password-error', 'Settings, Account, a wrong current password', '#password-error');
      expect(await page.locator('#sign-in').count()).toBe(0);

      await form.getByLabel('Current password').fill(PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await page.locator('#password-done').waitFor();
      expect(await page.locator('#password-error').count()).toBe(0);
      await capture(page, 'dashboard-password-done', 'Settings, Account, the password changed', '#password-done');
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
