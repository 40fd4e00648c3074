// One database server for the whole run: the configured MONGODB_URL, or the embedded one started here.
// Each test file then works in a database of its own (test/support/database.ts).
import type { TestProject } from 'vitest/node';
import { startEmbeddedMongo } from '../src/store/embedded-mongo.js';
import './support/provided-context.js';

export default async function setup(project: TestProject) {
  if (process.env.MONGODB_URL) {
    project.provide('mongoUrl', process.env.MONGODB_URL);
    return;
  }
  const embedded = await startEmbeddedMongo();
  project.provide('mongoUrl', embedded.uri);
  return () => embedded.stop();
}
