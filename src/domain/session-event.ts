// A session event as the event log keeps it: the record the event store returns and takes, whatever shape the
// database keeps it in (src/store/events.ts maps one to the other).

export interface SessionEvent {
  /** The log's own name for the event, unique across accounts: with `createdAt`, where a walk of the whole log stands. */
  id: string;
  apiKey: string;
  /** The event's number in its account's log: the cursor subscribers replay from. */
  seq: number;
  sessionKey: string;
  /** The key whose callbacks hear of the event: the key the session was created with (docs/rest-guide.md "Test keys"). */
  callbackKey: string;
  event: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** An event to append: the log gives it its id and number. */
export type NewSessionEvent = Omit<SessionEvent, 'id' | 'seq'>;
