// The condition report as HTML and PDF, for integrators (API headers) and for the capture app (Capture-Token).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { graphqlRequest } from '../support/graphql.js';
import { completeSession, createSession, type CreatedSession } from '../support/capture-flow.js';

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
let session: CreatedSession;
const VIN = '1HGCM82633A004352';

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
  other = await server.createAccount();
  session = await createSession(server.baseUrl, account, {
    session: { theme: 'LITE' },
    vehicle: { vin: VIN, year: 2019, make: 'Honda', model: 'Accord', odom_reading: 42000, odom_unit: 'km' },
  });
}, 60_000);
afterAll(() => server.stop());

const get = (path: string, headers: Record<string, string>) => fetch(`${server.baseUrl}${path}`, { headers });

describe('condition report', () => {
  it('answers 409 before the session is complete', async () => {
    expect((await get(`/v1/sessions/${session.sessionKey}/report`, signRequestHeaders(account))).status).toBe(409);
    expect((await get(`/capture/${session.sessionKey}/report.pdf`, { 'Capture-Token': session.captureToken })).status).toBe(409);
  });

  it('renders HTML with the vehicle, grade, damages, photos, location and escaped notes', async () => {
    await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/damages`, {
      item: 'hood',
      damage: 'dent',
      grade: 3,
      photo_code: 5,
      note: 'hail dents',
    });
    await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${session.sessionKey}/notes`, {
      title: '<script>alert(1)</script>',
      description: 'Keys & papers "ok"',
    });
    await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', {
      k: session.sessionKey,
    });
    await graphqlRequest(
      server.baseUrl,
      { captureToken: session.captureToken },
      'mutation($k: String!) { setLocation(sessionKey: $k, latitude: 52.52, longitude: 13.405) { status } }',
      { k: session.sessionKey },
    );
    await completeSession(server.baseUrl, session, 'LITE', 3000);

    const response = await get(`/v1/sessions/${session.sessionKey}/report`, signRequestHeaders(account));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(VIN);
    expect(html).toContain('Condition report — 2019 Honda Accord');
    expect(html).toContain('<span class="label" aria-hidden="true">Damage</span><span>Dent</span>');
    expect(html).toMatch(/<span class="grade">[1-4] \/ 5<\/span>/);
    expect(html).toContain('52.52');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script>alert(1)&lt;/script>');
    // Six photos in the grid (medium copies, never originals), and the dent shown on the photo it was marked on.
    const grid = html.slice(html.indexOf('<h2 id="photos-heading">Photos</h2>'));
    expect(grid.match(/<figure>/g)).toHaveLength(6);
    expect(grid.match(/<img src="[^"]+\?size=medium"/g)).toHaveLength(6);
    // A phone showing the grid's small cells takes the thumbnails instead.
    expect(grid.match(/ srcset="[^" ]+\?size=thumb 400w, [^" ]+\?size=medium 1280w" sizes="\(max-width: 40rem\) 50vw, 240px"/g)).toHaveLength(6);
    expect(html).toContain('<link rel="icon" href="data:,"/>');
    // Compressed for a browser that takes it, the same page once decoded.
    for (const encoding of ['br', 'gzip']) {
      const compressed = await get(`/v1/sessions/${session.sessionKey}/report`, { ...signRequestHeaders(account), 'accept-encoding': encoding });
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
      expect(Number(compressed.headers.get('content-length'))).toBeLessThan(html.length / 2);
      expect(await compressed.text()).toBe(html);
    }
    expect(html).toContain('<h2 id="marked-heading">Damages on their photos</h2>');
    expect(html).toContain(`${server.baseUrl}/photos/`);
  }, 60_000);

  it('renders a PDF carrying the VIN', async () => {
    const response = await get(`/v1/sessions/${session.sessionKey}/report.pdf`, signRequestHeaders(account));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(VIN);
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
  });

  it('serves the capture app through the Capture-Token header only, for its own session', async () => {
    const pdf = await get(`/capture/${session.sessionKey}/report.pdf`, { 'Capture-Token': session.captureToken });
    expect(pdf.status).toBe(200);
    expect((await get(`/capture/${session.sessionKey}/report`, { 'Capture-Token': session.captureToken })).status).toBe(200);
    expect((await get(`/capture/${session.sessionKey}/report`, {})).status).toBe(403);
    expect((await get(`/capture/${session.sessionKey}/report`, { 'Capture-Token': 'forged' })).status).toBe(404);
    const second = await createSession(server.baseUrl, account);
    expect((await get(`/capture/${session.sessionKey}/report`, { 'Capture-Token': second.captureToken })).status).toBe(404);
  });

  it('hides the report from another account', async () => {
    const response = await get(`/v1/sessions/${session.sessionKey}/report.pdf`, signRequestHeaders(other));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: `Session ${session.sessionKey} cannot be found.`, request_id: expect.any(String) });
  });
});
