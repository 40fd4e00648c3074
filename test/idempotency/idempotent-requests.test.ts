// The idempotency use case on the run's database: one claim per API key and key, what a repeat gets while the first
// runs, after it answered, with another body, after 24 hours, and after an instance stopped mid-request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess, type InProcess } from '../support/in-process.js';
import { requestFingerprint } from '../../src/idempotency/idempotent-requests.js';
import { ABANDONED_CLAIM_MS, IDEMPOTENCY_RETENTION_MS } from '../../src/domain/idempotency.js';
import { AppError } from '../../src/errors.js';

let env: InProcess;
beforeAll(async () => {
  env = await startInProcess();
});
afterAll(() => env.close());

const body = (text: string) => new TextEncoder().encode(text);
const fingerprint = requestFingerprint('POST', '/v1/sessions', body('{"session":{"theme":"LITE"}}'));
const answer = { status: 200, body: '{"session_key":"ABC-0123456789"}', contentType: 'application/json; charset=utf-8' };

async function failureOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('IdempotentRequests', () => {
  it('runs the first request, answers 409 while it runs, then replays its answer', async () => {
    const idempotency = env.services.idempotency;
    const first = await idempotency.begin('key-a', 'order-1', fingerprint);
    expect(first.kind).toBe('run');
    expect(await failureOf(idempotency.begin('key-a', 'order-1', fingerprint))).toMatchObject({ code: 'CONFLICT', headers: { 'retry-after': '1' } });
    if (first.kind === 'run') await first.finish(answer);
    expect(await idempotency.begin('key-a', 'order-1', fingerprint)).toEqual({ kind: 'replay', answer });
  });

  it('answers 422 when the key comes back with another method, path or body', async () => {
    const idempotency = env.services.idempotency;
    const first = await idempotency.begin('key-a', 'order-2', fingerprint);
    if (first.kind === 'run') await first.finish(answer);
    for (const other of [
      requestFingerprint('POST', '/v1/sessions', body('{"session":{"theme":"PRO"}}')),
      requestFingerprint('PUT', '/v1/sessions', body('{"session":{"theme":"LITE"}}')),
      requestFingerprint('POST', '/v1/callbacks', body('{"session":{"theme":"LITE"}}')),
    ]) {
      expect(await failureOf(idempotency.begin('key-a', 'order-2', other))).toMatchObject({ code: 'UNPROCESSABLE' });
    }
  });

  it('keeps keys apart per API key', async () => {
    const idempotency = env.services.idempotency;
    const mine = await idempotency.begin('key-a', 'shared-name', fingerprint);
    expect((await idempotency.begin('key-b', 'shared-name', fingerprint)).kind).toBe('run');
    if (mine.kind === 'run') await mine.abandon();
  });

  it('lets a retry run again after a server failure or an abandoned request', async () => {
    const idempotency = env.services.idempotency;
    const failed = await idempotency.begin('key-a', 'order-3', fingerprint);
    if (failed.kind === 'run') await failed.finish({ ...answer, status: 500 });
    const retried = await idempotency.begin('key-a', 'order-3', fingerprint);
    expect(retried.kind).toBe('run');
    if (retried.kind === 'run') await retried.abandon();
    expect((await idempotency.begin('key-a', 'order-3', fingerprint)).kind).toBe('run');
  });

  it('forgets an answer after 24 hours (checked on read, whatever the TTL monitor does)', async () => {
    const idempotency = env.services.idempotency;
    const first = await idempotency.begin('key-c', 'order-4', fingerprint);
    if (first.kind === 'run') await first.finish(answer);
    env.clock.advance(IDEMPOTENCY_RETENTION_MS - 1000);
    expect((await idempotency.begin('key-c', 'order-4', fingerprint)).kind).toBe('replay');
    env.clock.advance(1000);
    expect((await idempotency.begin('key-c', 'order-4', fingerprint)).kind).toBe('run');
    env.clock.reset();
  });

  it('takes over a claim whose instance stopped before answering', async () => {
    const idempotency = env.services.idempotency;
    await idempotency.begin('key-d', 'order-5', fingerprint); // never finished: its instance "stopped"
    env.clock.advance(ABANDONED_CLAIM_MS - 1000);
    expect(await failureOf(idempotency.begin('key-d', 'order-5', fingerprint))).toMatchObject({ code: 'CONFLICT' });
    env.clock.advance(1000);
    expect((await idempotency.begin('key-d', 'order-5', fingerprint)).kind).toBe('run');
    env.clock.reset();
  });

  it('claims a key once among concurrent requests', async () => {
    const idempotency = env.services.idempotency;
    const starts = await Promise.allSettled(Array.from({ length: 8 }, () => idempotency.begin('key-e', 'order-6', fingerprint)));
    expect(starts.filter((start) => start.status === 'fulfilled' && start.value.kind === 'run')).toHaveLength(1);
    for (const start of starts) if (start.status === 'rejected') expect(start.reason).toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses keys that are empty, too long or not printable ASCII', async () => {
    for (const key of ['', 'k'.repeat(256), 'tab\there', 'new\nline', 'café', '\u007f']) {
      expect(await failureOf(env.services.idempotency.begin('key-a', key, fingerprint))).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect((await env.services.idempotency.begin('key-a', `${'k'.repeat(254)} `, fingerprint)).kind).toBe('run');
  });
});
