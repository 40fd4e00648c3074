// Shared pieces of the benchmarks: the service (or a baseline) as a child process on loopback, an account,
// load with autocannon, and small statistics.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createHmac, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { inspectorUrlIn } from '../test/support/inspector.js';

export { collectGarbage } from '../test/support/inspector.js';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline?: number | null;
  ratio?: number | null;
  goal?: string;
}

export interface RunningProcess {
  url: string;
  pid: number;
  /** The inspector's WebSocket URL, when started with `inspect`. */
  inspectorUrl?: string;
  /** Resolves with the first line of its output (from the start) matching `pattern`; rejects after `timeoutMs`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

const ROOT = new URL('..', import.meta.url);
export const ADMIN_TOKEN = `bench-${randomBytes(12).toString('hex')}`;

const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** Starts a script with tsx and waits for the line carrying its URL. */
function startScript(script: string, env: Record<string, string>, urlPattern: RegExp, options: { inspect?: boolean } = {}): Promise<RunningProcess> {
  // BENCH_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=prof`) profiles the service and baselines under load.
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...flags, ...(options.inspect ? ['--inspect=127.0.0.1:0'] : []), ...loader, script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = urlPattern.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        const inspectorUrl = inspectorUrlIn(output);
        resolve({
          url,
          pid: child.pid as number,
          ...(inspectorUrl ? { inspectorUrl } : {}),
          waitForLine: lineWaiter(child, output),
          stop: () => stopChild(child),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
}

/** Lines of a started process's output kept for `waitForLine`: enough for its start-up, bounded under load. */
const KEPT_LINES = 2_000;

/** Keeps reading a started process's output for lines announced after its URL (a model loaded, data indexed). */
function lineWaiter(child: ChildProcess, startOutput: string): RunningProcess['waitForLine'] {
  const lines = startOutput.split('\n');
  let partial = lines.pop() ?? '';
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  child.stdout?.on('data', (chunk: Buffer) => {
    const arrived = (partial + chunk.toString()).split('\n');
    partial = arrived.pop() ?? '';
    lines.push(...arrived);
    lines.splice(0, Math.max(0, lines.length - KEPT_LINES));
    for (const waiter of waiters) {
      const line = arrived.find((candidate) => waiter.pattern.test(candidate));
      if (line !== undefined) waiter.resolve(line);
    }
  });
  return (pattern, timeoutMs = 120_000) => {
    const seen = lines.find((line) => pattern.test(line));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = {
        pattern,
        resolve: (line: string) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(line);
        },
      };
      waiters.add(waiter);
    });
  };
}

let built = false;

/**
 * The service as production runs it: compiled by `npm run build` (once per benchmark process, so the figures are of
 * the current sources) and started with `node dist/main.js`, not through the TypeScript loader the tests use. The
 * baselines are compiled the same way (to dist/baselines/), so neither side pays for the loader.
 */
function buildOnce(): void {
  if (built) return;
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const baselines = ['bench/baselines/bare-http.ts', 'bench/baselines/bare-yoga.ts', 'bench/baselines/bare-csv.ts'];
  const options = ['--outDir', 'dist/baselines', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--skipLibCheck'];
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', ...options, ...baselines], { cwd: ROOT, stdio: 'ignore' });
  built = true;
}

/** A baseline server of bench/baselines/, compiled; resolves once it prints its URL. */
export function startBaseline(name: 'bare-http' | 'bare-yoga' | 'bare-csv', env: Record<string, string>): Promise<RunningProcess> {
  buildOnce();
  return startScript(`dist/baselines/${name}.js`, env, /BASELINE_URL=(\S+)/);
}

export function startService(env: Record<string, string> = {}, options: { inspect?: boolean } = {}): Promise<RunningProcess> {
  buildOnce();
  return startScript(
    'dist/main.js',
    {
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      ADMIN_TOKEN,
      RATE_LIMIT_POINTS: '100000000',
      RATE_LIMIT_GUEST_POINTS: '100000000',
      // The subscription scenarios open up to 1,000 sockets on one account.
      WS_MAX_SOCKETS_PER_ACCOUNT: '100000',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // Production mode serves /metrics only with a token; the memory figures are read from it.
      METRICS_TOKEN,
      MONGODB_URL: process.env.MONGODB_URL ?? '',
      ...env,
    },
    /"url":"(http:\/\/[^"]+)"/,
    options,
  );
}

const metricsText = async (service: RunningProcess) =>
  (await fetch(`${service.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();

/** Live heap plus external memory of the service, read from its Prometheus metrics. */
export async function retainedBytes(service: RunningProcess): Promise<number> {
  const text = await metricsText(service);
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? 'NaN');
  return read('nodejs_heap_size_used_bytes') + read('nodejs_external_memory_bytes');
}

/** The service's database commands so far (mongodb_commands_total, with MONGODB_COMMAND_METRICS=true): "command collection" → count. */
export async function databaseCommands(service: RunningProcess): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const match of (await metricsText(service)).matchAll(/^mongodb_commands_total\{command="([^"]*)",collection="([^"]*)"\} (\d+)/gm)) {
    counts.set(`${match[1]} ${match[2]}`, Number(match[3]));
  }
  return counts;
}

/** The cumulative bucket counts of an unlabelled Prometheus histogram of the service: upper bound (s) → count. */
export async function histogramBuckets(service: RunningProcess, name: string): Promise<Map<number, number>> {
  const buckets = new Map<number, number>();
  for (const match of (await metricsText(service)).matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} (\\d+)`, 'gm'))) {
    buckets.set(match[1] === '+Inf' ? Number.POSITIVE_INFINITY : Number(match[1]), Number(match[2]));
  }
  return buckets;
}

/** The upper bound (ms) of the bucket holding the p-th percentile of what a histogram observed between two readings. */
export function bucketPercentileMs(before: Map<number, number>, after: Map<number, number>, p: number): number {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const delta = (bound: number) => (after.get(bound) ?? 0) - (before.get(bound) ?? 0);
  const total = delta(Number.POSITIVE_INFINITY);
  const bound = bounds.find((candidate) => delta(candidate) >= (p / 100) * total);
  return total === 0 || bound === undefined ? Number.NaN : bound * 1000;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface BenchAccount {
  username: string;
  apiKey: string;
  apiSecret: string;
}

/** An account through the admin API; `settings` are its settings (by default review_mode auto). */
export async function createAccount(baseUrl: string, settings: Record<string, unknown> = {}): Promise<BenchAccount> {
  const username = `bench-${randomBytes(4).toString('hex')}`;
  const response = await fetch(`${baseUrl}/admin/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    // The benchmark measures a capture through to its report: no person reviews it.
    body: JSON.stringify({ username, review_mode: 'auto', ...settings }),
  });
  const body = (await response.json()) as { api_key: string; api_secret: string };
  return { username, apiKey: body.api_key, apiSecret: body.api_secret };
}

export function signedHeaders(account: BenchAccount, date = new Date()): Record<string, string> {
  const timestamp = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const token = createHmac('sha256', account.apiSecret).update(`${account.username}:${account.apiKey}@${timestamp}`).digest('hex');
  return { 'API-Key': account.apiKey, 'API-Token': token, 'API-Timestamp': timestamp };
}

/** Requests per second sustained by `connections` keep-alive connections for `seconds`. */
export async function measureRps(options: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  seconds?: number;
  connections?: number;
}): Promise<number> {
  const result = await autocannon({
    url: options.url,
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 32,
    duration: options.seconds ?? 8,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`load run against ${options.url} saw ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result.requests.average;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** CPU time (user + system, all threads) a process has used, in ms (Linux; /proc counts in USER_HZ = 100 ticks/s). */
export function cpuMilliseconds(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process in bytes (Linux). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 'NaN');
  return kilobytes * 1024;
}
