// A webhook delivery and its attempts as the code works with them: the records the delivery store returns and takes,
// whatever shape the database keeps them in (src/store/deliveries.ts maps one to the other).
import type { CallbackMethod } from './callback.js';
import type { DeliveryStatus } from './delivery-statuses.js';

/** One event (or test send) for one callback, from its queueing to its last attempt. */
export interface Delivery {
  /** Also the `webhook-id` header: stable across every attempt and redelivery. */
  id: string;
  apiKey: string;
  /** The event name; equals callbackEvent (a callback serves one event). */
  event: string;
  /** The event's per-account number (the GraphQL cursor); null for a test send. */
  eventSeq: number | null;
  sessionKey: string;
  callbackEvent: string;
  /** A sample sent by POST /v1/callbacks/:event/test: one attempt, no retries. */
  test: boolean;
  /** The callback's target when the delivery was queued; each attempt records the target it really used. */
  url: string;
  method: CallbackMethod;
  headers: Record<string, string>;
  /** The exact JSON body every attempt sends and signs. */
  body: string;
  status: DeliveryStatus;
  /** Attempts made so far, over every round. */
  attempts: number;
  /** Attempts made before the current round of the retry schedule; a redelivery starts a new round. */
  roundStart: number;
  nextAttemptAt: Date;
  /** One token per claim (worker id + counter), so a worker never mistakes an old claim for its current one. */
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  lastStatusCode: number | null;
  lastError: string | null;
}

/** One request made for a delivery. */
export interface DeliveryAttempt {
  deliveryId: string;
  apiKey: string;
  /** 1-based over the delivery's whole life. */
  attempt: number;
  attemptedAt: Date;
  url: string;
  method: CallbackMethod;
  statusCode: number | null;
  durationMs: number;
  errorKind: string | null;
  error: string | null;
  /** At most 20 KB (the sender stops reading there). */
  responseBody: string | null;
}

/** How an attempt (or a decision not to make one) ends a claim. */
export type DeliverySettlement =
  | { kind: 'succeeded'; statusCode: number }
  | { kind: 'retry'; nextAttemptAt: Date; statusCode: number | null; error: string | null }
  | { kind: 'failed'; statusCode: number | null; error: string; attempted: boolean };

/** Where a page of a callback's deliveries (newest first) ends. */
export interface DeliveryPageCursor {
  createdAt: Date;
  id: string;
}
