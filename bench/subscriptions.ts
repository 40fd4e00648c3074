// Live event latency with 1,000 graphql-ws subscribers on one instance while events are recorded at 50/s, and the
// server memory each open subscription costs. Run: npx tsx bench/subscriptions.ts
import { pathToFileURL } from 'node:url';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { createAccount, percentile, residentBytes, round, signedHeaders, startService, type BenchResult } from './support.js';

const SUBSCRIPTION = 'subscription { sessionEvents { id event timestamp payload } }';

export async function runSubscriptionBenchmark(options: { subscribers?: number; eventsPerSecond?: number; seconds?: number } = {}): Promise<BenchResult[]> {
  const subscribers = options.subscribers ?? 1000;
  const eventsPerSecond = options.eventsPerSecond ?? 50;
  const seconds = options.seconds ?? 10;
  const service = await startService();
  const clients: Client[] = [];
  try {
    const account = await createAccount(service.url);
    const created = await fetch(`${service.url}/v1/sessions`, {
      method: 'POST',
      headers: { ...signedHeaders(account), 'content-type': 'application/json' },
      body: JSON.stringify({ session: { theme: 'LITE' } }),
    });
    const sessionKey = ((await created.json()) as { session_key: string }).session_key;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rssBefore = residentBytes(service.pid);

    const latencies: number[] = [];
    let received = 0;
    let failedRequests = 0;
    let ready = 0;
    for (let index = 0; index < subscribers; index += 1) {
      const client = createClient({
        url: `${service.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: signedHeaders(account),
        retryAttempts: 0,
        lazy: false,
        on: { connected: () => (ready += 1) },
      });
      client.subscribe<{ sessionEvents: { timestamp: string } }>(
        { query: SUBSCRIPTION },
        {
          next: (value) => {
            received += 1;
            const sent = Date.parse(value.data?.sessionEvents.timestamp ?? '');
            if (Number.isFinite(sent)) latencies.push(Date.now() - sent);
          },
          error: () => undefined,
          complete: () => undefined,
        },
      );
      clients.push(client);
      if (index % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const connectDeadline = Date.now() + 60_000;
    while (ready < subscribers && Date.now() < connectDeadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rssWithSubscriptions = residentBytes(service.pid);

    const total = eventsPerSecond * seconds;
    const started = Date.now();
    for (let index = 0; index < total; index += 1) {
      const due = started + (index * 1000) / eventsPerSecond;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      fetch(`${service.url}/v1/sessions/${sessionKey}/notes`, {
        method: 'POST',
        headers: { ...signedHeaders(account), 'content-type': 'application/json' },
        body: JSON.stringify({ title: `note ${index}`, description: 'benchmark' }),
      }).catch(() => (failedRequests += 1));
    }
    const drainDeadline = Date.now() + 30_000;
    while (received < total * ready && Date.now() < drainDeadline) await new Promise((resolve) => setTimeout(resolve, 100));

    return [
      { name: 'event_to_subscriber_p99_ms', value: round(percentile(latencies, 99), 1), unit: 'ms', goal: '≤ 50 ms', baseline: null, ratio: null },
      { name: 'event_to_subscriber_p50_ms', value: round(percentile(latencies, 50), 1), unit: 'ms', baseline: null, ratio: null },
      { name: 'subscription_bench_failed_requests', value: failedRequests, unit: 'requests', baseline: null, ratio: null },
      { name: 'subscription_events_delivered_ratio', value: round(received / (total * subscribers), 4), unit: 'share', baseline: null, ratio: null },
      { name: 'memory_per_subscription_kb', value: round((rssWithSubscriptions - rssBefore) / subscribers / 1024, 1), unit: 'KB', goal: '≤ 20 KB', baseline: null, ratio: null },
    ];
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
    await service.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
  for (const result of await runSubscriptionBenchmark({ subscribers })) process.stdout.write(`${JSON.stringify(result)}\n`);
}
