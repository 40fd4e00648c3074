import { describe, it, expect } from 'vitest';
import { availableParallelism } from 'node:os';
import { createConcurrencyLimiter, createFairLimiter, createQcRunner } from '../../src/qc/pool.js';
import { makeDark, makeScene, makeTiny } from '../support/images.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

/** Resolves after every queued promise callback (one macrotask) has run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createConcurrencyLimiter', () => {
  it('never runs more than the limit at once and starts waiting tasks in submission order', async () => {
    const limiter = createConcurrencyLimiter(2);
    const gates = Array.from({ length: 6 }, () => deferred<void>());
    const started: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const results = gates.map((gate, index) =>
      limiter.run(async () => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        started.push(index);
        await gate.promise;
        inFlight -= 1;
        return index * 10;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([limiter.active, limiter.queued]).toEqual([2, 4]);

    // Finish out of order; each completion admits exactly the next waiting task.
    for (const index of [1, 0, 3, 2, 5, 4]) {
      gates[index]!.resolve();
      await settle();
    }
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(maxInFlight).toBe(2);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
  });

  it('passes a task failure to its caller and frees the slot', async () => {
    const limiter = createConcurrencyLimiter(1);
    const failing = limiter.run(async () => {
      throw new Error('boom');
    });
    const next = limiter.run(async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
    expect(limiter.active).toBe(0);
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => createConcurrencyLimiter(0)).toThrow(RangeError);
    expect(() => createConcurrencyLimiter(1.5)).toThrow(RangeError);
  });
});

describe('createFairLimiter', () => {
  it('starts another account’s task on the first slot that frees while one account floods every slot', async () => {
    const limiter = createFairLimiter(2);
    const gates = new Map<string, ReturnType<typeof deferred<void>>>();
    const started: string[] = [];
    const submit = (account: string, name: string) => {
      const gate = deferred<void>();
      gates.set(name, gate);
      return limiter.run(account, async () => {
        started.push(name);
        await gate.promise;
        return name;
      });
    };
    const flood = Array.from({ length: 10 }, (_, index) => submit('A', `A${index + 1}`));
    await settle();
    const other = submit('B', 'B1');
    expect([limiter.active, limiter.queued]).toEqual([2, 9]);
    gates.get('A2')!.resolve();
    await settle();
    expect(started).toEqual(['A1', 'A2', 'B1']);
    gates.get('B1')!.resolve();
    expect(await other).toBe('B1');
    for (const gate of gates.values()) gate.resolve();
    expect(await Promise.all(flood)).toEqual(Array.from({ length: 10 }, (_, index) => `A${index + 1}`));
  });

  it('passes a task failure to its caller and frees the slot', async () => {
    const limiter = createFairLimiter(1);
    const failing = limiter.run('A', async () => {
      throw new Error('boom');
    });
    const next = limiter.run('A', async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
    expect(limiter.active).toBe(0);
  });
});

describe('createQcRunner', () => {
  it('defaults to one analysis per CPU', () => {
    expect(createQcRunner().concurrency).toBe(availableParallelism());
  });

  it('bounds concurrent analyses and still returns every verdict', async () => {
    const runner = createQcRunner({ concurrency: 2 });
    const uploads = [
      await makeScene({ seed: 11 }),
      await makeDark({ seed: 12 }),
      await makeTiny({ seed: 13 }),
      await makeScene({ seed: 14, format: 'png' }),
      await makeScene({ seed: 15, format: 'webp' }),
      await makeScene({ seed: 16 }),
    ];
    const observedActive: number[] = [];
    const verdicts = uploads.map((bytes) =>
      runner.analyze(bytes).then((verdict) => {
        observedActive.push(runner.active);
        return verdict;
      }),
    );
    // Slots are taken synchronously, so the burst is visible at once: two running, four waiting.
    expect(runner.active).toBe(2);
    expect(runner.pending).toBe(6);
    observedActive.push(runner.active);

    const reasons = (await Promise.all(verdicts)).map((verdict) => verdict.reason?.split(':')[0] ?? 'accepted');
    expect(reasons).toEqual(['accepted', 'Photo is too dark', 'Photo is too small', 'accepted', 'accepted', 'accepted']);
    expect(Math.max(...observedActive)).toBeLessThanOrEqual(2);
    expect(runner.pending).toBe(0);
    expect(runner.active).toBe(0);
  });

  it('applies runner-wide thresholds, which a call can override', async () => {
    const runner = createQcRunner({ concurrency: 1, thresholds: { minWidth: 640, minHeight: 480 } });
    const tiny = await makeTiny();
    expect((await runner.analyze(tiny)).accepted).toBe(true);
    expect((await runner.analyze(tiny, { thresholds: { minWidth: 1024, minHeight: undefined } })).reason).toBe(
      'Photo is too small: 800×600, at least 1024×480 required',
    );
  });
});
