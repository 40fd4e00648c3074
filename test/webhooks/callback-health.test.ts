// Whether a callback's receiver answers, on the real stores (docs/webhooks.md#disabled-callbacks): the failing run
// starts at the first failed attempt and ends at a success; CALLBACK_DISABLE_DAYS of it disables the callback once,
// whoever sees it; a success the run did not hear of restarts it; a 410 disables at once with its own reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import type { CallbackDisableCause } from '../../src/domain/callback-disabling.js';
import type { Account } from '../../src/domain/account.js';
import type { Callback } from '../../src/domain/callback.js';
import { CallbackHealth } from '../../src/webhooks/callback-health.js';
import { newDelivery } from '../../src/webhooks/outbox.js';
import { startInProcess, type InProcess } from '../support/in-process.js';

const EVENT = 'SESSION:NOTE_INSERT';
const DAY_MS = 24 * 60 * 60 * 1000;
const FAILED = { ok: false, error: 'HTTP 502 Bad Gateway' };

let env: InProcess;
const told: { event: string; cause: CallbackDisableCause }[] = [];
let health: CallbackHealth;

beforeAll(async () => {
  env = await startInProcess();
  health = new CallbackHealth({
    callbacks: env.services.stores.callbacks,
    deliveries: env.services.stores.deliveries,
    disableAfterDays: 5,
    onDisabled: async (callback, cause) => void told.push({ event: callback.event, cause }),
    logger: createLogger('silent'),
  });
});

afterAll(() => env?.close());

/** A fresh account with a callback; returns its stored document (what an attempt's bookkeeping is given). */
async function freshCallback(): Promise<{ account: Account; read: () => Promise<Callback> }> {
  const account = await env.createAccount();
  await env.services.callbacks.set(account.apiKey, { event: EVENT, url: 'https://hooks.example.com/notes' });
  const read = async () => (await env.services.stores.callbacks.find(account.apiKey, EVENT)) as Callback;
  return { account, read };
}

const at = (start: Date, days: number) => new Date(start.getTime() + days * DAY_MS);

describe('a callback’s failing run', () => {
  it('starts at the first failed attempt, keeps its start through later failures, and ends at a success', async () => {
    const { read } = await freshCallback();
    const start = new Date('2026-03-01T10:00:00Z');
    await health.afterAttempt(await read(), FAILED, start);
    expect((await read()).failingSince).toEqual(start);
    await health.afterAttempt(await read(), FAILED, at(start, 2));
    expect((await read()).failingSince).toEqual(start);
    await health.afterAttempt(await read(), { ok: true, error: null }, at(start, 3));
    expect((await read()).failingSince).toBeNull();
    // A new run starts afresh: four days of it are not five.
    await health.afterAttempt(await read(), FAILED, at(start, 4));
    await health.afterAttempt(await read(), FAILED, at(start, 8));
    expect(await read()).toMatchObject({ active: true, failingSince: at(start, 4) });
  });

  it('disables the callback at the first failed attempt CALLBACK_DISABLE_DAYS into the run, once, however many see it', async () => {
    const { read } = await freshCallback();
    const start = new Date('2026-03-01T10:00:00Z');
    await health.afterAttempt(await read(), FAILED, start);
    await health.afterAttempt(await read(), FAILED, new Date(at(start, 5).getTime() - 1));
    expect((await read()).active).toBe(true);

    const before = told.length;
    const seen = await read();
    // Three instances' attempts fail at the same moment, each with the setting it read.
    await Promise.all([1, 2, 3].map(() => health.afterAttempt(seen, FAILED, at(start, 5))));
    const disabled = await read();
    expect(disabled.active).toBe(false);
    expect(disabled.disabledReason).toBe(
      'Every delivery attempt failed for 5 days (none succeeded since 2026-03-01T10:00:00.000Z). Last error: HTTP 502 Bad Gateway.',
    );
    expect(told.slice(before)).toEqual([{ event: EVENT, cause: { kind: 'failing', days: 5, since: start, lastError: 'HTTP 502 Bad Gateway' } }]);

    // Disabled, later failures tell nobody again, even one whose instance still holds the enabled setting; enabling
    // starts the count from nothing.
    await health.afterAttempt(seen, FAILED, at(start, 6));
    await health.afterAttempt(await read(), FAILED, at(start, 6));
    expect(told).toHaveLength(before + 1);
    const enabled = await env.services.callbacks.update(disabled.apiKey, EVENT, { disabled: false });
    expect(enabled).toMatchObject({ disabled: false, disabled_reason: null, active: true });
    expect((await read()).failingSince).toBeNull();
  });

  it('restarts the run instead of disabling when a delivery succeeded since it began', async () => {
    const { account, read } = await freshCallback();
    const start = new Date('2026-03-01T10:00:00Z');
    await health.afterAttempt(await read(), FAILED, start);
    // Another instance's success, whose bookkeeping read an older setting and so did not end the run.
    const delivered = {
      ...newDelivery({
        id: `msg_ok_${account.apiKey}`,
        callback: await read(),
        eventSeq: 1,
        sessionKey: 'XKT-7Q2M9D4B1A',
        payload: {},
        test: false,
        now: at(start, 2),
      }),
      status: 'succeeded' as const,
      updatedAt: at(start, 2),
    };
    expect(await env.services.stores.deliveries.insert(delivered)).toBe('inserted');
    const before = told.length;
    await health.afterAttempt(await read(), FAILED, at(start, 5));
    expect(await read()).toMatchObject({ active: true, failingSince: at(start, 5) });
    expect(told).toHaveLength(before);
  });

  it('disables the callback at a 410 Gone with its own reason, unless its URL changed since', async () => {
    const { account, read } = await freshCallback();
    const before = told.length;
    const stale = { ...(await read()), url: 'https://old.example.com/notes' };
    await health.gone(stale, new Date());
    expect((await read()).active).toBe(true);

    await health.gone(await read(), new Date());
    await health.gone(await read(), new Date());
    expect(await env.services.callbacks.get(account.apiKey, EVENT)).toMatchObject({
      disabled: true,
      disabled_reason: 'The receiver answered 410 Gone.',
      active: false,
    });
    expect(told.slice(before)).toEqual([{ event: EVENT, cause: { kind: 'gone' } }]);
  });
});
