// /metrics in Prometheus text format: request rates and latencies per route, deliveries, subscriptions, QC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import { signRequestHeaders, type TestAccount } from '../support/signing.js';
import { uploadPhoto, wsEventRecorder } from '../support/graphql.js';
import { createSession } from '../support/capture-flow.js';
import { graphqlRequest } from '../support/graphql.js';
import { makeScene } from '../support/images.js';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(() => server.stop());

const metricsText = async () => (await fetch(`${server.baseUrl}/metrics`)).text();

describe('/metrics', () => {
  it('counts requests per route pattern and status, with latency histograms', async () => {
    await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks');
    await apiRequest(server.baseUrl, account, 'GET', '/v1/callbacks/SESSION:COMPLETE');
    const response = await fetch(`${server.baseUrl}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/v1\/callbacks",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/v1\/callbacks\/:event",status="404"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/v1\/callbacks"\}/);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('tracks open subscriptions and QC durations', async () => {
    const watcher = wsEventRecorder(server.baseUrl, signRequestHeaders(account));
    await watcher.ready;
    expect(await metricsText()).toMatch(/graphql_open_subscriptions 1\b/);
    expect(await metricsText()).toMatch(/graphql_ws_open_sockets 1\b/);
    const session = await createSession(server.baseUrl, account);
    await graphqlRequest(server.baseUrl, { captureToken: session.captureToken }, 'mutation($k: String!) { startCapture(sessionKey: $k) { status } }', {
      k: session.sessionKey,
    });
    await uploadPhoto(server.baseUrl, { captureToken: session.captureToken }, session.sessionKey, 1, await makeScene({ seed: 1 }));
    expect(await metricsText()).toMatch(/qc_duration_seconds_count\{verdict="accepted"\} 1/);
    // Created, started, the photo: each event's delay from its timestamp to going live is observed.
    const published = Number(/event_publish_delay_seconds_count (\d+)/.exec(await metricsText())?.[1]);
    expect(published).toBeGreaterThanOrEqual(3);
    await watcher.close();
    await expect.poll(metricsText, { timeout: 5_000, interval: 50 }).toMatch(/graphql_open_subscriptions 0\b/);
  });
});
