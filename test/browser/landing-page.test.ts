// The landing page at /: what a newcomer sees when opening the service's address — the links to the dashboard,
// GraphiQL (outside production), the OpenAPI document and /health — and the same links as JSON for other clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { DESKTOP, newContext, PHONE, releaseChromium, RUN_BROWSER_TESTS, saveScreenshot, sharedChromium, watchPageProblems } from './browser.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('GET /', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('gives a browser a page of links, with the pages’ security headers', async () => {
    const response = await fetch(`${server.baseUrl}/`, { headers: { accept: BROWSER_ACCEPT } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('vary')).toMatch(/\bAccept\b/);
    const html = await response.text();
    for (const href of ['/dashboard', '/graphql', '/v1/openapi.json', '/health']) expect(html).toContain(`href="${href}"`);
    // Self-contained: nothing from another origin, no inline script or style.
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script|<style|style="/);
  });

  it('gives any other client the same links as JSON', async () => {
    for (const accept of ['application/json', '*/*', undefined]) {
      const response = await fetch(`${server.baseUrl}/`, { headers: accept ? { accept } : {} });
      expect(response.status, String(accept)).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toEqual({
        name: 'capture-gateway',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        description: expect.any(String),
        links: { dashboard: '/dashboard', graphiql: '/graphql', openapi: '/v1/openapi.json', health: '/health' },
      });
    }
  });

  it('links nothing that is not served', async () => {
    const { links } = (await (await fetch(`${server.baseUrl}/`)).json()) as { links: Record<string, string> };
    for (const href of Object.values(links)) {
      const response = await fetch(`${server.baseUrl}${href}`, { headers: { accept: BROWSER_ACCEPT } });
      expect(response.status, href).toBe(200);
    }
  });
});

describe('GET / in production', () => {
  it('does not link GraphiQL, which production does not serve', async () => {
    const production = await startTestServer({ NODE_ENV: 'production' });
    try {
      const html = await (await fetch(`${production.baseUrl}/`, { headers: { accept: BROWSER_ACCEPT } })).text();
      expect(html).toContain('href="/dashboard"');
      expect(html).not.toContain('href="/graphql"');
      const json = (await (await fetch(`${production.baseUrl}/`, { headers: { accept: 'application/json' } })).json()) as { links: Record<string, string> };
      expect(json.links).toEqual({ dashboard: '/dashboard', openapi: '/v1/openapi.json', health: '/health' });
    } finally {
      await production.stop();
    }
  });
});

describe.skipIf(!RUN_BROWSER_TESTS)('the landing page in a browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedChromium()]);
  });

  afterAll(async () => {
    await releaseChromium(browser);
    await server?.stop();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', { ...DESKTOP, viewport: { width: 1280, height: 800 } }],
  ] as const)('renders its links on a %s without a console error or a CSP violation', async (name, options) => {
    const context = await newContext(browser, options);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(`${server.baseUrl}/`) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    await page.goto(`${server.baseUrl}/`);
    await expect.poll(() => page.getByRole('link').allInnerTexts()).toHaveLength(4);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Remote vehicle inspections, self-hosted');
    // The style sheets applied: the links are cards, not the browser's default underlined text.
    const decoration = await page.getByRole('link', { name: /Dashboard/ }).evaluate((link) => getComputedStyle(link).textDecorationLine);
    expect(decoration).toBe('none');
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport?.width ?? 0);
    await expectNoSeriousAxeViolations(page, `the landing page on a ${name}`);
    await saveScreenshot(page, `landing-${name}`);

    await page.getByRole('link', { name: /Dashboard/ }).click();
    // Nobody is signed in: the dashboard sends the visitor to its sign-in page (and back to /dashboard after).
    await page.waitForURL(`${server.baseUrl}/dashboard/sign-in?next=%2Fdashboard`);
    // Settled: the dashboard asked who is signed in (nobody: 401, which the browser logs) and shows its sign-in form.
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectNoSeriousAxeViolations(page, `the sign-in page it leads to, on a ${name}`);
    expect(foreign).toEqual([]);
    expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    await context.close();
  });
});
