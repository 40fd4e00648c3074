// Request throughput of the authenticated REST read and an authenticated GraphQL query, each against a bare
// baseline measured in the same run. Run: npx tsx bench/http.ts
import { pathToFileURL } from 'node:url';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src/store/embedded-mongo.js';
import { createAccount, measureRps, round, signedHeaders, startScript, startService, type BenchResult } from './support.js';

export async function runHttpBenchmarks(seconds = 8): Promise<BenchResult[]> {
  const service = await startService();
  try {
    const account = await createAccount(service.url);
    // A session access record makes the token reusable for its 5 minutes, as an integrator's client would.
    const headers = signedHeaders(account);
    await fetch(`${service.url}/v1/callbacks`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'SESSION:COMPLETE', url: 'https://example.com/hooks/complete' }),
    });
    const created = await fetch(`${service.url}/v1/sessions`, {
      method: 'POST',
      headers: { ...signedHeaders(account), 'content-type': 'application/json' },
      body: JSON.stringify({ session: { theme: 'LITE' }, vehicle: { make: 'Honda', model: 'Accord' } }),
    });
    const sessionKey = ((await created.json()) as { session_key: string }).session_key;

    const restRps = await measureRps({ url: `${service.url}/v1/callbacks/SESSION:COMPLETE`, headers, seconds });
    const graphqlRps = await measureRps({
      url: `${service.url}/graphql`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query($k: String!) { inspectionSession(sessionKey: $k) { sessionKey status theme vehicle requiredPhotos { photoCode photoLabel } } }', variables: { k: sessionKey } }),
      seconds,
    });
    await service.stop();

    const bareHttp = await startScript('bench/baselines/bare-http.ts', {}, /BASELINE_URL=(\S+)/);
    const bareHttpRps = await measureRps({ url: `${bareHttp.url}/v1/callbacks/SESSION:COMPLETE`, seconds }).finally(() => bareHttp.stop());
    const bareYoga = await startScript('bench/baselines/bare-yoga.ts', {}, /BASELINE_URL=(\S+)/);
    const bareYogaRps = await measureRps({
      url: `${bareYoga.url}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ hello }' }),
      seconds,
    }).finally(() => bareYoga.stop());

    const databaseReads = await measureDatabaseReads(seconds);

    return [
      { name: 'database_indexed_reads_per_s', value: round(databaseReads, 0), unit: 'reads/s', goal: 'the ceiling of any route that reads the database' },
      { name: 'rest_auth_read_rps', value: round(restRps, 0), unit: 'req/s', baseline: round(bareHttpRps, 0), ratio: round(restRps / bareHttpRps), goal: 'ratio ≥ 0.35' },
      { name: 'graphql_query_rps', value: round(graphqlRps, 0), unit: 'req/s', baseline: round(bareYogaRps, 0), ratio: round(graphqlRps / bareYogaRps), goal: 'ratio ≥ 0.5' },
    ];
  } finally {
    await service.stop();
  }
}

/**
 * The database's own ceiling for the read the REST route makes (one findOne on a unique index, 32 at a time, as
 * autocannon's 32 connections), measured on the same server kind the service uses.
 */
async function measureDatabaseReads(seconds: number): Promise<number> {
  const embedded = process.env.MONGODB_URL ? null : await startEmbeddedMongo();
  const client = await MongoClient.connect(process.env.MONGODB_URL ?? (embedded?.uri as string));
  const db = client.db(`bench_reads_${Date.now()}`);
  try {
    const callbacks = db.collection('callbacks');
    await callbacks.createIndex({ api_key: 1, event: 1 }, { unique: true });
    await callbacks.insertOne({ api_key: 'key', event: 'SESSION:COMPLETE', url: 'https://example.com/hooks/complete', headers: {}, payload: {} });
    let reads = 0;
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (Date.now() < until) {
          await callbacks.findOne({ api_key: 'key', event: 'SESSION:COMPLETE' });
          reads += 1;
        }
      }),
    );
    return reads / seconds;
  } finally {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
    await embedded?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of await runHttpBenchmarks()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
