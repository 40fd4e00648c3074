// The service as its own process, for tests of what only a process shows: signals, a crash, resident memory. It runs
// as the image runs dist/ (`node main.js`, from the transpiled copy the global set-up keeps: service-build.ts), or as
// `npm start` runs the sources under tsx when a test asks. Ready when it logs that it listens; the log stays
// readable for the test.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import './provided-context.js';
import { ADMIN_TOKEN, uniqueDatabaseName } from './test-server.js';
import { BUILT_SERVICE_ENTRY } from './service-build.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The URL from the start-up log line `capture-gateway listening`, once it has been written. */
function listeningUrl(output: string): string | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes('capture-gateway listening')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; url?: string };
      if (entry.msg === 'capture-gateway listening' && entry.url) return entry.url;
    } catch {
      // a line still being written
    }
  }
  return undefined;
}

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves to the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export interface ServiceProcessOptions {
  /** Added to (and overriding) the test defaults: the run's database, a fresh database name, the admin token, no vehicle check. */
  environment?: Record<string, string>;
  /** Node options before the entry point, e.g. `--inspect=127.0.0.1:0`. */
  nodeArguments?: string[];
  timeoutMs?: number;
  /** Runs `src/main.ts` under tsx as `npm start` does (~8 s of CPU to start here, twice the built copy's). */
  fromSources?: boolean;
}

export function startServiceProcess({
  environment = {},
  nodeArguments = [],
  timeoutMs = 45_000,
  fromSources = false,
}: ServiceProcessOptions = {}): Promise<ServiceProcess> {
  const entry = fromSources ? ['--import', 'tsx', 'src/main.ts'] : [BUILT_SERVICE_ENTRY];
  const child = spawn(process.execPath, [...nodeArguments, ...entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      MONGODB_URL: inject('mongoUrl'),
      MONGODB_DB: uniqueDatabaseName('process'),
      ADMIN_TOKEN,
      DEMO_ACCOUNT: 'false',
      LOG_LEVEL: 'info',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // A started process loads the vehicle check's model at once (seconds of CPU); the tests that start one as a
      // user would (main-process.test.ts) ask for the default mode.
      VEHICLE_CHECK: 'off',
      // Starting the odometer's OCR costs seconds of CPU per process; no test of a service process reads a cluster.
      ODOMETER_READING: 'off',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the service did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the service exited during start-up (${code}):\n${output}`));
    };
    child.once('exit', onExit);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const baseUrl = listeningUrl(output);
      if (!baseUrl) return;
      child.stdout.off('data', read);
      child.stdout.on('data', (more: Buffer) => (output += more.toString('utf8')));
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({ child, baseUrl, output: () => output, exited });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  });
}
