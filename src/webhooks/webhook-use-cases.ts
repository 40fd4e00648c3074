// The webhooks folder's part of the app: callback and delivery use cases for the faces, and the two workers the app
// starts and stops (the delivery scheduler, the outbox reconciler). Every recorded event goes through the outbox.
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../observability/metrics.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { Stores } from '../store/stores.js';
import type { CallbackDisabledListener } from './callback-health.js';
import { CallbackService } from './callbacks.js';
import { DeliveryScheduler } from './delivery-scheduler.js';
import { DeliveryService } from './deliveries.js';
import { WebhookOutbox } from './outbox.js';
import { OutboxReconciler } from './outbox-reconciler.js';

export function createWebhookUseCases(deps: {
  stores: Pick<Stores, 'deliveries' | 'callbacks' | 'leases'>;
  recorder: EventRecorder;
  config: Pick<Config, 'webhooks' | 'webhookAllowPrivateTargets'>;
  logger: Logger;
  metrics: Metrics;
  clock: () => Date;
  /** Told once for each callback the service disables (docs/webhooks.md#disabled-callbacks). */
  onCallbackDisabled: CallbackDisabledListener;
}) {
  const { stores, config, logger, clock } = deps;
  const deliveryWorker = new DeliveryScheduler({
    deliveries: stores.deliveries,
    callbacks: stores.callbacks,
    logger,
    config: config.webhooks,
    allowPrivateTargets: config.webhookAllowPrivateTargets,
    metrics: deps.metrics,
    clock,
    onCallbackDisabled: deps.onCallbackDisabled,
  });
  const outbox = new WebhookOutbox({ deliveries: stores.deliveries, callbacks: stores.callbacks, worker: deliveryWorker, logger, clock });
  deps.recorder.afterRecord(outbox.afterRecord);
  return {
    callbacks: new CallbackService(stores.callbacks, { allowPrivateTargets: config.webhookAllowPrivateTargets }, clock),
    deliveries: new DeliveryService({
      deliveries: stores.deliveries,
      callbacks: stores.callbacks,
      outbox,
      worker: deliveryWorker,
      testSendsPerMinute: config.webhooks.testSendsPerMinute,
      clock,
    }),
    /** Sends webhook deliveries; started and stopped with the app. */
    deliveryWorker,
    /** Writes deliveries missing after a crash; started and stopped with the app. */
    outboxReconciler: new OutboxReconciler({
      deliveries: stores.deliveries,
      callbacks: stores.callbacks,
      leases: stores.leases,
      outbox,
      logger,
      intervalMs: config.webhooks.reconcileIntervalMs,
      clock,
    }),
  };
}
