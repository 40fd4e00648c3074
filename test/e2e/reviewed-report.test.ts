// docs/staff.md, the report a reviewed inspection produces: the account's name and colour, the captured VIN and
// whether it matched, the assessment with who reviewed it and when, each damage on its photo with its box, page
// numbers — read back from the real PDF with poppler's pdftotext, and rendered to PNG for docs/screenshots.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { createSession, THEME_PHOTOS } from '../support/capture-flow.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { makeScene } from '../support/images.js';

// Like the browser tests: without poppler the file says so aloud and is left out, except in CI, where it must run.
const POPPLER = (existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm')) || Boolean(process.env.CI);
if (!POPPLER) console.warn('\n[PDF report test] SKIPPED: pdftotext/pdftoppm not found (apt-get install -y poppler-utils). CI installs it.\n');
const SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url);
let server: TestServer;
let account: TestAccount;
let sessionKey: string;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount(undefined, { review_mode: 'manual', display_name: 'Northside Motors', brand_color: '#0b6e4f' });
  const session = await createSession(server.baseUrl, account, {
    session: { theme: 'PRO' },
    vehicle: { vin: '1HGCM82633A004352', year: 2021, make: 'Toyota', model: 'RAV4', ext_col: 'Silver' },
  });
  sessionKey = session.sessionKey;
  const capture = { captureToken: session.captureToken };
  await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: sessionKey });
  for (const code of THEME_PHOTOS.PRO ?? []) {
    expect((await uploadPhoto(server.baseUrl, capture, sessionKey, code, await makeScene({ seed: 4200 + code }))).body.data.capturePhoto.approved).toBe(true);
  }
  // The person typed a VIN that is not the integrator's.
  await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!, $v: String!) { setVin(sessionKey: $k, vin: $v) { status } }', {
    k: sessionKey,
    v: '2T1BURHE0JC014702',
  });
  await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', { k: sessionKey });
  for (const damage of [
    { item: 'rear_bumper', damage_type: 'scratch', grade: 2, photo_code: 8, region: { x: 0.3, y: 0.55, width: 0.35, height: 0.2 }, note: '10 cm scratch' },
    { item: 'windshield', damage_type: 'chip', grade: 1, photo_code: 5, region: { x: 0.6, y: 0.2, width: 0.1, height: 0.1 } },
  ]) {
    expect((await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/damages`, damage)).status).toBe(200);
  }
  const reviewed = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/review`, {});
  expect(reviewed.status).toBe(200);
}, 120_000);
afterAll(() => server.stop());

describe.skipIf(!POPPLER)('a reviewed report as a PDF', () => {
  it('shows the account, the VIN check, the reviewer, the damages on their photos and page numbers', async () => {
    const response = await fetch(`${server.baseUrl}/v1/sessions/${sessionKey}/report.pdf`, { headers: signRequestHeaders(account) });
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer());
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
    expect(text).toContain('Northside Motors');
    expect(text).toMatch(/VIN captured\s+2T1BURHE0JC014702 — DOES NOT match the VIN given/);
    expect(text).toMatch(/Reviewed by Northside Motors on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/);
    expect(text).toContain('Damages on their photos');
    expect(text).toContain('Rear bumper · Scratch · grade 2');
    expect(text).toMatch(/Page 1 of \d/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/); // no raw ISO times

    // Photos are numbered 1 to 13 in the grid, without gaps.
    const photoSection = text.slice(text.search(/^\f?Photos$/m), text.search(/^\f?Location$/m));
    const numbers = [...photoSection.matchAll(/(?:^|\s)(\d{1,2})\. [A-Z]/g)].map((match) => Number(match[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 13 }, (_, index) => index + 1));

    const folder = mkdtempSync(join(tmpdir(), 'report-png-'));
    try {
      execFileSync('pdftoppm', ['-r', '60', '-png', '-', join(folder, 'page')], { input: pdf });
      const pages = readdirSync(folder)
        .filter((name) => name.endsWith('.png'))
        .sort();
      expect(pages.length).toBeGreaterThanOrEqual(2);
      const update = process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(new URL('report-pdf-page1.png', SCREENSHOTS));
      if (update) pages.slice(0, 3).forEach((page, index) => copyFileSync(join(folder, page), new URL(`report-pdf-page${index + 1}.png`, SCREENSHOTS)));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
