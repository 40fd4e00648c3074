// One delivery attempt with its bookkeeping (docs/webhooks.md): read the callback, send the signed request, record the
// attempt, disable the callback on 410, and settle the claim by the settlement policy. Knows nothing of slots or
// queues; the scheduler decides when an attempt may start.
import { readFileSync } from 'node:fs';
import type { Metrics } from '../observability/metrics.js';
import type { Callback } from '../domain/callback.js';
import type { CallbackStore } from '../store/callbacks.js';
import type { Delivery, DeliverySettlement } from '../domain/delivery.js';
import type { DeliveryStore } from '../store/deliveries.js';
import type { CallbackHealth } from './callback-health.js';
import { CALLBACK_REMOVED_ERROR, outcomeLabel, refusalToSend, settleAttempt } from './settlement-policy.js';
import { sendWebhook } from './sender.js';
import { webhookHeaders } from './signing.js';
import type { TargetAgents } from './target-guard.js';

const SERVICE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
export const WEBHOOK_USER_AGENT = `capture-gateway/${SERVICE_VERSION}`;

const CALLBACK_REMOVED: DeliverySettlement = { kind: 'failed', statusCode: null, error: CALLBACK_REMOVED_ERROR, attempted: false };

export interface DeliverySenderOptions {
  deliveries: DeliveryStore;
  callbacks: CallbackStore;
  /** Follows whether each callback's receiver answers, and disables one that does not (410, or days of failures). */
  health: CallbackHealth;
  agents: TargetAgents;
  timeoutMs: { response: number; total: number };
  retryTimeScale: number;
  clock: () => Date;
  random: () => number;
  /** Attempts by outcome, and the time from a delivery being queued to each attempt starting. */
  metrics?: Pick<Metrics, 'deliveries' | 'deliveryLag'>;
}

export class DeliverySender {
  constructor(private readonly options: DeliverySenderOptions) {}

  /**
   * Makes one attempt at a delivery leased under `leaseOwner` and settles it. `requestDone` is called once the
   * HTTP exchange is over (or when no request is made), before the bookkeeping writes, so the request slot is freed
   * as early as possible. Returns the settlement written.
   */
  async attempt(delivery: Delivery, leaseOwner: string, knownCallback: Callback | null, requestDone: () => void): Promise<DeliverySettlement> {
    const { deliveries, callbacks, clock, metrics } = this.options;
    // Claimed deliveries read the current setting: a fixed URL or a rotated secret applies to the next retry.
    const callback = knownCallback ?? (await callbacks.find(delivery.apiKey, delivery.callbackEvent));
    const refusal = refusalToSend(delivery, callback);
    if (refusal || !callback) {
      requestDone();
      const settlement = refusal ?? CALLBACK_REMOVED;
      await deliveries.settle(delivery.id, leaseOwner, settlement);
      return settlement;
    }

    const attemptedAt = clock();
    metrics?.deliveryLag.observe(Math.max(0, attemptedAt.getTime() - delivery.createdAt.getTime()) / 1000);
    const outcome = await sendWebhook({
      url: callback.url,
      method: callback.method,
      headers: callback.headers,
      signingHeaders: webhookHeaders({
        msgId: delivery.id,
        timestamp: Math.floor(attemptedAt.getTime() / 1000),
        body: delivery.body,
        secrets: signingSecrets(callback, attemptedAt),
        userAgent: WEBHOOK_USER_AGENT,
      }),
      body: delivery.body,
      timeoutMs: this.options.timeoutMs,
      agents: this.options.agents,
      clock,
    });
    requestDone();

    await deliveries.recordAttempt({
      deliveryId: delivery.id,
      apiKey: delivery.apiKey,
      attempt: delivery.attempts + 1,
      attemptedAt,
      url: callback.url,
      method: callback.method,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      errorKind: outcome.errorKind,
      error: outcome.error,
      responseBody: outcome.responseBody,
    });
    if (outcome.gone) await this.options.health.gone(callback, clock());
    else if (!delivery.test) await this.options.health.afterAttempt(callback, outcome, clock());
    const settlement = settleAttempt(delivery, outcome, { now: clock(), random: this.options.random, retryTimeScale: this.options.retryTimeScale });
    metrics?.deliveries.inc({ outcome: outcomeLabel(outcome, settlement) });
    await deliveries.settle(delivery.id, leaseOwner, settlement);
    return settlement;
  }
}

/** Every secret that still signs: the current one, and a rotated-out one until its overlap ends. */
export function signingSecrets(callback: Callback, now: Date): string[] {
  const valid = callback.secrets.filter((secret) => secret.expiresAt === null || secret.expiresAt > now).map((secret) => secret.secret);
  return valid.length > 0 ? valid : callback.secrets.slice(0, 1).map((secret) => secret.secret);
}
