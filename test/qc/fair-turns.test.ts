import { describe, expect, it } from 'vitest';
import { FairTurns } from '../../src/qc/fair-turns.js';

/** Starts items while fewer than `slots` run, as a pool of `slots` workers would; returns what started. */
function fill(turns: FairTurns<string>, slots: number): string[] {
  const started: string[] = [];
  while (turns.active < slots) {
    const next = turns.next();
    if (!next) break;
    started.push(next.item);
  }
  return started;
}

describe('FairTurns', () => {
  it('gives a newcomer the first free worker while a flood holds every worker', () => {
    const turns = new FairTurns<string>();
    for (let index = 1; index <= 20; index += 1) turns.enqueue('A', `A${index}`);
    expect(fill(turns, 2)).toEqual(['A1', 'A2']);
    turns.enqueue('B', 'B1');
    // One of A's photos finishes: the free worker goes to B, who has none in analysis, not to A's queue.
    turns.finish('A');
    expect(fill(turns, 2)).toEqual(['B1']);
    turns.finish('A');
    expect(fill(turns, 2)).toEqual(['A3']);
    expect([turns.active, turns.queued]).toEqual([2, 17]);
  });

  it('takes turns between accounts with work waiting, keeping each account’s own order', () => {
    const turns = new FairTurns<string>();
    for (const item of ['A1', 'A2', 'A3', 'A4']) turns.enqueue('A', item);
    for (const item of ['B1', 'B2']) turns.enqueue('B', item);
    turns.enqueue('C', 'C1');
    const order: string[] = [];
    // One worker: each finished item frees the worker for the next turn.
    for (let next = turns.next(); next; next = turns.next()) {
      order.push(next.item);
      turns.finish(next.owner);
    }
    expect(order).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'A3', 'A4']);
  });

  it('prefers the account with fewer items running, then the one served longest ago', () => {
    const turns = new FairTurns<string>();
    turns.enqueue('A', 'A1');
    turns.enqueue('A', 'A2');
    turns.enqueue('B', 'B1');
    turns.enqueue('B', 'B2');
    expect(fill(turns, 3)).toEqual(['A1', 'B1', 'A2']);
    turns.finish('A');
    // A and B each run one now; B was served longer ago than A.
    expect(fill(turns, 3)).toEqual(['B2']);
  });

  it('counts running items per owner and refuses to finish what never started', () => {
    const turns = new FairTurns<string>();
    expect(turns.next()).toBeUndefined();
    turns.enqueue('A', 'A1');
    expect(turns.next()).toEqual({ owner: 'A', item: 'A1' });
    turns.finish('A');
    expect(() => turns.finish('A')).toThrow(/nothing of A is running/);
    expect([turns.active, turns.queued]).toEqual([0, 0]);
  });
});
