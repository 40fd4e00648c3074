// The capture link as a QR code (docs/staff.md "QR code"): the SVG, drawn to pixels and read back by a barcode
// reader, is the session's capture link; a viewer (who may not see the link, docs/limits.md) and a stranger get 403.
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signedInAs } from '../support/sign-in.js';
import { createSession } from '../support/capture-flow.js';
import type { TestAccount } from '../support/signing.js';
import { ZXING_WASM_PATH } from '../../src/vin/barcode-scan.js';
import { readFile } from 'node:fs/promises';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
  await prepareZXingModule({ overrides: { wasmBinary: (await readFile(ZXING_WASM_PATH)).buffer as ArrayBuffer }, fireImmediately: true });
});

afterAll(async () => {
  await server?.stop();
});

async function readQr(svg: string): Promise<string[]> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const results = await readBarcodes(
    { data: new Uint8ClampedArray(data), width: info.width, height: info.height, colorSpace: 'srgb' },
    { formats: ['QRCode'] },
  );
  return results.map((result) => result.text);
}

describe('capture QR code', () => {
  it('encodes the capture link for the API headers and for owners and inspectors, and refuses viewers and strangers', async () => {
    const session = await createSession(server.baseUrl, account);
    const path = `/v1/sessions/${session.sessionKey}/capture-qr.svg`;

    const signed = await apiRequest(server.baseUrl, account, 'GET', path);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await readQr(signed.body)).toEqual([session.captureUrl]);

    for (const role of ['owner', 'inspector', 'viewer'] as const) {
      const username = `qr-${role}-${account.username}`.slice(0, 60);
      const created = await apiRequest(server.baseUrl, account, 'POST', '/v1/users', { username, password: 'correct horse battery', role });
      expect(created.status).toBe(201);
      const cookie = await signedInAs(server.baseUrl, username, 'correct horse battery');
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
      if (role === 'viewer') {
        expect(response.status).toBe(403);
        expect(await response.text()).not.toContain(session.captureToken);
      } else {
        expect(response.status, role).toBe(200);
        expect(await readQr(await response.text())).toEqual([session.captureUrl]);
      }
    }

    const stranger = await fetch(`${server.baseUrl}${path}`);
    expect(stranger.status).toBe(403);
    const other = await server.createAccount();
    const foreign = await apiRequest(server.baseUrl, other, 'GET', path);
    expect(foreign.status).toBe(404);
  });
});
