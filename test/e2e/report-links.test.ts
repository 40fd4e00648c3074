// docs/staff.md: a completed report can be opened from a link, without any headers or cookies, for REPORT_LINK_DAYS;
// the link is in the results (REST, GraphQL, SESSION:COMPLETE alike), unguessable, and refused plainly once expired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../support/clock.js';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { completeSession, createSession } from '../support/capture-flow.js';
import { graphqlRequest } from '../support/graphql.js';

const PUBLIC_URL = 'https://inspections.example.com';
const clock = new TestClock();
let server: TestServer;
let account: TestAccount;
let results: Record<string, any>;
let sessionKey: string;

/** The link's path on the test server (the results name the public URL). */
const local = (url: string) => `${server.baseUrl}${new URL(url).pathname}`;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL, REPORT_LINK_DAYS: '30' }, { clock: clock.now });
  account = await server.createAccount();
  const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' }, vehicle: { vin: '1HGCM82633A004352', make: 'Honda' } });
  sessionKey = session.sessionKey;
  await completeSession(server.baseUrl, session);
  results = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/results`)).body;
}, 120_000);
afterAll(() => server.stop());

describe('a report link', () => {
  it('is in the results: an unguessable URL for the page and its PDF, valid for 30 days', async () => {
    const { url, pdf_url: pdfUrl, expires_at: expiresAt } = results.report;
    const token = /^https:\/\/inspections\.example\.com\/reports\/([A-Za-z0-9_-]{32})$/.exec(url)?.[1];
    expect(token).toBeDefined();
    expect(pdfUrl).toBe(`${url}.pdf`);
    const days = (Date.parse(expiresAt) - Date.parse(results.session.inspect_ended_at ?? results.session.created_at)) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const viaGraphql = await graphqlRequest(server.baseUrl, { account }, 'query($k: String!) { sessionResults(sessionKey: $k) }', { k: sessionKey });
    expect(viaGraphql.data?.sessionResults?.report).toEqual(results.report);
    const other = await createSession(server.baseUrl, account);
    await completeSession(server.baseUrl, other, 'LITE', 3000);
    const otherResults = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${other.sessionKey}/results`)).body;
    expect(otherResults.report.url).not.toBe(url);
  }, 60_000);

  it('opens the report page and the PDF with no credentials at all', async () => {
    const page = await fetch(local(results.report.url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('1HGCM82633A004352');

    const pdf = await fetch(local(results.report.pdf_url));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 60_000);

  it('refuses a token it never gave, in a page for a person', async () => {
    const token = new URL(results.report.url).pathname.split('/').pop() as string;
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [`/reports/${altered}`, `/reports/${altered}.pdf`, '/reports/short', `/reports/${sessionKey}`]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('text/html');
      expect(await response.text(), path).toContain('not valid');
    }
  });

  it('stops opening the report once its 30 days are over, and says so', async () => {
    clock.advance(31 * 86_400_000);
    try {
      for (const url of [results.report.url, results.report.pdf_url]) {
        const response = await fetch(local(url));
        expect(response.status, url).toBe(410);
        expect(await response.text(), url).toContain('expired');
      }
      // The authenticated route still serves it (signed at the server's time).
      const viaApi = await fetch(`${server.baseUrl}/v1/sessions/${sessionKey}/report`, { headers: signRequestHeaders(account, clock.now()) });
      expect(viaApi.status).toBe(200);
    } finally {
      clock.reset();
    }
  });
});
