// One database server and one Redis for the whole run: the configured MONGODB_URL / REDIS_URL, or servers started
// here (the embedded MongoDB-compatible server; a redis-server on a free port when none answers on 6379).
// Each test file then works in a database of its own (test/support/test-server.ts). The projects that need them
// (vitest.config.ts) each run this set-up; they share the servers the first one started, and the last to finish
// stops them. The unit project runs without it.
import type { TestProject } from 'vitest/node';
import { startEmbeddedMongo } from '../src/store/embedded-mongo.js';
import { prepareVpicCopy } from '../src/vin/vpic-database.js';
import { answers, startRedisServer } from './support/redis-server.js';
import './support/provided-context.js';
import { buildPages } from '../scripts/build-pages.js';
import { buildServiceForTests } from './support/service-build.js';

interface RunServers {
  mongoUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}

/** Global set-ups of all projects run in the one main process: the servers are kept on its global object. */
const shared = globalThis as typeof globalThis & { captureGatewayTestServers?: { servers: Promise<RunServers>; users: number } };

export default async function setup(project: TestProject) {
  shared.captureGatewayTestServers ??= { servers: startServers(), users: 0 };
  const entry = shared.captureGatewayTestServers;
  entry.users += 1;
  const servers = await entry.servers;
  project.provide('mongoUrl', servers.mongoUrl);
  project.provide('redisUrl', servers.redisUrl);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.captureGatewayTestServers = undefined;
    await servers.stop();
  };
}

async function startServers(): Promise<RunServers> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step();
  };
  try {
    // The staff's pages are served as built (hashed, minified): the tests build them from the sources first (at once
    // when build/web was built from the same sources, so a second run in this checkout leaves the first one's files be).
    await buildPages({ quiet: true });
    // The VIN data's indexed copy is built once per machine (src/vin/vpic-database.ts), here rather than in a test.
    const vinData = prepareVpicCopy();
    // What the tests that start the service as a process run (test/support/service-process.ts).
    const serviceBuild = buildServiceForTests();
    let mongoUrl = process.env.MONGODB_URL;
    if (!mongoUrl) {
      const embedded = await startEmbeddedMongo();
      stops.push(() => embedded.stop());
      mongoUrl = embedded.uri;
    }
    const redis = await redisUrl(stops);
    await Promise.all([vinData, serviceBuild]);
    return { mongoUrl, redisUrl: redis, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function redisUrl(stops: (() => Promise<void>)[]): Promise<string> {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  if (await answers('127.0.0.1', 6379)) return 'redis://127.0.0.1:6379';
  try {
    const redis = await startRedisServer();
    stops.push(() => redis.stop());
    return redis.url;
  } catch (error) {
    throw new Error(`No Redis for the Redis tests: set REDIS_URL, or install redis-server (apt-get install redis-server). ${String(error)}`);
  }
}
