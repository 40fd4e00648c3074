// Opens the MongoDB connection: the configured server, or the embedded in-memory one when none is configured.
import { MongoClient, type Db } from 'mongodb';
import type { Logger } from '../logger.js';
import { startEmbeddedMongo, type EmbeddedMongo } from './embedded-mongo.js';
import { EMBEDDED_CAPACITY } from './embedded-capacity.js';

export interface Database {
  client: MongoClient;
  db: Db;
  /** True while the server answers a ping; used by /ready. */
  isReachable(): Promise<boolean>;
  close(): Promise<void>;
}

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
  try {
    await client.connect();
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const db = client.db(dbName);
  return {
    client,
    db,
    async isReachable() {
      try {
        await db.command({ ping: 1 }, { timeoutMS: 2_000 });
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await client.close();
      await embedded?.stop();
    },
  };
}

export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
