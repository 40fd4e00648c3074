// When a subscription opened on a test server is in place: the service says nothing to a subscriber until its first
// event, so the event recorders (graphql.ts) ask the server's own use cases instead. Each sessionEvents stream is
// counted when its resolver asks for it, under its session (or its account, for every session of the account), and
// is in place once its live subscription on the event bus is (`ready`: with Redis, once SUBSCRIBE is acknowledged) —
// or, for a subscriber that joins another's execution (src/http/graphql/shared-subscriptions.ts), once its own
// stream is put away unstarted, which happens as it joins.
import type { Services } from '../../src/services.js';
import { waitForValue } from './wait.js';

interface Watch {
  /** sessionEvents streams asked for, by key (session key, or `account:<api key>`). */
  asked: Map<string, number>;
  /** Those whose live subscription is not made yet (their first read), by key. */
  opening: Map<string, number>;
  /** Those not in place yet, by key. */
  settingUp: Map<string, number>;
  /** The count each key's latest recorder waits for. */
  awaited: Map<string, number>;
}

const watches = new Map<string, Watch>();

const add = (counts: Map<string, number>, key: string, by: number) => counts.set(key, (counts.get(key) ?? 0) + by);

/** Counts the sessionEvents streams of the server at `baseUrl`; returns what stops counting. */
export function watchLiveSubscriptions(baseUrl: string, services: Services): () => void {
  const watch: Watch = { asked: new Map(), opening: new Map(), settingUp: new Map(), awaited: new Map() };
  const { eventBus, sessionEvents } = services;
  const subscribe = eventBus.subscribe.bind(eventBus);
  /** Told of the live subscription a stream makes during its first read (it subscribes before its first await). */
  let subscribing: ((ready: Promise<void>) => void) | null = null;
  eventBus.subscribe = (apiKey, sessionKey) => {
    const live = subscribe(apiKey, sessionKey);
    subscribing?.(live.ready);
    return live;
  };
  services.sessionEvents = (request) => {
    const key = request.sessionKey ?? `account:${request.apiKey}`;
    add(watch.asked, key, 1);
    add(watch.opening, key, 1);
    add(watch.settingUp, key, 1);
    let [opened, settled] = [false, false];
    const open = () => {
      if (opened) return;
      opened = true;
      add(watch.opening, key, -1);
    };
    const settle = () => {
      open();
      if (settled) return;
      settled = true;
      add(watch.settingUp, key, -1);
    };
    const stream = sessionEvents(request);
    const [next, stop, fail] = [stream.next.bind(stream), stream.return.bind(stream), stream.throw.bind(stream)];
    let started = false;
    stream.next = (...args) => {
      if (started) return next(...args);
      started = true;
      subscribing = (ready) => {
        open();
        void ready.then(settle, settle);
      };
      try {
        const first = next(...args);
        first.catch(settle);
        return first;
      } finally {
        subscribing = null;
      }
    };
    stream.return = (value) => {
      settle();
      return stop(value);
    };
    stream.throw = (error) => {
      settle();
      return fail(error);
    };
    return stream;
  };
  watches.set(baseUrl, watch);
  return () => {
    watches.delete(baseUrl);
    eventBus.subscribe = subscribe;
    services.sessionEvents = sessionEvents;
  };
}

interface SubscriptionWatch {
  /** Its stream has made its live subscription (with Redis away, one that goes live once Redis is back). */
  opened: Promise<void>;
  /** Its live subscription is in place: an event published from now on reaches it. */
  inPlace: Promise<void>;
}

/**
 * For a subscriber about to open a sessionEvents stream on `baseUrl` for `key`, or null when that server is not watched
 * (a service process). Subscribers of one key are told in the order they were made, so two opened at once on one key
 * are sure to be told right only once both are awaited.
 */
export function watchSubscription(baseUrl: string, key: string, gaveUp: () => boolean): SubscriptionWatch | null {
  const watch = watches.get(baseUrl);
  if (!watch) return null;
  const target = Math.max(watch.asked.get(key) ?? 0, watch.awaited.get(key) ?? 0) + 1;
  watch.awaited.set(key, target);
  const reached = (pending: Map<string, number>, what: string) =>
    waitForValue(
      // A stopped server has nothing more to say.
      () => gaveUp() || !watches.has(baseUrl) || ((watch.asked.get(key) ?? 0) >= target && (pending.get(key) ?? 0) === 0),
      `the subscription to ${key} to be ${what}`,
    ).then(() => undefined);
  return { opened: reached(watch.opening, 'opened'), inPlace: reached(watch.settingUp, 'in place') };
}
