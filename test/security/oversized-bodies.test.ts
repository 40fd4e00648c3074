// A body over the 1 MB JSON limit gets a 413 the client can read (docs/limits.md): the server reads and discards up
// to 16 MB before answering, instead of closing the socket while the client is still sending. The client runs in a
// process of its own, as a real one does: sharing the server's event loop hides the race.
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { captureLogs } from '../support/log-capture.js';

const MB = 1024 * 1024;
const logs = captureLogs();
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logDestination: logs.destination });
  account = await server.createAccount();
});
afterAll(() => server.stop());

interface Outcome {
  status?: number;
  body?: string;
  error?: string;
}

/** Node's fetch in another process POSTs a JSON body of `megabytes` (streamed without Content-Length if asked). */
function postFromOutside(
  path: string,
  megabytes: number,
  options: { headers?: Record<string, string>; streamed?: boolean; times?: number } = {},
): Promise<Outcome[]> {
  const script = `
    const [url, headers, megabytes, streamed, times] = [process.argv[1], JSON.parse(process.argv[2]), Number(process.argv[3]), process.argv[4] === 'true', Number(process.argv[5])];
    const text = JSON.stringify({ query: '{ __typename }', event: 'SESSION:COMPLETE', url: 'https://example.com', payload: { blob: 'x'.repeat(megabytes * 1024 * 1024) } });
    const bytes = new TextEncoder().encode(text);
    const streamOf = () => new ReadableStream({ start(controller) { for (let at = 0; at < bytes.length; at += 65536) controller.enqueue(bytes.subarray(at, at + 65536)); controller.close(); } });
    const outcomes = [];
    for (let attempt = 0; attempt < times; attempt += 1) {
      outcomes.push(await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: streamed ? streamOf() : text, duplex: 'half' })
        .then(async (response) => ({ status: response.status, body: await response.text() }), (error) => ({ error: String(error.cause?.code ?? error.message) })));
    }
    process.stdout.write(JSON.stringify(outcomes));`;
  const args = [
    '--input-type=module',
    '-e',
    script,
    `${server.baseUrl}${path}`,
    JSON.stringify(options.headers ?? signRequestHeaders(account)),
    String(megabytes),
    String(options.streamed ?? false),
    String(options.times ?? 3),
  ];
  return new Promise((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(stderr || error.message)) : resolve(JSON.parse(stdout) as Outcome[]),
    ),
  );
}

// The error body quotes the request's id (docs/rest-guide.md) after the readable message.
const readable413 = {
  status: 413,
  body: expect.stringMatching(new RegExp(`^\\{"message":"Request body exceeds the limit of ${MB} bytes\\.","request_id":"[A-Za-z0-9._-]+"\\}$`)),
};

describe('a JSON body over the limit, sent by fetch from another process', () => {
  it.each([3, 10])(
    'of %i MB to a REST route is answered with a readable 413, every time',
    async (megabytes) => {
      expect(await postFromOutside('/v1/callbacks', megabytes)).toEqual([readable413, readable413, readable413]);
    },
    60_000,
  );

  it.each([3, 10])(
    'of %i MB to /graphql is answered with a readable 413, every time',
    async (megabytes) => {
      expect(await postFromOutside('/graphql', megabytes)).toEqual([readable413, readable413, readable413]);
    },
    60_000,
  );

  it('of 10 MB streamed without Content-Length is answered with a readable 413', async () => {
    expect(await postFromOutside('/v1/callbacks', 10, { streamed: true })).toEqual([readable413, readable413, readable413]);
  }, 60_000);

  it('of 10 MB with bad credentials gets its readable 403', async () => {
    const outcomes = await postFromOutside('/v1/callbacks', 10, { headers: { ...signRequestHeaders(account), 'API-Token': 'f'.repeat(64) } });
    expect(outcomes.map((outcome) => outcome.status)).toEqual([403, 403, 403]);
  }, 60_000);

  it('of 20 MB is answered and the connection closed, and the server serves on', async () => {
    // Beyond 16 MB the server stops reading, so the client may or may not see the 413 before the socket closes.
    const [outcome] = await postFromOutside('/v1/callbacks', 20, { times: 1 });
    expect(outcome?.status === 413 || outcome?.error !== undefined).toBe(true);
    const healthy = await fetch(`${server.baseUrl}/v1/callbacks`, {
      method: 'POST',
      headers: { ...signRequestHeaders(account), 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'SESSION:COMPLETE', url: 'https://example.com/hook' }),
    });
    expect(healthy.status).toBe(200);
  }, 60_000);

  it('is no error in the log', () => {
    expect(logs.errors()).toEqual([]);
  });
});
