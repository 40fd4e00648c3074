// Request throughput of the authenticated REST read and an authenticated GraphQL query, each against a bare baseline
// doing the same database work (one driver findOne per request) on the same database server in the same run.
// Run: npx tsx bench/http.ts
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src/store/embedded-mongo.js';
import { SESSION_QUERY } from './commands.js';
import { cpuMilliseconds, createAccount, measureRps, median, round, signedHeaders, startBaseline, startService, type BenchResult } from './support.js';

export async function runHttpBenchmarks(seconds = 12): Promise<BenchResult[]> {
  // One database server for the service and both baselines: the configured one, or one embedded server.
  const embedded = process.env.MONGODB_URL ? null : await startEmbeddedMongo();
  const mongoUrl = process.env.MONGODB_URL ?? (embedded?.uri as string);
  const dbName = `bench_http_${randomBytes(4).toString('hex')}`;
  const database = { MONGODB_URL: mongoUrl, MONGODB_DB: dbName };
  try {
    const service = await startService(database);
    let [restRps, bareHttpRps, graphqlRps, bareYogaRps, inMemoryRps] = [0, 0, 0, 0, 0];
    let [restRatio, graphqlRatio, inMemoryRatio] = [0, 0, 0];
    let cpu: TurnCpu[] = [];
    let apiKey = '';
    try {
      const account = await createAccount(service.url);
      apiKey = account.apiKey;
      // One set of signed headers for the whole run, as a client reusing a token within its 5 minutes.
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

      const baselineEnv = { ...database, BASELINE_API_KEY: account.apiKey };
      const bareHttp = await startBaseline('bare-http', baselineEnv);
      const bareYoga = await startBaseline('bare-yoga', baselineEnv);
      const inMemory = await startBaseline('bare-http', { BASELINE_IN_MEMORY: 'true' });
      try {
        const graphqlBody = JSON.stringify({ query: SESSION_QUERY, variables: { k: sessionKey } });
        const json = { 'content-type': 'application/json' };
        // Every target runs in turns of a few seconds, several rounds, so a neighbour's load on the shared machine
        // falls on ours and on its baseline alike.
        const measured = await measureInTurns(
          [
            { url: `${service.url}/v1/callbacks/SESSION:COMPLETE`, headers, pid: service.pid },
            { url: `${bareHttp.url}/v1/callbacks/SESSION:COMPLETE`, pid: bareHttp.pid },
            { url: `${service.url}/graphql`, method: 'POST', headers: { ...headers, ...json }, body: graphqlBody, pid: service.pid },
            { url: `${bareYoga.url}/graphql`, method: 'POST', headers: json, body: graphqlBody, pid: bareYoga.pid },
            { url: `${inMemory.url}/v1/callbacks/SESSION:COMPLETE`, pid: inMemory.pid },
          ],
          seconds,
          embedded?.pid ?? null,
        );
        [restRps, bareHttpRps, graphqlRps, bareYogaRps, inMemoryRps] = measured.rps;
        restRatio = measured.pairedRatio(0, 1);
        graphqlRatio = measured.pairedRatio(2, 3);
        inMemoryRatio = measured.pairedRatio(0, 4);
        cpu = measured.cpu;
      } finally {
        await Promise.all([bareHttp.stop(), bareYoga.stop(), inMemory.stop()]);
      }
    } finally {
      await service.stop();
    }

    const databaseReads = await measureDatabaseReads(mongoUrl, dbName, apiKey, seconds);

    return [
      {
        name: 'database_indexed_reads_per_s',
        value: round(databaseReads, 0),
        unit: 'reads/s',
        goal: 'the database ceiling: 32 concurrent findOne on a unique index',
      },
      {
        name: 'rest_auth_read_rps',
        value: round(restRps, 0),
        unit: 'req/s',
        baseline: round(bareHttpRps, 0),
        ratio: round(restRatio),
        goal: 'ratio ≥ 0.8 (median of the rounds’ ratios)',
      },
      // Where each request's time goes: the server's CPU per request beside the baseline's, and the database's.
      {
        name: 'rest_auth_read_cpu_us_per_request',
        value: round(cpu[0]?.serverUs ?? Number.NaN, 0),
        unit: 'µs',
        baseline: round(cpu[1]?.serverUs ?? Number.NaN, 0),
        ratio: round((cpu[1]?.serverUs ?? Number.NaN) / (cpu[0]?.serverUs ?? Number.NaN)),
        goal: 'CPU of the server process per request, all threads (ratio: baseline ÷ ours)',
      },
      {
        name: 'rest_auth_read_database_cpu_us_per_request',
        value: round(cpu[0]?.databaseUs ?? Number.NaN, 0),
        unit: 'µs',
        baseline: round(cpu[1]?.databaseUs ?? Number.NaN, 0),
        ratio: null,
        goal: 'the embedded database, per request: the same work on both sides',
      },
      {
        name: 'rest_auth_read_vs_in_memory_http',
        value: round(restRps, 0),
        unit: 'req/s',
        baseline: round(inMemoryRps, 0),
        ratio: round(inMemoryRatio),
        goal: 'informational',
      },
      {
        name: 'graphql_query_rps',
        value: round(graphqlRps, 0),
        unit: 'req/s',
        baseline: round(bareYogaRps, 0),
        ratio: round(graphqlRatio),
        goal: 'ratio ≥ 0.7 (median of the rounds’ ratios)',
      },
    ];
  } finally {
    const client = await MongoClient.connect(mongoUrl);
    await client
      .db(dbName)
      .dropDatabase()
      .catch(() => undefined);
    await client.close();
    await embedded?.stop();
  }
}

/** CPU time per request of a target's server process and of the embedded database (null with MONGODB_URL), in µs. */
interface TurnCpu {
  serverUs: number;
  databaseUs: number | null;
}

type Target = Parameters<typeof measureRps>[0] & { pid: number };

/**
 * Requests per second of each target, measured in `rounds` turns of `seconds / rounds` each, and its CPU per request.
 * `pairedRatio(a, b)`: the median over the rounds of a's rate divided by b's in the same round — targets measured back
 * to back share the machine's load of the moment, and one round disturbed by a neighbour does not decide the figure.
 */
async function measureInTurns(
  targets: Target[],
  seconds: number,
  databasePid: number | null,
  rounds = 6,
): Promise<{ rps: [number, number, number, number, number]; cpu: TurnCpu[]; pairedRatio(a: number, b: number): number }> {
  const turn = Math.max(1, Math.round(seconds / rounds));
  const sums = targets.map(() => ({ rps: 0, requests: 0, serverMs: 0, databaseMs: 0, perRound: [] as number[] }));
  // A first turn unmeasured: every process opens its database connections (up to one per concurrent request).
  for (const target of targets) await measureRps({ ...target, seconds: 1 });
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, target] of targets.entries()) {
      const sum = sums[index] as (typeof sums)[number];
      const [server, database] = [cpuMilliseconds(target.pid), databasePid === null ? 0 : cpuMilliseconds(databasePid)];
      const rps = await measureRps({ ...target, seconds: turn });
      sum.serverMs += cpuMilliseconds(target.pid) - server;
      if (databasePid !== null) sum.databaseMs += cpuMilliseconds(databasePid) - database;
      sum.rps += rps;
      sum.requests += rps * turn;
      sum.perRound.push(rps);
    }
  }
  return {
    rps: sums.map((sum) => sum.rps / rounds) as [number, number, number, number, number],
    pairedRatio: (a, b) => {
      const [of, to] = [sums[a]?.perRound ?? [], sums[b]?.perRound ?? []];
      return median(of.map((rate, round) => rate / (to[round] ?? Number.NaN)));
    },
    cpu: sums.map((sum) => ({
      serverUs: (sum.serverMs * 1000) / sum.requests,
      databaseUs: databasePid === null ? null : (sum.databaseMs * 1000) / sum.requests,
    })),
  };
}

/** The database's own ceiling for the read the REST route makes (findOne on a unique index, 32 at a time, as autocannon's 32 connections). */
async function measureDatabaseReads(mongoUrl: string, dbName: string, apiKey: string, seconds: number): Promise<number> {
  const client = await MongoClient.connect(mongoUrl);
  try {
    const callbacks = client.db(dbName).collection('callbacks');
    let reads = 0;
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (Date.now() < until) {
          await callbacks.findOne({ api_key: apiKey, event: 'SESSION:COMPLETE' });
          reads += 1;
        }
      }),
    );
    return reads / seconds;
  } finally {
    await client.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const result of await runHttpBenchmarks(Number(process.env.BENCH_HTTP_SECONDS ?? 12))) process.stdout.write(`${JSON.stringify(result)}\n`);
}
