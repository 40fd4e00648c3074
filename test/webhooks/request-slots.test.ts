import { describe, expect, it } from 'vitest';
import { RequestSlots, type SlotOwner } from '../../src/webhooks/request-slots.js';

const limits = { worker: 4, account: 2, callback: 2, destination: 3 };
const roomy = { total: 100, perAccount: 10, perCallback: 6 };

function owner(account: string, event = 'NOTE', destination = `${account}.example:443`): SlotOwner {
  return { account, callback: `${account}/${event}`, destination };
}

/** Reserves and queues `count` items for `who`, labelled `<account>-<n>`. */
function queue(slots: RequestSlots<string>, who: SlotOwner, count: number, from = 0): void {
  for (let index = from; index < from + count; index += 1) {
    slots.reserve(who);
    slots.enqueue({ owner: who, item: `${who.callback}-${index}` });
  }
}

/** Starts whatever may start, as the scheduler does, and returns the items in start order. */
function startAll(slots: RequestSlots<string>): string[] {
  const started: string[] = [];
  for (let next = slots.takeNextStartable(); next; next = slots.takeNextStartable()) {
    slots.takeSlot(next.owner);
    started.push(next.item);
  }
  return started;
}

describe('RequestSlots', () => {
  it('keeps one account to its share of the worker, leaving the other slots to other accounts', () => {
    const slots = new RequestSlots<string>(limits, roomy);
    queue(slots, owner('a', 'NOTE'), 5);
    queue(slots, owner('a', 'COMPLETE'), 5);
    expect(startAll(slots)).toEqual(['a/NOTE-0', 'a/COMPLETE-0']);
    queue(slots, owner('b'), 1);
    expect(startAll(slots)).toEqual(['b/NOTE-0']);
  });

  it('takes turns between accounts in the order they first waited, whatever each has queued', () => {
    const slots = new RequestSlots<string>({ ...limits, worker: 1, account: 1 }, roomy);
    queue(slots, owner('a'), 4);
    queue(slots, owner('b'), 2);
    queue(slots, owner('c'), 1);
    const order: string[] = [];
    for (let turn = 0; turn < 7; turn += 1) {
      const next = slots.takeNextStartable();
      expect(next).toBeDefined();
      slots.takeSlot(next!.owner);
      expect(slots.takeNextStartable()).toBeUndefined(); // the worker's one slot is busy
      order.push(next!.item);
      slots.releaseSlot(next!.owner);
    }
    expect(order).toEqual(['a/NOTE-0', 'b/NOTE-0', 'c/NOTE-0', 'a/NOTE-1', 'b/NOTE-1', 'a/NOTE-2', 'a/NOTE-3']);
    expect(slots.hasWaiting).toBe(false);
    expect(slots.reserved).toBe(0);
  });

  it("takes turns between an account's callbacks, each in its own order", () => {
    const slots = new RequestSlots<string>({ ...limits, account: 1 }, roomy);
    queue(slots, owner('a', 'NOTE'), 2);
    queue(slots, owner('a', 'COMPLETE'), 2);
    const order: string[] = [];
    for (let next = slots.takeNextStartable(); next; next = slots.takeNextStartable()) {
      order.push(next.item); // started and finished at once
    }
    expect(order).toEqual(['a/NOTE-0', 'a/COMPLETE-0', 'a/NOTE-1', 'a/COMPLETE-1']);
  });

  it('bounds requests per callback and per destination, across accounts', () => {
    const slots = new RequestSlots<string>({ worker: 10, account: 10, callback: 2, destination: 3 }, roomy);
    queue(slots, owner('a', 'NOTE', 'shared:443'), 5);
    queue(slots, owner('b', 'NOTE', 'shared:443'), 5);
    queue(slots, owner('c', 'NOTE', 'own:443'), 5);
    expect(startAll(slots).sort()).toEqual(['a/NOTE-0', 'a/NOTE-1', 'b/NOTE-0', 'c/NOTE-0', 'c/NOTE-1']);
    slots.releaseSlot(owner('a', 'NOTE', 'shared:443'));
    // a's turn came last, so b, whose destination slot is now free, goes first.
    expect(startAll(slots)).toEqual(['b/NOTE-1']);
  });

  it('limits waiting room per callback, per account and in total', () => {
    const slots = new RequestSlots<string>(limits, { total: 7, perAccount: 4, perCallback: 3 });
    queue(slots, owner('a', 'NOTE'), 3);
    expect(slots.hasWaitingRoom(owner('a', 'NOTE'))).toBe(false);
    expect(slots.hasWaitingRoom(owner('a', 'COMPLETE'))).toBe(true);
    queue(slots, owner('a', 'COMPLETE'), 1);
    expect(slots.hasWaitingRoom(owner('a', 'STATUS'))).toBe(false);
    queue(slots, owner('b'), 3);
    expect(slots.hasWaitingRoom(owner('c'))).toBe(false);
  });

  it('names the callbacks and accounts that have no room left, for the claim to leave out', () => {
    const slots = new RequestSlots<string>({ worker: 4, account: 2, callback: 2, destination: 4 }, { total: 100, perAccount: 3, perCallback: 2 });
    queue(slots, owner('a', 'NOTE'), 4);
    expect(startAll(slots)).toEqual(['a/NOTE-0', 'a/NOTE-1']);
    expect(slots.callbacksWithoutRoom()).toEqual([{ account: 'a', callback: 'a/NOTE' }]);
    expect(slots.accountsWithoutRoom()).toEqual([]);
    queue(slots, owner('a', 'COMPLETE'), 1);
    expect(slots.accountsWithoutRoom()).toEqual(['a']);
    expect(slots.callbacksWithoutRoom()).toHaveLength(2);
    expect(slots.drain().map(({ item }) => item)).toEqual(['a/NOTE-2', 'a/NOTE-3', 'a/COMPLETE-0']);
    expect(slots.reserved).toBe(0);
  });

  it('gives back room and forgets a callback once nothing of it waits or runs', () => {
    const slots = new RequestSlots<string>({ worker: 4, account: 4, callback: 1, destination: 4 }, { total: 100, perAccount: 10, perCallback: 2 });
    const a = owner('a');
    expect(slots.hasWaiting).toBe(false);
    queue(slots, a, 2);
    expect([slots.hasWaiting, slots.reservedFor(a.callback), slots.hasWaitingRoom(a)]).toEqual([true, 2, false]);
    expect(startAll(slots)).toEqual(['a/NOTE-0']);
    expect([slots.reservedFor(a.callback), slots.hasWaitingRoom(a)]).toEqual([1, true]);
    // In flight and waiting: a second callback of the account is no reason to list it.
    expect(slots.callbacksWithoutRoom()).toEqual([]);
    queue(slots, a, 1, 2);
    expect(slots.callbacksWithoutRoom()).toEqual([{ account: 'a', callback: 'a/NOTE' }]);
    slots.releaseSlot(a);
    expect(startAll(slots)).toEqual(['a/NOTE-1']);
    slots.releaseSlot(a);
    expect(startAll(slots)).toEqual(['a/NOTE-2']);
    expect([slots.hasWaiting, slots.reservedFor(a.callback), slots.reserved]).toEqual([false, 0, 0]);
    slots.releaseSlot(a);
    expect(slots.callbacksWithoutRoom()).toEqual([]);
    expect(slots.accountsWithoutRoom()).toEqual([]);
  });

  it('keeps knowing a callback while a request of it runs, though its last reservation ended', () => {
    const slots = new RequestSlots<string>({ worker: 4, account: 4, callback: 1, destination: 4 }, { total: 1, perAccount: 1, perCallback: 1 });
    const a = owner('a');
    slots.takeSlot(a);
    slots.reserve(a);
    slots.unreserve(a);
    // Another account fills the queue: a's callback can neither start nor wait, and is named as such.
    queue(slots, owner('b'), 1);
    expect(slots.callbacksWithoutRoom()).toEqual([{ account: 'a', callback: 'a/NOTE' }]);
    slots.releaseSlot(a);
    expect(slots.callbacksWithoutRoom()).toEqual([]);
  });

  it('counts the worker-wide limits in what has no room: every slot of the worker busy, the whole queue full', () => {
    const slots = new RequestSlots<string>({ worker: 2, account: 2, callback: 2, destination: 4 }, { total: 2, perAccount: 2, perCallback: 2 });
    queue(slots, owner('a'), 1);
    queue(slots, owner('b'), 1);
    expect(startAll(slots)).toEqual(['a/NOTE-0', 'b/NOTE-0']);
    // Each account below its own share, yet the worker is full: a third account's callback could start nothing.
    expect(slots.hasFreeSlot(owner('c'))).toBe(false);
    expect(slots.accountsWithoutRoom()).toEqual([]);
    queue(slots, owner('a'), 1, 1);
    queue(slots, owner('c'), 1);
    // The queue is full in total (2), though each account holds one place of its two.
    expect(slots.accountsWithoutRoom().sort()).toEqual(['a', 'b', 'c']);
    expect(
      slots
        .callbacksWithoutRoom()
        .map(({ callback }) => callback)
        .sort(),
    ).toEqual(['a/NOTE', 'b/NOTE', 'c/NOTE']);
    slots.releaseSlot(owner('b'));
    expect(slots.accountsWithoutRoom()).toEqual([]);
  });
});
