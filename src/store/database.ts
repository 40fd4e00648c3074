// Opens the MongoDB connection: the configured server, or the embedded in-memory one when none is configured.
import { MongoClient, type Db } from 'mongodb';
import type { Logger } from '../logger.js';
import { startEmbeddedMongo, type EmbeddedMongo } from './embedded-mongo.js';
import { EMBEDDED_CAPACITY } from './embedded-capacity.js';
import { watchServerChecks } from './server-check-watchdog.js';
import { PLAIN_SERVER, type ServerTraits } from './server-traits.js';

export interface Database {
  client: MongoClient;
  db: Db;
  /** What the server does that the stores rely on where it can (MongoDB) and work around where it cannot. */
  server: ServerTraits;
  /** True while the server answers a ping; used by /ready. */
  isReachable(): Promise<boolean>;
  close(): Promise<void>;
}

/** How long /ready waits for the database's answer to a ping before it calls the database unreachable. */
const READY_PING_TIMEOUT_MS = 2_000;

export interface DatabaseOptions {
  url: string | null;
  dbName: string;
  logger: Logger;
  /** The driver's command monitoring, which feeds mongodb_commands_total (src/observability/database-commands.ts). */
  monitorCommands: boolean;
}

export async function openDatabase({ url, dbName, logger, monitorCommands }: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedMongo | null = null;
  let connectionUrl = url;
  if (!connectionUrl) {
    embedded = await startEmbeddedMongo();
    connectionUrl = embedded.uri;
    logger.warn(
      { embeddedCapacitySessions: EMBEDDED_CAPACITY.sessions, measuredOn: EMBEDDED_CAPACITY.measuredOn },
      `MONGODB_URL is not set: using the embedded in-memory database. All data is lost when the service stops, and it holds about ${EMBEDDED_CAPACITY.sessions} whole PRO inspections before a photo's verdict takes more than 1 s (every write slows as collections grow); set MONGODB_URL for anything you want to keep.`,
    );
  }
  const client = new MongoClient(connectionUrl, { serverSelectionTimeoutMS: 5_000, appName: 'capture-gateway', monitorCommands });
  const watchdog = watchServerChecks(client, logger);
  try {
    await client.connect();
  } catch (error) {
    await watchdog.stop();
    await embedded?.stop();
    throw error;
  }
  const db = client.db(dbName);
  const mongodb = embedded === null && (await isMongoDbServer(client));
  return {
    client,
    db,
    server: mongodb ? { atomicFindAndModify: true, uniqueIndexes: true } : PLAIN_SERVER,
    async isReachable() {
      // The driver ignores an operation's timeoutMS (7.9: "a no-op"), and a ping waits up to serverSelectionTimeoutMS
      // (5 s) for an unreachable server; a readiness probe answers within its own bound instead.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), READY_PING_TIMEOUT_MS);
      });
      const ping = db.command({ ping: 1 }).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([ping, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await watchdog.stop();
      await client.close();
      await embedded?.stop();
    },
  };
}

/**
 * False for the embedded server, which names itself in buildInfo (a MONGODB_URL may point at one: the tests' does),
 * and whenever the server cannot be told: the plain path is correct everywhere, only one command longer per write.
 */
async function isMongoDbServer(client: MongoClient): Promise<boolean> {
  const info = await client
    .db('admin')
    .command({ buildInfo: 1 })
    .catch(() => null);
  return info !== null && info.gitVersion !== 'jongodb' && !String(info.version).endsWith('-jongodb');
}

export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
