// The one-at-a-time guard of the VIN and odometer readers (src/workers/guarded-reader.ts): readings wait their turn, a
// full queue, a failure or a step out of time answer null (the failure logged), and the next reading goes on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuardedReader } from '../../src/workers/guarded-reader.js';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the guarded reader', () => {
  it('reads one at a time, in order', async () => {
    const guard = createGuardedReader({ timeoutMs: 1_000, maxQueued: 4, failure: 'reading failed' });
    const first = deferred<string>();
    const started: string[] = [];
    const one = guard.run(async () => {
      started.push('one');
      return first.promise;
    });
    const two = guard.run(async () => {
      started.push('two');
      return 'second';
    });
    await Promise.resolve();
    expect(started).toEqual(['one']);
    first.resolve('first');
    expect(await Promise.all([one, two])).toEqual(['first', 'second']);
    expect(started).toEqual(['one', 'two']);
  });

  it('answers null at once, without reading, when the queue is full', async () => {
    const guard = createGuardedReader({ timeoutMs: 1_000, maxQueued: 1, failure: 'reading failed' });
    const busy = deferred<string>();
    const running = guard.run(() => busy.promise);
    const waiting = guard.run(async () => 'waited');
    const read = vi.fn(async () => 'never');
    expect(await guard.run(read)).toBeNull();
    expect(read).not.toHaveBeenCalled();
    busy.resolve('done');
    expect(await Promise.all([running, waiting])).toEqual(['done', 'waited']);
  });

  it('answers null for a reading that fails, says why in the log, and reads the next one', async () => {
    const warn = vi.fn();
    const guard = createGuardedReader({ timeoutMs: 1_000, maxQueued: 4, failure: 'odometer reading failed', logger: { warn } });
    expect(
      await guard.run(async () => {
        throw new Error('the thread crashed');
      }),
    ).toBeNull();
    expect(warn).toHaveBeenCalledWith({ problem: 'the thread crashed' }, 'odometer reading failed');
    expect(await guard.run(async () => 42)).toBe(42);
  });

  it('gives up a step that takes longer than the time-out, and leaves no timer behind one that does not', async () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    const guard = createGuardedReader({ timeoutMs: 500, maxQueued: 4, failure: 'VIN barcode reading failed', logger: { warn } });
    const slow = guard.run(() => guard.within(new Promise<string>(() => undefined), 'reading the photo'));
    await vi.advanceTimersByTimeAsync(499);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await slow).toBeNull();
    expect(warn).toHaveBeenCalledWith({ problem: 'reading the photo: no answer within 500 ms' }, 'VIN barcode reading failed');

    expect(await guard.run(() => guard.within(Promise.resolve('quick'), 'reading the photo'))).toBe('quick');
    expect(vi.getTimerCount()).toBe(0);
  });
});
