// GraphiQL is served whole by the service — no CDN, nothing from another origin — with its example tabs and SSE
// subscriptions, and not at all in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { Browser, Request } from 'playwright-core';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest } from '../support/graphql.js';
import { DESKTOP, newContext, releaseChromium, RUN_BROWSER_TESTS, sharedChromium, watchPageProblems } from '../browser/browser.js';
import { GRAPHIQL_EXAMPLE_TABS, SIGNED_IN_GRAPHIQL_EXAMPLE_TABS } from '../../src/http/graphql/graphiql-examples.js';
import { signedInAs } from '../support/sign-in.js';

const OWNER_PASSWORD = 'graphiql-owner-password';

/** An account with a first owner, signed in: the cookie a browser would hold after POST /auth/login. */
async function signedInOwner(server: TestServer) {
  const username = `gq-owner-${Math.random().toString(36).slice(2, 10)}`;
  const account = await server.createAccount(undefined, { owner: { username, password: OWNER_PASSWORD } });
  return { account, cookie: await signedInAs(server.baseUrl, username, OWNER_PASSWORD) };
}

const HTML = { accept: 'text/html' };
/** The page is ~9 MB: give the browser time to load it on a slow machine. */
const EVENTUALLY = { timeout: 15_000 };

/** The page's markup without the contents of its inline scripts and styles (the bundle mentions many URLs it never loads). */
function markupOnly(html: string): string {
  return html.replace(/<script>[\s\S]*?<\/script>/g, '<script></script>').replace(/<style>[\s\S]*?<\/style>/g, '<style></style>');
}

function inlineStyles(html: string): string {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n');
}

/** Every URL the markup or the styles would make the browser load. */
function referencedUrls(html: string): string[] {
  const attributes = [...markupOnly(html).matchAll(/\s(?:src|href)="?([^"\s>]+)/g)].map((match) => match[1] ?? '');
  const styleUrls = [...inlineStyles(html).matchAll(/url\(\s*["']?([^"')\s]+)/g)].map((match) => match[1] ?? '');
  const imports = [...inlineStyles(html).matchAll(/@import\s+(?:url\()?\s*["']?([^"')\s;]+)/g)].map((match) => match[1] ?? '');
  return [...attributes, ...styleUrls, ...imports];
}

describe('the GraphiQL page', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('loads nothing from another origin', async () => {
    const response = await fetch(`${server.baseUrl}/graphql`, { headers: HTML });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<title>capture-gateway GraphQL</title>');

    // No CDN and no remote favicon anywhere in the page, bundle included.
    expect(html).not.toMatch(/unpkg\.com|jsdelivr\.net|raw\.githubusercontent\.com|esm\.sh|cdnjs|fonts\.googleapis\.com/);
    // The markup points at no other origin (the inlined bundle's own strings — XML namespaces, docs links — load nothing).
    const markupUrls = markupOnly(html).match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
    expect(markupUrls.filter((url) => !url.startsWith(server.baseUrl))).toEqual([]);

    const urls = referencedUrls(html);
    expect(urls.length).toBeGreaterThan(0);
    const local = urls.filter((url) => !url.startsWith('data:') && !url.startsWith('#'));
    for (const url of local) {
      const target = new URL(url, `${server.baseUrl}/graphql`);
      expect(target.origin, url).toBe(server.baseUrl);
      const asset = await fetch(target);
      expect(asset.status, url).toBe(200);
      expect(asset.headers.get('content-type'), url).toMatch(/javascript|text\/css|^image\/|^font\//);
      await asset.body?.cancel();
    }
  });

  it('opens with the example tabs and SSE subscriptions', async () => {
    const html = await (await fetch(`${server.baseUrl}/graphql`, { headers: HTML })).text();
    expect(html).toContain('"subscriptionsProtocol":"SSE"');
    expect(html).toContain(JSON.stringify(GRAPHIQL_EXAMPLE_TABS));
  });

  it('tells a browser that is not signed in how to run the examples with its user', async () => {
    const html = await (await fetch(`${server.baseUrl}/graphql`, { headers: HTML })).text();
    expect(html).toContain('# Sign in at /dashboard to run these with your user');
    expect(html).not.toContain('graphql-require-preflight');
  });

  it('gives a signed-in browser the examples without API headers, and the preflight header for SSE', async () => {
    const { cookie } = await signedInOwner(server);
    const response = await fetch(`${server.baseUrl}/graphql`, { headers: { ...HTML, cookie } });
    expect(response.headers.get('vary')).toMatch(/\bCookie\b/);
    const html = await response.text();
    expect(html).toContain(JSON.stringify(SIGNED_IN_GRAPHIQL_EXAMPLE_TABS));
    expect(html).not.toContain(JSON.stringify(GRAPHIQL_EXAMPLE_TABS));
    expect(html).toContain('"additionalHeaders":{"graphql-require-preflight":"1"}');
    expect(html).not.toContain('API-Key');
    // Only the capture flow keeps a header: it acts as a session's phone.
    expect(SIGNED_IN_GRAPHIQL_EXAMPLE_TABS.filter((tab) => tab.headers !== '{}').map((tab) => Object.keys(JSON.parse(tab.headers ?? '{}')))).toEqual([
      ['Capture-Token'],
    ]);

    // A cookie whose sign-in ended gets the page for a browser that is not signed in.
    await fetch(`${server.baseUrl}/auth/logout`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    const ended = await (await fetch(`${server.baseUrl}/graphql`, { headers: { ...HTML, cookie } })).text();
    expect(ended).toContain(JSON.stringify(GRAPHIQL_EXAMPLE_TABS));
  });

  it('carries a Content-Security-Policy that admits its inline script and nothing from another origin', async () => {
    const response = await fetch(`${server.baseUrl}/graphql`, { headers: HTML });
    const html = await response.text();
    const policy = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      policy.split(/;\s*/).map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, script] of scripts) {
      expect(directives.get('script-src')).toContain(
        `'sha256-${createHash('sha256')
          .update(script ?? '')
          .digest('base64')}'`,
      );
    }
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy).not.toMatch(/https?:|\*/);
  });

  it('is sent compressed and revalidated with its ETag', async () => {
    const compressed = await fetch(`${server.baseUrl}/graphql`, { headers: { ...HTML, 'accept-encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${server.baseUrl}/graphql`, { headers: { ...HTML, 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // gzip named but refused (q=0), as the report page and GraphQL answers read it.
    const refused = await fetch(`${server.baseUrl}/graphql`, { headers: { ...HTML, 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    // An unread body holds its connection open (the page is megabytes) and the server's stop would wait for it.
    await refused.body?.cancel();
    expect(await compressed.text()).toBe(await plain.text());

    const etag = plain.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await fetch(`${server.baseUrl}/graphql`, { headers: { ...HTML, 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
  });

  it('leaves GraphQL responses alone', async () => {
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
    // The page's policy stays with the page; a JSON answer keeps the one every response has (security-headers.ts).
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('GraphiQL in production', () => {
  it('is not served', async () => {
    const production = await startTestServer({ NODE_ENV: 'production' });
    try {
      const response = await fetch(`${production.baseUrl}/graphql`, { headers: HTML });
      expect(response.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
      expect(await response.text()).not.toMatch(/<html|GraphiQL/i);
    } finally {
      await production.stop();
    }
  });
});

// GraphiQL's bundle is the heaviest page the suite opens: 8–10 s a flow on a quiet machine, several times that while
// the suite's first files start together.
const GRAPHIQL_FLOW_TIMEOUT_MS = 90_000;

describe.skipIf(!RUN_BROWSER_TESTS)('GraphiQL in a browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedChromium()]);
  });

  afterAll(async () => {
    await releaseChromium(browser);
    await server?.stop();
  });

  /** A session of `account` for the examples to find, and a desktop page that records its requests and problems. */
  async function openWithSession(account: TestAccount, vehicle: { make: string; model: string }) {
    const created = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', { session: { theme: 'LITE' }, vehicle });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    return { created, sessionKey: created.body.session_key as string, context, page, problems: watchPageProblems(page), requests };
  }

  it(
    'renders the examples and runs them — a query, then a subscription over SSE — loading nothing from another origin',
    async () => {
      const account = await server.createAccount();
      const { created, sessionKey, context, page, problems, requests } = await openWithSession(account, { make: 'Volvo', model: 'XC60' });

      await page.goto(`${server.baseUrl}/graphql`);
      const tabs = page.locator('.graphiql-tab-button');
      await expect.poll(() => tabs.allInnerTexts(), EVENTUALLY).toEqual(['RecentSessions', 'WatchEvents', 'CreateSession', 'CaptureSession', 'Callbacks']);

      // Each tab carries placeholder credentials: replace them with real ones, then run the tab's operation.
      const runWithCredentials = async () => {
        await page.getByRole('button', { name: 'Headers' }).click();
        await page.locator('.graphiql-editor-tool .graphiql-editor:not(.hidden) .monaco-editor').click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.insertText(JSON.stringify(signRequestHeaders(account)));
        // Monaco closed the brackets and quotes as they were typed: drop what it added after the cursor.
        await page.keyboard.press('ControlOrMeta+Shift+End');
        await page.keyboard.press('Delete');
        await page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' }).click();
      };
      const result = page.locator('.graphiql-response');

      await runWithCredentials();
      await expect.poll(() => result.innerText(), EVENTUALLY).toContain(sessionKey);

      // Playwright's pointer click does not switch GraphiQL's draggable tabs; the click event does.
      await tabs.filter({ hasText: 'WatchEvents' }).dispatchEvent('click');
      await runWithCredentials();
      await expect
        .poll(() => requests.some((request) => request.url().includes('WatchEvents') && request.headers().accept === 'text/event-stream'), EVENTUALLY)
        .toBe(true);
      // Live: an event recorded now reaches GraphiQL over the open SSE stream.
      const captureToken = (created.body.capture_url as string).split('#')[1] ?? '';
      const started = await graphqlRequest(server.baseUrl, { captureToken }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', {
        k: sessionKey,
      });
      expect(started.data?.startCapture.status).toBe('STARTED');
      await expect.poll(() => result.innerText(), EVENTUALLY).toContain('SESSION:STATUS_CHANGE');

      const foreign = requests
        .map((request) => request.url())
        .filter((url) => !url.startsWith(`${server.baseUrl}/`) && !url.startsWith(`blob:${server.baseUrl}/`));
      expect(foreign).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    GRAPHIQL_FLOW_TIMEOUT_MS,
  );

  it(
    'runs the preloaded examples with the sign-in cookie once the browser is signed in — a query, then a subscription over SSE',
    async () => {
      const { account, cookie } = await signedInOwner(server);
      const { created, sessionKey, context, page, problems, requests } = await openWithSession(account, { make: 'Saab', model: '9-3' });
      const tabs = page.locator('.graphiql-tab-button');
      // Monaco draws spaces as no-break spaces.
      const queryText = async () => (await page.locator('.graphiql-query-editor').innerText()).replace(/\s+/g, ' ');
      const result = page.locator('.graphiql-response');

      // First a visit before signing in: GraphiQL stores those tabs, with their placeholder API headers.
      await page.goto(`${server.baseUrl}/graphql`);
      await expect.poll(queryText, EVENTUALLY).toContain('Sign in at /dashboard to run these with your user');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('graphiql:tabState') ?? ''), EVENTUALLY).toContain('API-Key');

      // Signed in (the cookie POST /auth/login set), the page opens with the signed-in examples, not the stored tabs.
      const [name = '', value = ''] = cookie.split('=');
      await context.addCookies([{ name, value, url: server.baseUrl }]);
      await page.reload();
      await expect.poll(queryText, EVENTUALLY).toContain('You are signed in');
      await expect.poll(() => tabs.allInnerTexts(), EVENTUALLY).toEqual(['RecentSessions', 'WatchEvents', 'CreateSession', 'CaptureSession', 'Callbacks']);

      // The preloaded query runs as it is: no header typed, the cookie is the credential.
      await page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' }).click();
      await expect.poll(() => result.innerText(), EVENTUALLY).toContain(sessionKey);
      const query = requests.find(
        (request) => request.method() === 'POST' && request.url() === `${server.baseUrl}/graphql` && (request.postData() ?? '').includes('RecentSessions'),
      );
      expect(query?.headers()['api-key']).toBeUndefined();
      expect((await query?.allHeaders())?.cookie).toBe(cookie);

      // The subscription too: SSE is a GET, which carries the preflight header the cross-site request check asks of a cookie.
      await tabs.filter({ hasText: 'WatchEvents' }).dispatchEvent('click');
      await expect.poll(queryText, EVENTUALLY).toContain('subscription WatchEvents');
      const execute = page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' });
      await execute.click();
      const isStream = (request: Request) => request.url().includes('WatchEvents') && request.headers().accept === 'text/event-stream';
      // Right after a tab switch GraphiQL may still name the previous tab's operation and refuse to run ("Cannot infer
      // operation"), or drop the click; run again until the stream has started, never once it has (a click on a running
      // subscription would stop it).
      let retries = 0;
      let clickedAt = Date.now();
      await expect
        .poll(async () => {
          if (!requests.some(isStream) && retries < 5 && Date.now() - clickedAt > 2_000 && (await execute.isEnabled())) {
            retries += 1;
            clickedAt = Date.now();
            await execute.click();
          }
          return requests.some(isStream);
        }, EVENTUALLY)
        .toBe(true);
      const stream = requests.find(isStream);
      expect(stream?.headers()['graphql-require-preflight']).toBe('1');
      // Live: an event recorded now reaches GraphiQL over the open stream.
      const captureToken = (created.body.capture_url as string).split('#')[1] ?? '';
      const started = await graphqlRequest(server.baseUrl, { captureToken }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', {
        k: sessionKey,
      });
      expect(started.data?.startCapture.status).toBe('STARTED');
      await expect.poll(() => result.innerText(), EVENTUALLY).toContain('SESSION:STATUS_CHANGE');

      expect(problems).toEqual([]);
      await context.close();
    },
    GRAPHIQL_FLOW_TIMEOUT_MS,
  );
});
