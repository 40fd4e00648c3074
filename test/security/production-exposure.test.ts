// What a production deployment shows to anyone on the network: /metrics only with METRICS_TOKEN, no echo of a
// client's malformed body in GraphQL errors, and a loud warning when webhooks may reach private addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { captureLogs } from '../support/log-capture.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const SECRET_MARKER = 'card-4111111111111111';

describe('in production', () => {
  const logs = captureLogs();
  let production: TestServer;
  let productionWithoutToken: TestServer;

  beforeAll(async () => {
    production = await startTestServer(
      { NODE_ENV: 'production', METRICS_TOKEN, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', LOG_LEVEL: 'info' },
      { logDestination: logs.destination },
    );
    productionWithoutToken = await startTestServer({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  });
  afterAll(async () => {
    await production.stop();
    await productionWithoutToken.stop();
  });

  it('serves /metrics only with the bearer METRICS_TOKEN (401 otherwise)', async () => {
    expect((await fetch(`${production.baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${production.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(401);
    const allowed = await fetch(`${production.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('http_requests_total');
  });

  it('does not serve /metrics at all without METRICS_TOKEN (404)', async () => {
    const response = await fetch(`${productionWithoutToken.baseUrl}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('http_requests_total');
  });

  it('does not echo a malformed GraphQL body back in the error', async () => {
    const response = await fetch(`${production.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"query": "{ __typename }", "variables": {"card": "${SECRET_MARKER}"`,
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toContain(SECRET_MARKER);
    expect(JSON.parse(text).errors[0].message).toMatch(/JSON/);
  });

  it('warns loudly at start-up when webhooks may target private addresses', () => {
    const warnings = logs.lines.filter((line) => line.level >= 40 && /WEBHOOK_ALLOW_PRIVATE_TARGETS/.test(String(line.msg)));
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.msg)).toMatch(/production/);
  });
});

describe('outside production', () => {
  const logs = captureLogs();
  let development: TestServer;

  beforeAll(async () => {
    development = await startTestServer(
      { NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', LOG_LEVEL: 'info' },
      { logDestination: logs.destination },
    );
  });
  afterAll(() => development.stop());

  it('keeps /metrics open for convenience', async () => {
    expect((await fetch(`${development.baseUrl}/metrics`)).status).toBe(200);
  });

  it('does not warn about private webhook targets', () => {
    expect(logs.lines.filter((line) => /WEBHOOK_ALLOW_PRIVATE_TARGETS/.test(String(line.msg)))).toEqual([]);
  });
});
