// Capture by API (docs/rest-guide.md): an integrator's own app sends the photos over REST (raw body or multipart field
// `file`) and confirms, through the same use cases as the capture app: same verdicts, moves, events and results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { createSession, THEME_PHOTOS } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(() => server.stop());

async function upload(sessionKey: string, code: number | string, body: Buffer, contentType: string, who = account) {
  const response = await fetch(`${server.baseUrl}/v1/sessions/${sessionKey}/photos/${code}`, {
    method: 'POST',
    headers: { ...signRequestHeaders(who), 'content-type': contentType },
    body: new Uint8Array(body) as Uint8Array<ArrayBuffer>,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

function multipart(field: string, photo: Buffer): { body: Buffer; contentType: string } {
  const head = `--b0undary\r\ncontent-disposition: form-data; name="${field}"; filename="p.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), photo, Buffer.from('\r\n--b0undary--\r\n')]), contentType: 'multipart/form-data; boundary=b0undary' };
}

describe('POST /v1/sessions/:key/photos/:photo_code and /confirm', () => {
  it('captures a whole session over REST: start, photos, QC_PASSED, confirm, results', async () => {
    const { sessionKey } = await createSession(server.baseUrl, account);
    const codes = THEME_PHOTOS.LITE as number[];
    for (const [index, code] of codes.entries()) {
      const photo = await makeScene({ seed: 7000 + code });
      const sent = index % 2 === 0 ? { body: photo, contentType: 'image/jpeg' } : multipart('file', photo);
      const answer = await upload(sessionKey, code, sent.body, sent.contentType);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ photo_code: code, approved: true, approved_message: 'ACCEPTED' });
      if (index === 0) {
        // The first photo opened the IDLE session and moved it on, as the capture app's would.
        expect((await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}`)).body.status).toBe('PROCESS');
        const listed = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/photos`);
        expect(listed.body).toEqual([answer.body]);
      }
    }
    expect((await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}`)).body.status).toBe('QC_PASSED');
    const confirmed = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ session_key: sessionKey, status: 'COMPLETE' });
    const results = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/results`);
    expect(results.status).toBe(200);
    expect(results.body.photos.map((photo: { photo_code: number }) => photo.photo_code).sort((a: number, b: number) => a - b)).toEqual(codes);
    // A second confirmation returns the session as it is.
    expect((await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/confirm`)).body.status).toBe('COMPLETE');
  });

  it('keeps a file that is not an image as a rejected capture, whatever type it claims', async () => {
    const { sessionKey } = await createSession(server.baseUrl, account);
    const gif = Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1');
    const answer = await upload(sessionKey, 4, gif, 'image/jpeg');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ photo_code: 4, approved: false, approved_message: expect.stringMatching(/^REJECTED: /) });
    const text = await upload(sessionKey, 5, Buffer.from('not a photo'), 'text/plain');
    expect(text.body).toMatchObject({ photo_code: 5, approved: false });
    const listed = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/photos`);
    expect(listed.body).toHaveLength(2);
  });

  it('refuses what is not a photo upload at all, and stores nothing', async () => {
    const { sessionKey } = await createSession(server.baseUrl, account);
    const photo = await makeScene({ seed: 7100 });
    const wrongField = multipart('image', photo);
    expect(await upload(sessionKey, 4, wrongField.body, wrongField.contentType)).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('file') },
    });
    expect((await upload(sessionKey, 4, Buffer.alloc(0), 'image/jpeg')).status).toBe(400);
    expect(await upload(sessionKey, 99, photo, 'image/jpeg')).toMatchObject({ status: 400 });
    expect(await upload(sessionKey, 'four', photo, 'image/jpeg')).toMatchObject({ status: 400 });
    expect((await upload(sessionKey, 4, Buffer.alloc(15 * 1024 * 1024 + 1), 'image/jpeg')).status).toBe(413);
    expect((await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/photos`)).body).toEqual([]);
  });

  it("answers 404 for another account's session and 400 for confirming too early", async () => {
    const { sessionKey } = await createSession(server.baseUrl, account);
    const other = await server.createAccount();
    expect((await upload(sessionKey, 4, await makeScene({ seed: 7200 }), 'image/jpeg', other)).status).toBe(404);
    expect((await apiRequest(server.baseUrl, other, 'POST', `/v1/sessions/${sessionKey}/confirm`)).status).toBe(404);
    const early = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/confirm`);
    expect(early.status).toBe(400);
    expect(early.body.message).toContain('can be confirmed');
  });
});
