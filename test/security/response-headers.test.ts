// Headers every response carries (docs/limits.md): `X-Content-Type-Options: nosniff` on all of them; every HTML page
// (capture page, dashboard, landing page, GraphiQL, report pages and report-link pages) refuses to be framed with
// `frame-ancestors 'none'` and `X-Frame-Options: DENY`; with an https PUBLIC_URL, Strict-Transport-Security.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { completeSession, createSession } from '../support/capture-flow.js';

let plain: TestServer;
let https: TestServer;
let account: TestAccount;
let reportLink: string;
let sessionKey: string;

beforeAll(async () => {
  [plain, https] = await Promise.all([startTestServer(), startTestServer({ PUBLIC_URL: 'https://inspections.example.com' })]);
  account = await plain.createAccount();
  const session = await createSession(plain.baseUrl, account);
  await completeSession(plain.baseUrl, session);
  sessionKey = session.sessionKey;
  const results = await apiRequest(plain.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/results`);
  reportLink = new URL(results.body.report.url as string).pathname;
}, 120_000);

afterAll(async () => {
  await Promise.all([plain?.stop(), https?.stop()]);
});

function expectNoFraming(headers: Headers): void {
  expect(headers.get('x-frame-options')).toBe('DENY');
  const directives = (headers.get('content-security-policy') ?? '').split(';').map((directive) => directive.trim());
  expect(directives).toContain("frame-ancestors 'none'");
}

describe('HTML pages', () => {
  const html = { accept: 'text/html' };
  it.each([
    ['the landing page', '/'],
    ['the dashboard', '/dashboard'],
    ['the capture page', '/capture/ABC-0123456789'],
    ['the capture page of a malformed key', '/capture/nothing'],
    ['GraphiQL', '/graphql'],
    ['a report link that opens nothing', '/reports/not-a-real-link-token'],
  ])('%s cannot be framed', async (_name, path) => {
    const response = await fetch(`${plain.baseUrl}${path}`, { headers: html });
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expectNoFraming(response.headers);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a report link and the integrator’s report page cannot be framed', async () => {
    const link = await fetch(`${plain.baseUrl}${reportLink}`, { headers: html });
    expect(link.status).toBe(200);
    expect(link.headers.get('content-type')).toMatch(/^text\/html/);
    expectNoFraming(link.headers);
    const page = await apiRequest(plain.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/report`);
    expect(page.status).toBe(200);
    expectNoFraming(page.headers);
  });
});

describe('every response', () => {
  it('says nosniff on JSON, GraphQL, errors, photos and files', async () => {
    const responses = [
      (await apiRequest(plain.baseUrl, account, 'GET', '/v1/callbacks')).headers,
      (await apiRequest(plain.baseUrl, account, 'GET', '/v1/sessions/ABC-0000000000')).headers,
      (
        await fetch(`${plain.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...signRequestHeaders(account) },
          body: JSON.stringify({ query: '{ callbacks { event } }' }),
        })
      ).headers,
      (await fetch(`${plain.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).headers,
      (await fetch(`${plain.baseUrl}/health`)).headers,
      (await fetch(`${plain.baseUrl}/no/such/route`)).headers,
      (await fetch(`${plain.baseUrl}/web/views/1.svg`)).headers,
      (await fetch(`${plain.baseUrl}/v1/openapi.json`)).headers,
      (await fetch(`${plain.baseUrl}${reportLink}.pdf`)).headers,
    ];
    for (const headers of responses) expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('asks browsers for https only when PUBLIC_URL is https', async () => {
    for (const path of ['/health', '/', '/v1/callbacks', '/graphql']) {
      expect((await fetch(`${https.baseUrl}${path}`, { headers: { accept: 'text/html' } })).headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect((await fetch(`${plain.baseUrl}${path}`, { headers: { accept: 'text/html' } })).headers.get('strict-transport-security')).toBeNull();
    }
  });
});
