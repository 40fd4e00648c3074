// One database server and one Redis for the whole run: the configured MONGODB_URL / REDIS_URL, or servers started
// here (the embedded MongoDB-compatible server; a redis-server on a free port when none answers on 6379).
// Each test file then works in a database of its own (test/support/test-server.ts).
import type { TestProject } from 'vitest/node';
import { startEmbeddedMongo } from '../src/store/embedded-mongo.js';
import { answers, startRedisServer } from './support/redis-server.js';
import './support/provided-context.js';

export default async function setup(project: TestProject) {
  const stops: (() => Promise<void>)[] = [];
  if (process.env.MONGODB_URL) {
    project.provide('mongoUrl', process.env.MONGODB_URL);
  } else {
    const embedded = await startEmbeddedMongo();
    stops.push(() => embedded.stop());
    project.provide('mongoUrl', embedded.uri);
  }
  project.provide('redisUrl', await redisUrl(stops));
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
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
