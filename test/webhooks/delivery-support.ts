// Shared by the delivery engine tests: a server tuned for fast retries, polling waits, and cheap ways to cause events.
import { expect } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../support/test-server.js';
import type { TestAccount } from '../support/signing.js';
import type { ReceivedRequest } from './receiver.js';

/** Retries in milliseconds (5 s → 5 ms), short timeouts, quick polling; each test file adds what it needs. */
export const FAST_WEBHOOKS: Record<string, string> = {
  WEBHOOK_RETRY_TIME_SCALE: '0.001',
  WEBHOOK_POLL_INTERVAL_MS: '100',
  WEBHOOK_RESPONSE_TIMEOUT_MS: '1000',
  WEBHOOK_TOTAL_TIMEOUT_MS: '2000',
  WEBHOOK_LEASE_MS: '4000',
  WEBHOOK_RECONCILE_INTERVAL_MS: '1000',
  RATE_LIMIT_POINTS: '100000',
};

export function startDeliveryServer(environment: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({ ...FAST_WEBHOOKS, ...environment });
}

/** Polls until `check` returns a value other than undefined/false; generous by default for a busy 2-core machine. */
export { waitForValue as waitFor } from '../support/wait.js';

export async function createSessionKey(server: TestServer, account: TestAccount): Promise<string> {
  const created = await apiRequest(server.baseUrl, account, 'POST', '/v1/sessions', { session: { theme: 'LITE' } });
  expect(created.status).toBe(200);
  return created.body.session_key as string;
}

/**
 * SESSION:NOTE_INSERT, the cheapest event to cause. A 500 is retried like a client would: under concurrent notes
 * the embedded server can hand two events the same sequence number (its findOneAndUpdate is not atomic), and the
 * loser is refused without being recorded. That is the event log's concern, not the delivery engine's.
 */
export async function addNote(server: TestServer, account: TestAccount, sessionKey: string, title: string): Promise<void> {
  let note = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/notes`, { title, description: 'webhook test' });
  for (let retry = 0; retry < 3 && note.status === 500; retry += 1) {
    note = await apiRequest(server.baseUrl, account, 'POST', `/v1/sessions/${sessionKey}/notes`, { title, description: 'webhook test' });
  }
  expect(note.status).toBe(200);
}

export async function setCallback(
  server: TestServer,
  account: TestAccount,
  body: Record<string, unknown>,
): Promise<{ secret: string } & Record<string, unknown>> {
  const result = await apiRequest(server.baseUrl, account, 'POST', '/v1/callbacks', body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

export async function listDeliveries(server: TestServer, account: TestAccount, event: string, query = ''): Promise<any[]> {
  const result = await apiRequest(server.baseUrl, account, 'GET', `/v1/callbacks/${event}/deliveries${query}`);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

export function bodyOf(request: ReceivedRequest): any {
  return JSON.parse(request.body);
}

export function headerText(request: ReceivedRequest, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The Standard Webhooks headers of a received request, as `new Webhook(secret).verify` takes them. */
export function signedHeaders(request: ReceivedRequest): Record<string, string> {
  return {
    'webhook-id': headerText(request, 'webhook-id'),
    'webhook-timestamp': headerText(request, 'webhook-timestamp'),
    'webhook-signature': headerText(request, 'webhook-signature'),
  };
}
