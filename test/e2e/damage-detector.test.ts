// docs/staff.md, the damage detector over HTTP: a real local server plays the model. Each accepted exterior photo is
// POSTed with its headers; detections become damage records (auto mode accepts those scoring at least the minimum,
// the rest stay proposals); a model that fails or hangs on a photo never holds the session back — after its retries
// the session completes and the report names the photos that were not analysed.
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { completeSession, createSession } from '../support/capture-flow.js';

interface ModelCall {
  photoCode: number;
  label: string;
  sessionKey: string;
  contentType: string;
  bytes: number;
}

const calls: ModelCall[] = [];
let model: Server;
let server: TestServer;
let account: TestAccount;
let sessionKey: string;

/** Front (5): a dent it is sure of and a scratch it is not; Right (7): an unknown part; Rear (8): always fails; Left (4): never answers. */
function answer(request: IncomingMessage, body: Buffer): { status: number; json?: unknown } | 'hang' {
  const code = Number(request.headers['x-photo-code']);
  calls.push({
    photoCode: code,
    label: String(request.headers['x-photo-label']),
    sessionKey: String(request.headers['x-session-key']),
    contentType: String(request.headers['content-type']),
    bytes: body.length,
  });
  if (code === 4) return 'hang';
  if (code === 8) return { status: 503 };
  if (code === 5) {
    return {
      status: 200,
      json: {
        detections: [
          { item: 'hood', damage_type: 'dent', grade: 3, score: 0.92, box: { x: 0.4, y: 0.2, width: 0.2, height: 0.15 } },
          { item: 'front_bumper', damage_type: 'scratch', grade: 1, score: 0.31, box: { x: 0.1, y: 0.7, width: 0.3, height: 0.1 } },
        ],
      },
    };
  }
  if (code === 7) return { status: 200, json: { detections: [{ item: 'flux_capacitor', damage_type: 'sparkles', grade: 2, score: 0.8, box: null }] } };
  return { status: 200, json: { detections: [] } };
}

beforeAll(async () => {
  model = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = answer(request, Buffer.concat(chunks));
      if (reply === 'hang') return;
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.json === undefined ? '' : JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({
    DAMAGE_DETECTOR_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/detect`,
    DAMAGE_DETECTOR_MIN_SCORE: '0.5',
    DAMAGE_DETECTOR_TIMEOUT_MS: '400',
    DAMAGE_DETECTOR_RETRIES: '1',
  });
  account = await server.createAccount(undefined, { review_mode: 'auto' });
  const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' }, vehicle: { make: 'Skoda', model: 'Octavia' } });
  sessionKey = session.sessionKey;
  await completeSession(server.baseUrl, session);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  model?.closeAllConnections();
  await new Promise((resolve) => model?.close(resolve));
});

describe('an HTTP damage detector', () => {
  it('receives each accepted exterior photo with its code, label, session and type, and a failing photo once per attempt', () => {
    const codes = [...new Set(calls.map((call) => call.photoCode))].sort((a, b) => a - b);
    expect(codes).toEqual([4, 5, 7, 8]); // LITE's exterior views; not the VIN plate (1) or the interior (2)
    for (const call of calls) {
      expect(call.sessionKey).toBe(sessionKey);
      expect(call.contentType).toBe('image/jpeg');
      expect(call.bytes).toBeGreaterThan(1000);
    }
    expect(calls.find((call) => call.photoCode === 5)?.label).toBe('Front');
    expect(calls.filter((call) => call.photoCode === 8)).toHaveLength(2); // the first attempt and one retry
  });

  it('turns detections into damage records: accepted above the minimum score in auto mode, the rest proposed, unknown names as other', async () => {
    const results = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/results`)).body;
    expect(results.session.status).toBe('COMPLETE');
    expect(results.inspection.assessment).toBe('ASSESSED');
    const accepted = results.inspection.damages;
    expect(accepted).toHaveLength(2);
    expect(accepted).toContainEqual(
      expect.objectContaining({
        item: 'hood',
        damage_type: 'dent',
        grade: 3,
        photo_code: 5,
        source: 'detector',
        region: { x: 0.4, y: 0.2, width: 0.2, height: 0.15 },
      }),
    );
    expect(accepted).toContainEqual(expect.objectContaining({ item: 'other', damage_type: 'other', grade: 2, photo_code: 7, source: 'detector' }));

    const all = (await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/damages`)).body;
    const records = Array.isArray(all) ? all : all.data;
    expect(records.find((damage: { item: string }) => damage.item === 'front_bumper')).toMatchObject({ status: 'proposed', score: 0.31, source: 'detector' });
  });

  it('completes the session though the model failed on one photo and hung on another, and the report names them', async () => {
    const response = await fetch(`${server.baseUrl}/v1/sessions/${sessionKey}/report.pdf`, { headers: signRequestHeaders(account) });
    expect(response.status).toBe(200);
    const text = execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(await response.arrayBuffer()) })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(text).toContain('The damage detector could not analyse these photos: Driver side, Rear.');
    const html = await (await fetch(`${server.baseUrl}/v1/sessions/${sessionKey}/report`, { headers: signRequestHeaders(account) })).text();
    expect(html).toContain('could not analyse these photos: Driver side, Rear.');
  });
});
