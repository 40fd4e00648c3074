// Live events for a page: the account's (the sessions list) or one session's (its timeline), over the app's one
// socket. After a drop the subscription resumes after the last event it saw, so nothing is missed or doubled.
import { useEffect, useRef } from 'preact/hooks';
import { subscribe } from './api.js';
import { graphql } from './graphql/gql.js';
import type { AccountEventsSubscription } from './graphql/graphql.js';

export type SessionEvent = AccountEventsSubscription['sessionEvents'];

const ACCOUNT_EVENTS = graphql(`
  subscription AccountEvents($after: String) {
    sessionEvents(after: $after) { id event sessionKey timestamp payload }
  }
`);

const SESSION_EVENTS = graphql(`
  subscription SessionTimeline($sessionKey: String!, $after: String) {
    sessionEvents(sessionKey: $sessionKey, after: $after) { id event sessionKey timestamp payload }
  }
`);

/**
 * Calls `onEvent` for each event of the account (no `sessionKey`: from now on) or of one session (every event from
 * its first, then live). `onError` hears why live updates stopped.
 */
export function useSessionEvents(sessionKey: string | null, onEvent: (event: SessionEvent) => void, onError?: (message: string) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    let lastId: string | null = sessionKey ? '0' : null;
    const next = (event: SessionEvent) => {
      if (lastId === null || Number(event.id) > Number(lastId)) lastId = event.id;
      handler.current(event);
    };
    const stop = sessionKey
      ? subscribe(
          SESSION_EVENTS,
          () => ({ sessionKey, after: lastId }),
          (data) => next(data.sessionEvents),
          onError,
        )
      : subscribe(
          ACCOUNT_EVENTS,
          () => (lastId ? { after: lastId } : {}),
          (data) => next(data.sessionEvents),
          onError,
        );
    return stop;
  }, [sessionKey]);
}
