// Restarts the database client when the driver's check of a server never ends.
//
// The driver (mongodb 7.9) can send a server check on a socket the server closed a moment before — the close not yet
// seen — and then wait for the write to drain, which never happens. That check never ends, so no other check starts,
// and a server the pool has marked unknown stays unknown: every operation fails until the process restarts, although
// the database is back. It happens when a dropped connection fails an operation and the driver, sent to check the
// server at once, writes on its own socket of the same drop (test/robustness/faults.test.ts times one). Which checks
// are stuck is src/store/server-checks.ts's rule; only a new client topology gets past one.
import type {
  MongoClient,
  ServerDescriptionChangedEvent,
  ServerHeartbeatFailedEvent,
  ServerHeartbeatStartedEvent,
  ServerHeartbeatSucceededEvent,
} from 'mongodb';
import type { Logger } from '../logger.js';
import { ServerChecks } from './server-checks.js';

/** Between attempts to connect again while the server is still unreachable. */
const RECONNECT_INTERVAL_MS = 1_000;

export interface ServerCheckWatchdog {
  /** Stops watching; resolves once a restart under way has finished. */
  stop(): Promise<void>;
}

export function watchServerChecks(client: MongoClient, logger: Logger): ServerCheckWatchdog {
  const checks = new ServerChecks({ connectTimeoutMS: client.options.connectTimeoutMS, heartbeatFrequencyMS: client.options.heartbeatFrequencyMS });
  let stopped = false;
  let restart: Promise<void> | null = null;

  const onCheckStarted = (event: ServerHeartbeatStartedEvent) => checks.started(event.connectionId, event.awaited, Date.now());
  const onCheckEnded = (event: ServerHeartbeatSucceededEvent | ServerHeartbeatFailedEvent) => checks.ended(event.connectionId);
  const onDescription = (event: ServerDescriptionChangedEvent) => checks.described(event.address, event.newDescription.type);
  client.on('serverHeartbeatStarted', onCheckStarted);
  client.on('serverHeartbeatSucceeded', onCheckEnded);
  client.on('serverHeartbeatFailed', onCheckEnded);
  client.on('serverDescriptionChanged', onDescription);

  const inspect = () => {
    if (restart || stopped) return;
    const stuck = checks.stuck(Date.now());
    if (!stuck) return;
    logger.warn(
      { server: stuck.address, checkRunningMs: stuck.runningMs },
      'The database driver’s check of an unreachable server has not ended; restarting the database client so that it can find the server again.',
    );
    restart = restartClient().finally(() => (restart = null));
  };
  const timer = setInterval(inspect, checks.inspectionIntervalMs);
  timer.unref();

  async function restartClient(): Promise<void> {
    checks.clear();
    await client.close().catch(() => undefined);
    while (!stopped) {
      try {
        await client.connect();
        logger.info('The database client is connected again.');
        return;
      } catch (error) {
        logger.warn({ err: error }, 'The database is still unreachable; trying again.');
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_INTERVAL_MS));
      }
    }
  }

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      client.off('serverHeartbeatStarted', onCheckStarted);
      client.off('serverHeartbeatSucceeded', onCheckEnded);
      client.off('serverHeartbeatFailed', onCheckEnded);
      client.off('serverDescriptionChanged', onDescription);
      await restart;
    },
  };
}
