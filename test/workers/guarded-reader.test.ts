// The one-at-a-time guard of the VIN and odometer readers (src/workers/guarded-reader.ts): readings wait their turn, a
// full queue, a failure or a step out of time answer null (the failure logged), and the next reading goes on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuardedReader, createReplaceableWorker } from '../../src/workers/guarded-reader.js';

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

describe('the replaceable worker', () => {
  function workers() {
    let started = 0;
    const stopped: number[] = [];
    const worker = createReplaceableWorker(
      async () => ++started,
      async (which) => {
        stopped.push(which);
      },
    );
    return { worker, stopped, started: () => started };
  }

  it('starts on first use, once, and keeps the same worker', async () => {
    const { worker, started } = workers();
    expect(started()).toBe(0);
    expect(await worker.current()).toBe(1);
    expect(await worker.current()).toBe(1);
    expect(started()).toBe(1);
  });

  it('replaces the worker that failed, and a failure of one already replaced stops nothing', async () => {
    const { worker, stopped } = workers();
    const first = worker.current();
    await worker.replace(first);
    expect(stopped).toEqual([1]);
    const second = worker.current();
    expect(await second).toBe(2);
    await worker.replace(first);
    expect(stopped).toEqual([1]);
    expect(await worker.current()).toBe(2);
    await worker.replace();
    expect(stopped).toEqual([1, 2]);
  });

  it('starts again after a start that failed, with nothing to stop', async () => {
    let attempts = 0;
    const stop = vi.fn(async () => undefined);
    const worker = createReplaceableWorker(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('no such file');
      return 'ready';
    }, stop);
    const failed = worker.current();
    await expect(failed).rejects.toThrow('no such file');
    await worker.replace(failed);
    expect(stop).not.toHaveBeenCalled();
    expect(await worker.current()).toBe('ready');
  });
});
