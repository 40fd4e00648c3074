// The condition report as people open it (docs/staff.md): through its shareable link, as the guest copy from the
// capture page ("Ver el informe"), and the link's 404 and 410 pages — on phones of 360 and 390 px and a desktop. The
// layout is checked by the geometry of its text (no two text boxes overlap, no word is broken over lines, nothing
// wider than the screen), not only by a screenshot; axe-core checks each state; a Spanish session reads in Spanish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { createSession, giveOdometer, THEME_PHOTOS, type CreatedSession } from '../support/capture-flow.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { makeScene } from '../support/images.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { DESKTOP, newContext, PHONE, releaseChromium, RUN_BROWSER_TESTS, saveScreenshot, sharedChromium, watchPageProblems } from './browser.js';

const PHONES = [
  { name: '360', options: { ...PHONE, viewport: { width: 360, height: 780 } } },
  { name: '390', options: PHONE },
] as const;

/**
 * What is wrong with the page's text layout, measured in the page: text boxes of different text nodes that overlap,
 * words (2–20 characters) broken over more than one line, and content wider than the window.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const boxes: { rect: DOMRect; node: number; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let index = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!text.trim() || !parent || parent.closest('style, script, [hidden]')) continue;
      index += 1;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 1 && rect.height > 1) boxes.push({ rect, node: index, text: text.trim().slice(0, 40) });
      for (const word of text.matchAll(/\S{2,20}/g)) {
        const wordRange = document.createRange();
        wordRange.setStart(node, word.index ?? 0);
        wordRange.setEnd(node, (word.index ?? 0) + word[0].length);
        const lines = new Set([...wordRange.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) problems.push(`"${word[0]}" is broken over ${lines.size} lines (in ${parent.tagName.toLowerCase()}.${parent.className})`);
      }
    }
    for (let first = 0; first < boxes.length; first += 1) {
      for (let second = first + 1; second < boxes.length; second += 1) {
        const a = boxes[first] as (typeof boxes)[number];
        const b = boxes[second] as (typeof boxes)[number];
        if (a.node === b.node) continue;
        const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (width > 1 && height > 1) problems.push(`"${a.text}" overlaps "${b.text}"`);
      }
    }
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 1) problems.push(`the page is ${overflow} px wider than the window`);
    return problems;
  });
}

describe.skipIf(!RUN_BROWSER_TESTS)('the condition report pages', () => {
  let server: TestServer;
  let account: TestAccount;
  let browser: Browser;
  const reports = new Map<'en' | 'es', { session: CreatedSession; url: string }>();

  /** A reviewed PRO inspection in `language` with damages on long-named parts and notes, completed. */
  async function reviewedSession(language: 'en' | 'es'): Promise<{ session: CreatedSession; url: string }> {
    const session = await createSession(server.baseUrl, account, {
      session: { theme: 'PRO', language },
      vehicle: { vin: '1HGCM82633A004352', year: 2021, make: 'Toyota', model: 'RAV4', ext_col: 'Silver', odom_reading: 42000, odom_unit: 'km' },
    });
    const capture = { captureToken: session.captureToken };
    const variables = { k: session.sessionKey };
    await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', variables);
    // An odometer typed far from the integrator's 42,000 km: the report flags it.
    await giveOdometer(server.baseUrl, session, 61_500, 'KM');
    for (const code of THEME_PHOTOS.PRO ?? []) {
      const uploaded = await uploadPhoto(server.baseUrl, capture, session.sessionKey, code, await makeScene({ seed: 5100 + code }));
      expect(uploaded.body.data.capturePhoto.approved).toBe(true);
    }
    await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', variables);
    for (const damage of [
      { item: 'right_rear_quarter_panel', damage_type: 'scratch', grade: 2, photo_code: 12, region: { x: 0.3, y: 0.55, width: 0.35, height: 0.2 } },
      { item: 'left_front_door', damage_type: 'dent', grade: 3, photo_code: 4, region: { x: 0.4, y: 0.4, width: 0.2, height: 0.2 } },
      { item: 'windshield', damage_type: 'chip', grade: 1, photo_code: 9, region: null },
    ]) {
      expect((await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/damages`, damage)).status).toBe(200);
    }
    await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/notes`, {
      title: 'Keys and papers',
      description: 'Two keys, the service book and the registration are in the glove box; the spare wheel is missing.',
    });
    expect((await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/review`, {})).status).toBe(200);
    const results = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/results`);
    return { session, url: results.body.report.url as string };
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedChromium()]);
    account = await server.createAccount(undefined, { review_mode: 'manual', display_name: 'Northside Motors', brand_color: '#0b6e4f' });
    reports.set('es', await reviewedSession('es'));
    reports.set('en', await reviewedSession('en'));
  }, 240_000);

  afterAll(async () => {
    await releaseChromium(browser);
    await server?.stop();
  });

  it('reads on phones of 360 and 390 px and on a desktop: no text over text, no word broken, landmarks, no axe finding', async () => {
    for (const language of ['en', 'es'] as const) {
      const { url } = reports.get(language) as { url: string };
      for (const { name, options } of [...PHONES, { name: 'desktop', options: DESKTOP }]) {
        const context = await newContext(browser, options);
        const page = await context.newPage();
        const problems = watchPageProblems(page);
        // The page names an empty icon of its own, which its policy allows: no request for /favicon.ico and its 404.
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/favicon.ico') problems.push('asked for /favicon.ico');
        });
        await page.goto(url);
        await page.waitForLoadState('load');
        expect(await layoutProblems(page), `${language} report at ${name}`).toEqual([]);
        expect(await page.locator('main').count()).toBe(1);
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        await expectNoSeriousAxeViolations(page, `the ${language} report at ${name}`);
        if (language === 'es') {
          await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Informe de estado — 2021 Toyota RAV4');
          const text = await page.locator('main').innerText();
          for (const words of ['Estado general', 'Aceptable', 'Aleta trasera, lado del acompañante', 'Arañazo', 'Abolladura', 'Desconchón', 'Cronología']) {
            expect(text).toContain(words);
          }
          expect(text).toMatch(/\d{1,2} nov 2026, \d{2}:\d{2} UTC|\d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2} UTC/);
          expect(text).not.toMatch(/Overall condition|Scratch|Damages on their photos/);
        }
        // The VIN is a 2003 Honda Accord's while the integrator said Toyota: the decode is shown and flagged.
        const flagged =
          language === 'es'
            ? /Según el VIN.*NO coincide con el año, la marca o el modelo indicados/s
            : /From the VIN.*DOES NOT match the year, make or model given/s;
        expect(await page.locator('main').innerText()).toMatch(flagged);
        // The odometer the person gave, flagged: it is far from the one the integrator gave.
        const odometer =
          language === 'es'
            ? /Cuentakilómetros capturado\s+61\.500 km — NO coincide con el cuentakilómetros indicado/
            : /Odometer captured\s+61,500 km — DOES NOT match the odometer given/;
        expect(await page.locator('main').innerText()).toMatch(odometer);
        if (language === 'en' && name !== '360') {
          await page.getByText('Odometer captured', { exact: true }).scrollIntoViewIfNeeded();
          await saveScreenshot(page, `report-odometer-mismatch-${name === 'desktop' ? 'desktop' : 'phone'}`);
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        if (name === '390') await page.evaluate(() => document.getElementById('damages-heading')?.scrollIntoView()); // the tables a phone once broke
        if (name !== '360') await saveScreenshot(page, `report-${language}-${name === 'desktop' ? 'desktop' : 'phone'}`);
        expect(problems).toEqual([]);
        await context.close();
      }
    }
  }, 180_000);

  it('the guest copy opened from the capture page ("Ver el informe") reads on a phone', async () => {
    const { session } = reports.get('es') as { session: CreatedSession };
    for (const { name, options } of PHONES) {
      const context = await newContext(browser, options);
      const page = await context.newPage();
      await page.goto(session.captureUrl);
      const view = page.getByRole('button', { name: 'Ver el informe' });
      await view.waitFor();
      const [copy] = await Promise.all([page.waitForEvent('popup'), view.click()]);
      await copy.locator('main h1').waitFor();
      await copy.waitForLoadState('load');
      expect(await layoutProblems(copy), `guest copy at ${name}`).toEqual([]);
      const text = await copy.locator('main').innerText();
      expect(text).toContain('Estado general');
      expect(text).toContain('Puerta delantera, lado del conductor');
      // The guest copy leaves out the integrator's notes.
      expect(text).not.toContain('Keys and papers');
      await expectNoSeriousAxeViolations(copy, `the guest copy at ${name}`);
      if (name === '390') {
        await copy.evaluate(() => document.getElementById('marked-heading')?.scrollIntoView());
        await saveScreenshot(copy, 'report-guest-es-phone');
      }
      await context.close();
    }
  }, 120_000);

  it('a report link that opens nothing answers a page with a main landmark: 404 unknown, 410 expired', async () => {
    const { session, url } = reports.get('en') as { session: CreatedSession; url: string };
    const token = new URL(url).pathname.split('/').pop() as string;
    const unknown = `${server.baseUrl}/reports/${'x'.repeat(token.length)}`;
    // The link of a second session, made to have expired.
    const expired = await reviewedSession('en');
    await server.app.database.db
      .collection('inspection_sessions')
      .updateOne({ _id: expired.session.sessionKey as never }, { $set: { 'report_link.expires_at': new Date(Date.now() - 60_000) } });
    expect(session.sessionKey).not.toBe(expired.session.sessionKey);
    for (const [kind, link, status, title] of [
      ['404', unknown, 404, 'This report link is not valid'],
      ['410', expired.url, 410, 'This report link has expired'],
    ] as const) {
      for (const { name, options } of [PHONES[1], { name: 'desktop', options: DESKTOP }]) {
        const context = await newContext(browser, options);
        const page = await context.newPage();
        const response = await page.goto(link);
        expect(response?.status()).toBe(status);
        await expect(page.locator('main h1').textContent()).resolves.toBe(title);
        expect(await layoutProblems(page)).toEqual([]);
        await expectNoSeriousAxeViolations(page, `the ${kind} report link page at ${name}`);
        await saveScreenshot(page, `report-link-${kind}-${name === 'desktop' ? 'desktop' : 'phone'}`);
        await context.close();
      }
    }
    // In the reader's language when the browser asks for one the report speaks.
    const spanish = await fetch(unknown, { headers: { 'accept-language': 'it;q=1, es-MX;q=0.8' } });
    expect(spanish.status).toBe(404);
    expect(await spanish.text()).toContain('<h1>Este enlace al informe no es válido</h1>');
  }, 180_000);
});
