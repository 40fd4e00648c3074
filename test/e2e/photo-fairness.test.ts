// docs/limits.md#photo-analysis: photo analysis takes turns between accounts, so a flood of photos from one account
// delays another account's verdict by at most one photo per worker. Real uploads over REST to the real server; the
// order in which the answers arrive is asserted, never their times (the figure is in bench/photo-fairness.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { createSession } from '../support/capture-flow.js';
import { makeScene } from '../support/images.js';
import { waitForValue } from '../support/wait.js';
import type { QcRunner } from '../../src/qc/pool.js';

const FLOOD = 16;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ VEHICLE_CHECK: 'off' });
}, 60_000);
afterAll(() => server?.stop());

async function upload(account: TestAccount, sessionKey: string, code: number, photo: Buffer): Promise<void> {
  const response = await fetch(`${server.baseUrl}/v1/sessions/${sessionKey}/photos/${code}`, {
    method: 'POST',
    headers: { ...signRequestHeaders(account), 'content-type': 'image/webp' },
    body: new Uint8Array(photo) as Uint8Array<ArrayBuffer>,
  });
  expect(response.status).toBe(200);
  await response.json();
}

describe('photo analysis between accounts', () => {
  it("answers another account's photo before most of a flood that was waiting before it", async () => {
    const runner = (server.app.services.capture as unknown as { deps: { qc: QcRunner } }).deps.qc;
    const flooder = await server.createAccount();
    const other = await server.createAccount();
    const flooded = await createSession(server.baseUrl, flooder, { session: { theme: 'PRO' } });
    const single = await createSession(server.baseUrl, other, { session: { theme: 'PRO' } });
    // 12 megapixels of WebP (no shrink-on-load): each analysis outlasts an upload's other work on a loaded machine.
    const heavy = await makeScene({ seed: 901, width: 4000, height: 3000, format: 'webp' });
    const light = await makeScene({ seed: 902, format: 'webp' });
    // Each session opened first, so the flood's photos race only for analysis.
    await upload(flooder, flooded.sessionKey, 2, heavy);
    await upload(other, single.sessionKey, 2, light);

    const answered: string[] = [];
    const flood = Array.from({ length: FLOOD }, (_, index) =>
      upload(flooder, flooded.sessionKey, 3 + (index % 11), heavy).then(() => answered.push(`A${index}`)),
    );
    // The whole flood has reached analysis (running or waiting) before the other account's photo is sent.
    await waitForValue(() => runner.pending + answered.length >= FLOOD, 'the flood to reach photo analysis', 60_000);
    const sentAfter = answered.length;
    await upload(other, single.sessionKey, 4, light).then(() => answered.push('B'));
    await Promise.all(flood);

    const floodAnsweredBefore = answered.indexOf('B') - sentAfter;
    // Fair turns: B waits for the photos running when it arrived (one per worker) and perhaps one more finishing on
    // the way; in arrival order it would wait for the whole flood. Half the flood is the generous bound.
    expect(floodAnsweredBefore).toBeLessThan((FLOOD - sentAfter) / 2);
  }, 180_000);
});
