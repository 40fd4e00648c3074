// What happens to a delivery after an attempt (docs/webhooks.md): success, a retry on the schedule (Retry-After only
// postpones it), 410 Gone fails it at once (and disables the callback), failed after the last attempt. Pure functions, like the schedule.
import type { Callback } from '../domain/callback.js';
import type { Delivery, DeliverySettlement } from '../domain/delivery.js';
import { delayBeforeAttempt } from './retry-schedule.js';
import type { DeliveryAttemptOutcome } from './sender.js';

export const CALLBACK_REMOVED_ERROR = 'Not sent: the callback setting for this event was removed.';
export const CALLBACK_DISABLED_ERROR = 'Not sent: the callback is disabled.';

/** The metrics label of an attempt's outcome. */
export type AttemptOutcomeLabel = 'succeeded' | 'retrying' | 'failed' | 'gone';

export interface SettlementContext {
  now: Date;
  /** Source of uniform [0, 1) numbers for the schedule's jitter. */
  random: () => number;
  /** Multiplies every retry delay (WEBHOOK_RETRY_TIME_SCALE). */
  retryTimeScale: number;
}

/**
 * The settlement for a delivery that must not be sent at all: its callback was removed, or disabled (a test send
 * queued before still goes: it is how a fixed receiver is probed). Null when it may be sent.
 */
export function refusalToSend(delivery: Pick<Delivery, 'test'>, callback: Pick<Callback, 'active'> | null): DeliverySettlement | null {
  if (!callback) return { kind: 'failed', statusCode: null, error: CALLBACK_REMOVED_ERROR, attempted: false };
  if (!callback.active && !delivery.test) return { kind: 'failed', statusCode: null, error: CALLBACK_DISABLED_ERROR, attempted: false };
  return null;
}

/** How an attempt ends its delivery: succeeded, failed for good, or retried at the schedule's next time. */
export function settleAttempt(
  delivery: Pick<Delivery, 'attempts' | 'roundStart' | 'test'>,
  outcome: Pick<DeliveryAttemptOutcome, 'ok' | 'statusCode' | 'error' | 'gone' | 'retryAfterSeconds'>,
  context: SettlementContext,
): DeliverySettlement {
  if (outcome.ok && outcome.statusCode !== null) return { kind: 'succeeded', statusCode: outcome.statusCode };
  const error = outcome.error ?? 'The attempt failed.';
  if (outcome.gone) {
    return { kind: 'failed', statusCode: outcome.statusCode, error: `${error} (410 Gone: the callback was disabled)`, attempted: true };
  }
  // A test send is a probe: one attempt, then it can be redelivered by hand.
  if (delivery.test) return { kind: 'failed', statusCode: outcome.statusCode, error, attempted: true };
  // A redelivery starts a new round of the schedule; the attempt just made is number `attemptInRound` of it.
  const attemptInRound = delivery.attempts + 1 - delivery.roundStart;
  const delayMs = delayBeforeAttempt(attemptInRound + 1, {
    random: context.random,
    retryAfterSeconds: outcome.retryAfterSeconds,
    timeScale: context.retryTimeScale,
  });
  if (delayMs === null) return { kind: 'failed', statusCode: outcome.statusCode, error, attempted: true };
  return { kind: 'retry', nextAttemptAt: new Date(context.now.getTime() + delayMs), statusCode: outcome.statusCode, error };
}

export function outcomeLabel(outcome: Pick<DeliveryAttemptOutcome, 'gone'>, settlement: DeliverySettlement): AttemptOutcomeLabel {
  if (outcome.gone) return 'gone';
  return settlement.kind === 'retry' ? 'retrying' : settlement.kind;
}
