// Prometheus metrics (prom-client), served at /metrics: request rates and latencies per route, webhook deliveries
// by outcome and their lag, open subscriptions, and QC durations. One registry per app, so tests and several
// apps in one process never share counters.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  deliveries: Counter<'outcome'>;
  deliveryLag: Histogram;
  eventPublishDelay: Histogram;
  eventFanoutDelay: Histogram;
  sharedSubscribers: Gauge;
  openSubscriptions: Gauge;
  openSockets: Gauge;
  qcDuration: Histogram<'verdict'>;
  reportRenders: Counter;
  reportRenderDuration: Histogram;
}

export function createMetrics(options: { collectProcessMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.collectProcessMetrics ?? true) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    deliveries: new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts by outcome (succeeded, retrying, failed, gone).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    deliveryLag: new Histogram({
      name: 'webhook_delivery_lag_seconds',
      help: 'Time from an event being recorded to a delivery attempt starting.',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5, 30, 120, 600],
      registers: [registry],
    }),
    eventPublishDelay: new Histogram({
      name: 'event_publish_delay_seconds',
      help: 'Time from the moment an event names (its timestamp) to its live publication: the writes that record it.',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2, 5],
      registers: [registry],
    }),
    eventFanoutDelay: new Histogram({
      name: 'event_fanout_delay_seconds',
      help: "Time from an event's live publication to its answer being worked out for a subscription (once for subscribers who share it).",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2, 5],
      registers: [registry],
    }),
    sharedSubscribers: new Gauge({
      name: 'graphql_subscribers_sharing_execution',
      help: "Open subscriptions served by another subscriber's execution of the same live operation with the same rights.",
      registers: [registry],
    }),
    openSubscriptions: new Gauge({ name: 'graphql_open_subscriptions', help: 'GraphQL subscriptions currently open.', registers: [registry] }),
    openSockets: new Gauge({ name: 'graphql_ws_open_sockets', help: 'graphql-ws sockets currently open.', registers: [registry] }),
    qcDuration: new Histogram({
      name: 'qc_duration_seconds',
      help: 'Photo quality-control duration by verdict.',
      labelNames: ['verdict'] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    reportRenders: new Counter({ name: 'report_renders_total', help: 'Condition report PDFs rendered (each completed session once).', registers: [registry] }),
    reportRenderDuration: new Histogram({
      name: 'report_render_duration_seconds',
      help: 'Time a condition report PDF spent in the render pool (queued and laid out).',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}
