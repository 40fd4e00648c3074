// Shared pieces of the benchmarks: the service (or a baseline) as a child process on loopback, an account,
// load with autocannon, and small statistics.
import { spawn, type ChildProcess } from 'node:child_process';
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
  stop(): Promise<void>;
}

const ROOT = new URL('..', import.meta.url);
export const ADMIN_TOKEN = `bench-${randomBytes(12).toString('hex')}`;

const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** Starts a script with tsx and waits for the line carrying its URL. */
export function startScript(script: string, env: Record<string, string>, urlPattern: RegExp, options: { inspect?: boolean } = {}): Promise<RunningProcess> {
  const child = spawn(process.execPath, [...(options.inspect ? ['--inspect=127.0.0.1:0'] : []), '--import', 'tsx', script], {
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
        child.stdout?.resume();
        const inspectorUrl = inspectorUrlIn(output);
        resolve({ url, pid: child.pid as number, ...(inspectorUrl ? { inspectorUrl } : {}), stop: () => stopChild(child) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
}

export function startService(env: Record<string, string> = {}, options: { inspect?: boolean } = {}): Promise<RunningProcess> {
  return startScript(
    'src/main.ts',
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

/** Live heap plus external memory of the service, read from its Prometheus metrics. */
export async function retainedBytes(service: RunningProcess): Promise<number> {
  const text = await (await fetch(`${service.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? 'NaN');
  return read('nodejs_heap_size_used_bytes') + read('nodejs_external_memory_bytes');
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

export async function createAccount(baseUrl: string): Promise<BenchAccount> {
  const username = `bench-${randomBytes(4).toString('hex')}`;
  const response = await fetch(`${baseUrl}/admin/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    // The benchmark measures a capture through to its report: no person reviews it.
    body: JSON.stringify({ username, review_mode: 'auto' }),
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

/** Resident memory of a process in bytes (Linux). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 'NaN');
  return kilobytes * 1024;
}
