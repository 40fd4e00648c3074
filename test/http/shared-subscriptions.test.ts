// The sharing of one subscription execution between subscribers (src/http/graphql/shared-subscriptions.ts): who
// shares (sharingKey), and what each subscriber of a shared execution gets — every result from its joining on, its
// own bounded queue, the end or the error of the source, and the source stopped when the last one leaves.
import { parse, getOperationAST, type ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SharedSubscriptions, sharingKey } from '../../src/http/graphql/shared-subscriptions.js';
import { BoundedQueue } from '../../src/events/bounded-queue.js';
import { MAX_UNREAD_EVENTS, SubscriberOverflowError } from '../../src/events/event-bus.js';
import type { Principal } from '../../src/http/graphql/context.js';

const LIVE = 'subscription($k: String, $after: String) { sessionEvents(sessionKey: $k, after: $after) { id event } }';
const account = (apiKey: string) => ({ kind: 'account', account: { apiKey } }) as unknown as Principal;
const capture: Principal = { kind: 'capture', apiKey: 'key-a', sessionKey: 'session-1' };

function keyFor(principal: Principal | undefined, query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  return sharingKey(principal, document, getOperationAST(document), query, variables);
}

const result = (id: number): ExecutionResult => ({ data: { sessionEvents: { id: String(id) } } });

/** A source fed by the test, which records when it is stopped. */
function feed() {
  const state = { stopped: false };
  const queue = new BoundedQueue<ExecutionResult>(
    Number.MAX_SAFE_INTEGER,
    () => new Error('unbounded'),
    () => (state.stopped = true),
  );
  return { queue, state };
}

async function take(iterable: unknown, count: number): Promise<string[]> {
  const iterator = iterable as AsyncIterator<ExecutionResult>;
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const next = await iterator.next();
    if (next.done) break;
    ids.push((next.value.data as { sessionEvents: { id: string } }).sessionEvents.id);
  }
  return ids;
}

describe('sharingKey', () => {
  it('is the same for the same live operation, variables and account, and differs for anything that changes the answers', () => {
    const key = keyFor(account('key-a'), LIVE, { k: 's1' });
    expect(key).not.toBeNull();
    expect(keyFor(account('key-a'), LIVE, { k: 's1' })).toBe(key);
    expect(keyFor(account('key-b'), LIVE, { k: 's1' })).not.toBe(key);
    expect(keyFor(account('key-a'), LIVE, { k: 's2' })).not.toBe(key);
    expect(keyFor(capture, LIVE, { k: 's1' })).not.toBe(key);
    expect(keyFor(capture, LIVE, { k: 's1' })).not.toBeNull();
  });

  it('is null for a replay from a cursor, a query, a root fragment, no caller, or an unknown field', () => {
    expect(keyFor(account('key-a'), LIVE, { k: 's1', after: '0' })).toBeNull();
    expect(keyFor(account('key-a'), 'subscription { sessionEvents(after: "4") { id } }')).toBeNull();
    expect(keyFor(account('key-a'), LIVE, { k: 's1', after: null })).not.toBeNull();
    expect(keyFor(account('key-a'), 'subscription { sessionEvents(after: null) { id } }')).not.toBeNull();
    expect(keyFor(account('key-a'), '{ __typename }')).toBeNull();
    expect(keyFor(account('key-a'), 'subscription { ...F } fragment F on Subscription { sessionEvents { id } }')).toBeNull();
    expect(keyFor(undefined, LIVE)).toBeNull();
    expect(keyFor(account('key-a'), 'subscription { other { id } }')).toBeNull();
  });
});

describe('SharedSubscriptions', () => {
  /** A subscriber's own start: a fresh source each time (as graphql's subscribe gives), all of them recorded. */
  function starter() {
    const sources: ReturnType<typeof feed>[] = [];
    const start = async () => {
      const source = feed();
      sources.push(source);
      return source.queue;
    };
    return { sources, start };
  }

  it("serves subscribers with the same key from the first one's execution; each gets every result from its joining on", async () => {
    const shared = new SharedSubscriptions();
    const { sources, start } = starter();
    const first = await shared.subscribe('k', start);
    const [execution] = sources as [ReturnType<typeof feed>];
    execution.queue.push(result(1));
    expect(await take(first, 1)).toEqual(['1']);
    const second = await shared.subscribe('k', start);
    expect(shared.sharingSubscribers).toBe(1);
    // The second one's own start ran (its checks), and its stream was stopped for the shared one.
    expect(sources).toHaveLength(2);
    await expect.poll(() => sources[1]?.state.stopped).toBe(true);
    execution.queue.push(result(2));
    execution.queue.push(result(3));
    expect(await take(first, 2)).toEqual(['2', '3']);
    expect(await take(second, 2)).toEqual(['2', '3']);

    // One leaving keeps the execution for the other; the last one leaving stops it.
    await (first as AsyncGenerator).return(undefined);
    expect(shared.sharingSubscribers).toBe(0);
    execution.queue.push(result(4));
    expect(await take(second, 1)).toEqual(['4']);
    expect(execution.state.stopped).toBe(false);
    await (second as AsyncGenerator).return(undefined);
    expect(execution.state.stopped).toBe(true);
    // The next subscriber with that key starts afresh, on its own stream.
    const third = await shared.subscribe('k', start);
    sources[2]?.queue.push(result(5));
    expect(await take(third, 1)).toEqual(['5']);
  });

  it("gives every subscriber its own checks: a refusal is the refused subscriber's alone, and a null key runs alone", async () => {
    const shared = new SharedSubscriptions();
    const { sources, start } = starter();
    const first = await shared.subscribe('k', start);
    const refusal: ExecutionResult = { errors: [] };
    // Same question, but this subscriber's own checks refuse it: it gets its refusal, and the first goes on.
    expect(await shared.subscribe('k', async () => refusal)).toBe(refusal);
    sources[0]?.queue.push(result(1));
    expect(await take(first, 1)).toEqual(['1']);
    // Refused first, then allowed: the later one does not inherit the refusal.
    expect(await shared.subscribe('other', async () => refusal)).toBe(refusal);
    const allowed = await shared.subscribe('other', start);
    sources[1]?.queue.push(result(2));
    expect(await take(allowed, 1)).toEqual(['2']);
    let alone = 0;
    const refuseAlone = async () => {
      alone += 1;
      return refusal;
    };
    await shared.subscribe(null, refuseAlone);
    await shared.subscribe(null, refuseAlone);
    expect(alone).toBe(2);
    expect(shared.sharingSubscribers).toBe(0);
  });

  it('ends a subscriber that falls too far behind alone, while the others go on', async () => {
    const shared = new SharedSubscriptions();
    const { sources, start } = starter();
    const slow = await shared.subscribe('k', start);
    const reader = await shared.subscribe('k', start);
    const { queue } = sources[0] as ReturnType<typeof feed>;
    const read = take(reader, MAX_UNREAD_EVENTS + 2);
    for (let id = 1; id <= MAX_UNREAD_EVENTS + 2; id += 1) {
      queue.push(result(id));
      // Let the shared execution hand each result on as it comes.
      if (id % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await read).toHaveLength(MAX_UNREAD_EVENTS + 2);
    const slowIterator = slow as AsyncIterator<ExecutionResult>;
    let delivered = 0;
    await expect(
      (async () => {
        for (;;) {
          if ((await slowIterator.next()).done) return;
          delivered += 1;
        }
      })(),
    ).rejects.toBeInstanceOf(SubscriberOverflowError);
    expect(delivered).toBe(MAX_UNREAD_EVENTS);
  });

  it("passes the source's end and its error to every subscriber", async () => {
    const shared = new SharedSubscriptions();
    const ending = starter();
    const a = await shared.subscribe('ending', ending.start);
    const b = await shared.subscribe('ending', ending.start);
    ending.sources[0]?.queue.push(result(1));
    ending.sources[0]?.queue.end();
    expect(await take(a, 5)).toEqual(['1']);
    expect(await take(b, 5)).toEqual(['1']);

    const failing = starter();
    const c = await shared.subscribe('failing', failing.start);
    const d = await shared.subscribe('failing', failing.start);
    failing.sources[0]?.queue.fail(new Error('source failed'));
    await expect(take(c, 1)).rejects.toThrow('source failed');
    await expect(take(d, 1)).rejects.toThrow('source failed');
    expect(shared.sharingSubscribers).toBe(0);
  });
});
