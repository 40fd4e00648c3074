// Faults: the database connection dropped and restored under load, and a graceful stop on SIGTERM.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import '../support/provided-context.js';
import { apiRequest, startTestServer, uniqueDatabaseName, ADMIN_TOKEN, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

describe('database connection dropped and restored', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let account: TestAccount;

  beforeAll(async () => {
    const mongo = new URL(inject('mongoUrl'));
    proxy = await startTcpProxy({ host: mongo.hostname, port: Number(mongo.port || 27017) });
    mongo.host = `127.0.0.1:${proxy.port}`;
    // directConnection keeps the driver on the proxy address rather than a replica-set member it discovers.
    mongo.searchParams.set('directConnection', 'true');
    server = await startTestServer({ MONGODB_URL: mongo.toString() });
    account = await server.createAccount();
  });
  afterAll(async () => {
    proxy.restore();
    await server.stop();
    await proxy.close();
  });

  it('reports not ready, answers requests with masked errors, and recovers without a restart', async () => {
    const created = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
    const sessionKey = created.body.session_key as string;
    expect((await fetch(`${server.baseUrl}/ready`)).status).toBe(200);

    proxy.cut();
    const ready = await fetch(`${server.baseUrl}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'database unreachable' });
    const during = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/notes`, { title: 'during', description: 'outage' });
    expect(during.status).toBe(500);
    expect(during.body).toEqual({ message: 'Internal server error.' });

    proxy.restore();
    const deadline = Date.now() + 30_000;
    while ((await fetch(`${server.baseUrl}/ready`)).status !== 200) {
      if (Date.now() > deadline) throw new Error('the service did not become ready again');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const after = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/notes`, { title: 'after', description: 'recovered' });
    expect(after.status).toBe(200);
    const notes = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/notes`);
    expect(notes.body.map((note: { title: string }) => note.title)).toContain('after');
  }, 60_000);
});

describe('SIGTERM', () => {
  it('finishes in-flight requests, closes sockets with a reconnectable code, and exits 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MONGODB_URL: inject('mongoUrl'), MONGODB_DB: uniqueDatabaseName('sigterm'), ADMIN_TOKEN, DEMO_ACCOUNT: 'false', LOG_LEVEL: 'info', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 45_000;
    while (!/"url":"(http:[^"]+)"/.test(output)) {
      if (Date.now() > deadline) throw new Error(`did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const baseUrl = /"url":"(http:[^"]+)"/.exec(output)?.[1] as string;
    const created = await fetch(`${baseUrl}/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'drain-test' }),
    });
    const account = (await created.json()) as { api_key: string; api_secret: string };
    const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const headers = {
      'API-Key': account.api_key,
      'API-Timestamp': timestamp,
      'API-Token': createHmac('sha256', account.api_secret).update(`drain-test:${account.api_key}@${timestamp}`).digest('hex'),
    };

    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    socket.send(JSON.stringify({ type: 'connection_init', payload: headers }));
    await new Promise<void>((resolve) => socket.once('message', () => resolve()));

    // A request whose body is still arriving when the signal comes: it must be answered, not cut.
    const body = JSON.stringify({ event: 'SESSION:COMPLETE', url: 'https://example.com/hook' });
    let pushBody: () => void = () => undefined;
    const slowBody = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body.slice(0, 10)));
        pushBody = () => {
          controller.enqueue(new TextEncoder().encode(body.slice(10)));
          controller.close();
        };
      },
    });
    const inFlight = fetch(`${baseUrl}/v1/callbacks`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: slowBody,
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    pushBody();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await closed).toBe(1001);
    expect(await exited).toBe(0);
  }, 60_000);
});
