// A live subscriber that stops reading is cut off once its queue holds MAX_UNREAD_EVENTS, with an error saying how to
// resume (docs/events.md). The bound is the subscriber's queue, the same whatever carries the events to it: the
// in-process bus fills it at once, with no database or Redis.
import { describe, expect, it } from 'vitest';
import { createEventBus, isLiveGap, MAX_UNREAD_EVENTS, SubscriberOverflowError } from '../../src/events/event-bus.js';

describe('a live subscription', () => {
  it('ends with an error saying how to resume when it falls too far behind', async () => {
    const bus = createEventBus(null);
    const apiKey = 'key-overflow';
    const live = bus.subscribe(apiKey);
    await live.ready;
    for (let seq = 1; seq <= MAX_UNREAD_EVENTS + 1; seq += 1) {
      bus.publish({ id: String(seq), seq, apiKey, sessionKey: 'S1', event: 'SESSION:NOTE_INSERT', timestamp: '', payload: {} });
    }
    let read = 0;
    const reading = (async () => {
      for await (const message of live) if (!isLiveGap(message)) read = message.seq;
    })();
    await expect(reading).rejects.toBeInstanceOf(SubscriberOverflowError);
    await expect(reading).rejects.toThrow(/subscribe again with after set to the last event id received/);
    // Everything buffered is still handed over before the error, so `after` can resume from the last one read.
    expect(read).toBe(MAX_UNREAD_EVENTS);
  });
});
