// Whether a callback's receiver is answering (docs/webhooks.md#disabled-callbacks): each attempt's outcome moves the
// callback's failing run, and a run of CALLBACK_DISABLE_DAYS days without a single success, or a 410 Gone, turns it
// off and tells the account's owners, once, from whichever instance made the write that turned it off.
import type { Logger } from '../logger.js';
import { disabledReason, hasFailedTooLong, type CallbackDisableCause } from '../domain/callback-disabling.js';
import type { Callback } from '../domain/callback.js';
import type { CallbackStore } from '../store/callbacks.js';
import type { DeliveryStore } from '../store/deliveries.js';

/** Told once for each callback the service turns off (the owners' mail). */
export type CallbackDisabledListener = (callback: Callback, cause: CallbackDisableCause) => Promise<void>;

export class CallbackHealth {
  constructor(
    private readonly deps: {
      callbacks: Pick<CallbackStore, 'markFailing' | 'clearFailing' | 'restartFailing' | 'disableFailing' | 'deactivate'>;
      deliveries: Pick<DeliveryStore, 'succeededSince'>;
      /** CALLBACK_DISABLE_DAYS. */
      disableAfterDays: number;
      onDisabled: CallbackDisabledListener;
      logger: Logger;
    },
  ) {}

  /**
   * After an attempt of an event's delivery (a test send is a probe and counts for nothing). `callback` is the
   * setting the attempt used, read when it was queued or claimed; a run it does not know of yet is found at a later
   * attempt. Never throws: the delivery's own bookkeeping comes first.
   */
  async afterAttempt(callback: Callback, outcome: { ok: boolean; error: string | null }, now: Date): Promise<void> {
    try {
      await this.track(callback, outcome, now);
    } catch (error) {
      this.deps.logger.warn({ err: error, event: callback.event }, 'could not record whether the callback is failing');
    }
  }

  /** A 410 Gone from `callback.url`: the callback is turned off, unless its URL changed meanwhile. */
  async gone(callback: Callback, now: Date): Promise<void> {
    const cause: CallbackDisableCause = { kind: 'gone' };
    if (await this.deps.callbacks.deactivate(callback.apiKey, callback.event, callback.url, disabledReason(cause), now)) await this.tell(callback, cause);
  }

  private async track(callback: Callback, outcome: { ok: boolean; error: string | null }, now: Date): Promise<void> {
    const { callbacks, deliveries, disableAfterDays } = this.deps;
    const since = callback.failingSince;
    if (outcome.ok) {
      if (since) await callbacks.clearFailing(callback.apiKey, callback.event);
      return;
    }
    if (!since) {
      await callbacks.markFailing(callback.apiKey, callback.event, now);
      return;
    }
    if (!callback.active || !hasFailedTooLong(since, now, disableAfterDays)) return;
    // A success the run's start did not hear of (another instance's, read from an older setting) restarts it.
    if (await deliveries.succeededSince(callback.apiKey, callback.event, since)) {
      await callbacks.restartFailing(callback.apiKey, callback.event, since, now);
      return;
    }
    const cause: CallbackDisableCause = { kind: 'failing', days: disableAfterDays, since, lastError: outcome.error };
    if (await callbacks.disableFailing(callback.apiKey, callback.event, since, disabledReason(cause), now)) await this.tell(callback, cause);
  }

  private async tell(callback: Callback, cause: CallbackDisableCause): Promise<void> {
    this.deps.logger.warn({ event: callback.event, reason: cause.kind }, 'callback disabled');
    try {
      await this.deps.onDisabled(callback, cause);
    } catch (error) {
      this.deps.logger.error({ err: error, event: callback.event }, 'could not tell the owners that a callback was disabled');
    }
  }
}
