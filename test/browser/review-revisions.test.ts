// Review revisions in the dashboard, in a real browser (Debian's Chromium): an inspector opens a completed, reviewed
// session, reopens its review giving the reason, marks the damage that was missed in the review workspace, completes
// the review again through its summary, and reads the revision history (who, when, why); the report links name the
// revision. A viewer is offered no reopening. Every state is checked by axe-core and screenshotted at desktop and phone size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { createSession, THEME_PHOTOS } from '../support/capture-flow.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { DESKTOP, newContext, releaseChromium, RUN_BROWSER_TESTS, sharedChromium, watchPageProblems } from './browser.js';
import { addStaffUser, checkBothSizes, signInAt } from './staff-pages.js';

const PASSWORD = 'a-long-revisions-password';
const REASON = 'A scratch on the hood was missed in the first review.';

describe.skipIf(!RUN_BROWSER_TESTS)('review revisions in the dashboard', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedChromium()]);
  });

  afterAll(async () => {
    await releaseChromium(browser);
    await server?.stop();
  });

  /** A LITE session captured, confirmed, and reviewed over the API with one dent: revision 1 of its report. */
  async function reviewedSession(account: TestAccount): Promise<string> {
    const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' }, vehicle: { make: 'Mazda', model: 'CX-5' } });
    const capture = { captureToken: session.captureToken };
    const k = session.sessionKey;
    await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k });
    for (const code of THEME_PHOTOS.LITE ?? []) {
      expect((await uploadPhoto(server.baseUrl, capture, k, code, await makeScene({ seed: 5200 + code }))).body.data.capturePhoto.approved).toBe(true);
    }
    await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', { k });
    const dent = { item: 'rear_bumper', damage_type: 'dent', grade: 3, photo_code: 8, region: { x: 0.3, y: 0.5, width: 0.3, height: 0.2 } };
    expect((await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${k}/damages`, dent)).status).toBe(200);
    expect((await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${k}/review`, {})).status).toBe(200);
    return k;
  }

  it('reopens a completed review with a reason, corrects the damages, completes it again and shows the history', async () => {
    const account = await server.createAccount(undefined, { review_mode: 'manual' });
    const sessionKey = await reviewedSession(account);
    const inspector = await addStaffUser(server.baseUrl, account, 'inspector', PASSWORD);
    const viewer = await addStaffUser(server.baseUrl, account, 'viewer', PASSWORD);
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    try {
      await signInAt(page, server.baseUrl, `/dashboard/sessions/${sessionKey}`, inspector, PASSWORD);
      const revisions = page.locator('#review-revisions');
      await revisions.waitFor();
      expect(await revisions.innerText()).toContain('Report revision 1.');
      expect(await page.locator('#review').count()).toBe(0);
      await checkBothSizes(page, 'dashboard-review-completed', 'a completed review with Reopen review', '#review-revisions');

      // Reopen: the form asks why; the reason is required.
      await revisions.getByRole('button', { name: 'Reopen review' }).click();
      const reason = page.getByLabel('Why is the review reopened?');
      await reason.waitFor();
      // The field takes the focus in the task after the form opens (review-revisions.tsx): wait for it rather than race it.
      await page.waitForFunction(() => document.activeElement?.id === 'reopen-reason');
      expect(await reason.getAttribute('maxlength')).toBe('500');
      await reason.fill(REASON);
      await checkBothSizes(page, 'dashboard-review-reopen', 'asking why the review is reopened', '#reopen-form');
      await page.locator('#reopen-form').getByRole('button', { name: 'Reopen review' }).click();

      // The workspace appears, its heading focused; the status stays COMPLETE and the links still show revision 1.
      await page.locator('#review-title', { hasText: 'Review reopened' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'review-title');
      expect(await page.locator('#review-reopened').innerText()).toContain(REASON);
      const view = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}`)).body;
      expect([view.status, view.review.state, view.review.reopened.by]).toEqual(['COMPLETE', 'reopened', inspector]);
      await checkBothSizes(page, 'dashboard-review-reopened', 'the reopened review', '#review');

      // Mark the missed scratch on the front photo, then complete again through the summary.
      await page.locator('#review').getByRole('button', { name: 'Front', exact: true }).click();
      await page.getByLabel('Part').selectOption('hood');
      await page.getByLabel('Damage', { exact: true }).selectOption('scratch');
      await page.getByLabel('Grade').selectOption('2');
      await page.getByRole('button', { name: 'Add damage' }).click();
      await page.locator('#review .damage-item', { hasText: 'Hood' }).waitFor();
      await page.getByRole('button', { name: 'Complete review' }).click();
      const summary = page.getByRole('dialog', { name: 'Issue the report?' });
      await summary.getByRole('button', { name: 'Confirm and issue the report' }).click();
      await page.locator('#report-title', { hasText: 'revision 2' }).waitFor();
      await page.locator('#revision-history li[data-revision="2"]').waitFor();
      expect(await page.locator('#review').count()).toBe(0);
      const entry = await page.locator('#revision-history li[data-revision="2"]').innerText();
      expect(entry).toContain(REASON);
      expect(entry).toContain(`Reopened by ${inspector}`);
      expect(entry).toContain(`completed by ${inspector}`);
      await checkBothSizes(page, 'dashboard-review-revisions', 'the revision history', '#review-revisions');
      const results = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/results`)).body;
      expect(results.report.revision).toBe(2);
      expect(results.inspection.damages.map((damage: { item: string }) => damage.item).sort()).toEqual(['hood', 'rear_bumper']);
      expect(await page.getByRole('link', { name: 'View report' }).getAttribute('href')).toBe(results.report.url);
      // The sign-in page's check (a 401) is the one failed request the browser reports.
      expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);

      // A viewer reads the history and is offered no reopening.
      const viewerPage = await (await newContext(browser, DESKTOP)).newPage();
      await signInAt(viewerPage, server.baseUrl, `/dashboard/sessions/${sessionKey}`, viewer, PASSWORD);
      await viewerPage.locator('#revision-history li[data-revision="2"]').waitFor();
      expect(await viewerPage.getByRole('button', { name: 'Reopen review' }).count()).toBe(0);
      await expectNoSeriousAxeViolations(viewerPage, 'the revision history for a viewer');
      await viewerPage.context().close();
    } finally {
      await context.close();
    }
  }, 180_000);
});
