// One whole LITE capture through GraphQL (start, six photos through QC, confirm, report), median of 10 runs.
// Run: npx tsx bench/capture.ts
import { pathToFileURL } from 'node:url';
import { makeScene } from '../test/support/images.js';
import { createAccount, median, round, signedHeaders, startService, type BenchResult } from './support.js';

const LITE_PHOTOS = [1, 2, 4, 5, 7, 8];
const CAPTURE_PHOTO = 'mutation($k: String!, $c: Int!, $f: File!) { capturePhoto(sessionKey: $k, photoCode: $c, file: $f) { approved } }';

async function graphql(url: string, captureToken: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Capture-Token': captureToken },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, any>; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data ?? {};
}

export async function runCaptureBenchmark(runs = 10): Promise<BenchResult> {
  const photos = await Promise.all(LITE_PHOTOS.map((code) => makeScene({ seed: 5000 + code })));
  const service = await startService();
  try {
    const account = await createAccount(service.url);
    const durations: number[] = [];
    for (let run = 0; run < runs + 1; run += 1) {
      const created = await fetch(`${service.url}/v1/sessions`, {
        method: 'POST',
        headers: { ...signedHeaders(account), 'content-type': 'application/json' },
        body: JSON.stringify({ session: { theme: 'LITE' } }),
      });
      const { session_key: sessionKey, capture_url: captureUrl } = (await created.json()) as { session_key: string; capture_url: string };
      const token = captureUrl.split('#')[1] as string;
      const started = performance.now();
      await graphql(service.url, token, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', { k: sessionKey });
      for (const [index, code] of LITE_PHOTOS.entries()) {
        const form = new FormData();
        form.set('operations', JSON.stringify({ query: CAPTURE_PHOTO, variables: { k: sessionKey, c: code, f: null } }));
        form.set('map', JSON.stringify({ 0: ['variables.f'] }));
        form.set('0', new Blob([new Uint8Array(photos[index] as Buffer)]), 'photo.jpg');
        const response = await fetch(`${service.url}/graphql`, { method: 'POST', headers: { 'Capture-Token': token }, body: form });
        const body = (await response.json()) as { data?: { capturePhoto?: { approved: boolean } } };
        if (!body.data?.capturePhoto?.approved) throw new Error(`photo ${code} was not accepted: ${JSON.stringify(body)}`);
      }
      const confirmed = await graphql(service.url, token, 'mutation($k: String!) { confirmInspection(sessionKey: $k) { status } }', { k: sessionKey });
      if (confirmed.confirmInspection?.status !== 'COMPLETE') throw new Error('the session did not complete');
      if (run > 0) durations.push(performance.now() - started); // the first run warms the process up
    }
    return { name: 'capture_session_e2e_ms', value: round(median(durations), 0), unit: 'ms', baseline: null, ratio: null };
  } finally {
    await service.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${JSON.stringify(await runCaptureBenchmark())}\n`);
}
