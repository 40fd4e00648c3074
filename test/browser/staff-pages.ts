// What the staff pages' browser tests share: a person of the account to sign in as, signing in through the page a
// link leads to, and each page state checked by axe and screenshotted at desktop and phone size, with nothing
// sticking out of the phone's screen.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { apiRequest } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { saveScreenshot } from './browser.js';

export type StaffRole = 'owner' | 'inspector' | 'viewer';

/** A person of `account` with `role`, created over the API; resolves to the username to sign in with. */
export async function addStaffUser(baseUrl: string, account: TestAccount, role: StaffRole, password: string, name = `The ${role}`): Promise<string> {
  const username = `${role}-${account.username}`.toLowerCase().slice(0, 60);
  expect((await apiRequest(baseUrl, account, 'POST', '/v1/users', { username, password, role, name })).status).toBe(201);
  return username;
}

/** Opens `path` signed out, signs in on the form it shows, and waits to be back at `path`. */
export async function signInAt(page: Page, baseUrl: string, path: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('#sign-in').getByLabel('Username').fill(username);
  await page.locator('#sign-in').getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}${path}`);
}

/**
 * axe at desktop and phone size and a screenshot of each (`name`, `name-phone`), with `shown` (the state's point) in
 * view; on the phone nothing in the page's main part may reach past the screen's edge, except a wide table scrolling
 * inside its own .table-wrap.
 */
export async function checkBothSizes(page: Page, name: string, state: string, shown?: string): Promise<void> {
  await expectNoSeriousAxeViolations(page, state);
  if (shown) await page.locator(shown).scrollIntoViewIfNeeded();
  await saveScreenshot(page, name);
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  if (shown) await page.locator(shown).scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page, `${state} on a phone`);
  const sticking = await page.evaluate(() =>
    [...document.querySelectorAll('#main *')]
      .filter((element) => !element.closest('.table-wrap table') && element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => element.id || element.tagName),
  );
  expect(sticking, `${state}: nothing sticks out on a phone`).toEqual([]);
  await saveScreenshot(page, `${name}-phone`);
  if (desktop) await page.setViewportSize(desktop);
}
