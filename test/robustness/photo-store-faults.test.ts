// When the photo store cannot take a write, the upload fails cleanly (500, no internals) and leaves nothing behind:
// no capture record, no stray file, and its place under the session's capture limit is given back.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { graphqlRequest, uploadPhoto } from '../support/graphql.js';
import { createSession } from '../support/capture-flow.js';
import { makeScene, makeTiny } from '../support/images.js';
import { folderUsage, temporaryDataDir } from '../support/folder-usage.js';

let dataDir: string;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  dataDir = await temporaryDataDir();
  server = await startTestServer({ DATA_DIR: dataDir });
  account = await server.createAccount();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a photo store that refuses writes', () => {
  it('fails the upload with a masked error, keeps nothing and gives the capture place back', async () => {
    const session = await createSession(server.baseUrl, account, { session: { theme: 'LITE' } });
    const capture = { captureToken: session.captureToken };
    await graphqlRequest(server.baseUrl, capture, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: session.sessionKey });
    // The session's photo folder is a file: every write under it fails (ENOTDIR), whoever runs the test.
    await mkdir(join(dataDir, 'photos'), { recursive: true });
    await writeFile(join(dataDir, 'photos', session.sessionKey), 'in the way');
    const tiny = await makeTiny({ seed: 1701 });

    for (let attempt = 0; attempt < 30; attempt += 1) {
      const failed = await uploadPhoto(server.baseUrl, capture, session.sessionKey, 1, tiny);
      expect(failed.body.errors?.[0]).toMatchObject({ message: 'Internal server error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    }
    expect((await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${session.sessionKey}/photos`)).body).toEqual([]);
    expect((await folderUsage(dataDir)).files).toEqual([`photos/${session.sessionKey}`]);

    // 30 failed uploads used none of the session's 28 places: once the store works, all 28 are there.
    await rm(join(dataDir, 'photos', session.sessionKey));
    for (let index = 0; index < 28; index += 1) {
      const kept = await uploadPhoto(server.baseUrl, capture, session.sessionKey, 1, index === 27 ? await makeScene({ seed: 1702 }) : tiny);
      expect(kept.body.errors, `upload ${index + 1}`).toBeUndefined();
    }
    const over = await uploadPhoto(server.baseUrl, capture, session.sessionKey, 1, tiny);
    expect(over.body.errors?.[0]?.extensions?.code).toBe('LIMIT_REACHED');
  }, 120_000);
});
