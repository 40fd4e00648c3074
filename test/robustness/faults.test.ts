// Faults: the database connection dropped and restored under load, and a graceful stop on SIGTERM.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import WebSocket from 'ws';
import '../support/provided-context.js';
import { apiRequest, createAccountAt, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { startServiceProcess } from '../support/service-process.js';
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
    // The driver finds the server again on its next heartbeat (every 10 s), later on a loaded machine: the bound is
    // generous, and the time it took is printed so a slow recovery shows before it fails. It once failed in a full
    // CI run (never alone, even with the cores saturated): the driver's view of the server is printed with the
    // failure, so the next one says where recovery stopped.
    const restoredAt = Date.now();
    const driverEvents = recordDriverEvents(server, restoredAt);
    try {
      await expect.poll(async () => (await fetch(`${server.baseUrl}/ready`)).status, { timeout: 60_000, interval: 250 }).toBe(200);
    } catch (error) {
      const shown = driverEvents.slice(-40).join('\n');
      console.log(
        `[faults] not ready ${Date.now() - restoredAt} ms after the connection was restored; ${driverEvents.length} driver events since (the last 40):\n${shown}`,
      );
      throw error;
    }
    console.log(`[faults] ready again ${Date.now() - restoredAt} ms after the connection was restored`);
    const after = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/notes`, { title: 'after', description: 'recovered' });
    expect(after.status).toBe(200);
    const notes = await apiRequest(server.baseUrl, account, 'GET', `/v1/sessions/${sessionKey}/notes`);
    expect(notes.body.map((note: { title: string }) => note.title)).toContain('after');
  }, 100_000);
});

/** The driver's monitoring and pool events from now on, each with the milliseconds since `since`. */
function recordDriverEvents(server: TestServer, since: number): string[] {
  const events: string[] = [];
  const client = server.app.database.client;
  const names = ['serverDescriptionChanged', 'serverHeartbeatFailed', 'connectionPoolCleared', 'connectionPoolReady', 'connectionCheckOutFailed'] as const;
  for (const name of names) {
    client.on(name, (event: { newDescription?: { type: string; error?: Error | null }; failure?: Error; reason?: string; error?: Error }) => {
      const description = event.newDescription ? `${event.newDescription.type} ${event.newDescription.error?.message ?? ''}` : '';
      const failure = event.failure?.message ?? event.error?.message ?? event.reason ?? '';
      events.push(`${Date.now() - since} ms ${name} ${description}${failure}`);
    });
  }
  return events;
}

describe('SIGTERM', () => {
  it('finishes in-flight requests, closes sockets with a reconnectable code, and exits 0', async () => {
    const service = await startServiceProcess();
    const headers = signRequestHeaders(await createAccountAt(service.baseUrl, 'drain-test'));

    const socket = new WebSocket(`${service.baseUrl.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    socket.send(JSON.stringify({ type: 'connection_init', payload: headers }));
    await new Promise<void>((resolve) => socket.once('message', () => resolve()));

    // A request whose body is still arriving when the signal comes: it must be answered, not cut. With
    // `Expect: 100-continue` the server says when it has read the headers, so the signal is sent after that.
    const body = JSON.stringify({ event: 'SESSION:COMPLETE', url: 'https://example.com/hook' });
    const { port } = new URL(service.baseUrl);
    const request = connect(Number(port), '127.0.0.1');
    let response = '';
    request.on('data', (chunk: Buffer) => (response += chunk.toString('utf8')));
    const ended = new Promise<void>((resolve) => request.once('end', () => resolve()));
    const headerLines = Object.entries({ ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    request.write(`POST /v1/callbacks HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nexpect: 100-continue\r\nconnection: close\r\n${headerLines}\r\n`);
    await vi.waitFor(() => expect(response).toMatch(/^HTTP\/1\.1 100 Continue/), { timeout: 10_000 });
    request.write(body.slice(0, 10));

    service.child.kill('SIGTERM');
    // The WebSocket is closed early in the stop; the in-flight request must still be answered after it.
    expect(await closed).toBe(1001);
    request.write(body.slice(10)); // not end(): a half-closed request socket would not be answered
    await ended;
    expect(response).toMatch(/\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    expect(await service.exited).toBe(0);
  }, 60_000);
});
