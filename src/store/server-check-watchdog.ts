// Restarts the database client when the driver's check of a server never ends.
//
// The driver (mongodb 7.9) can send a server check on a socket the server closed a moment before — the close not yet
// seen — and then wait for the write to drain, which never happens. That check never ends, so no other check starts,
// and a server the pool has marked unknown stays unknown: every operation fails until the process restarts, although
// the database is back. It happens when a dropped connection fails an operation and the driver, sent to check the
// server at once, writes on its own socket of the same drop (test/robustness/faults.test.ts drops them over and over).
// On a server that answers, a polled check ends within the connect timeout (its socket timeout), a streamed one
// within that plus the heartbeat interval (the server's wait); a check running past that, on a server the driver
// holds unknown, is stuck, and only a new client topology gets past it.
import type {
  MongoClient,
  ServerDescriptionChangedEvent,
  ServerHeartbeatFailedEvent,
  ServerHeartbeatStartedEvent,
  ServerHeartbeatSucceededEvent,
} from 'mongodb';
import type { Logger } from '../logger.js';

/** Added to the longest a check may take, for a loaded machine. */
const SLACK_MS = 1_000;
/** The driver's default connect timeout, for a client configured with none (0: wait for ever). */
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** Between attempts to connect again while the server is still unreachable. */
const RECONNECT_INTERVAL_MS = 1_000;

export interface ServerCheckWatchdog {
  /** Stops watching; resolves once a restart under way has finished. */
  stop(): Promise<void>;
}

export function watchServerChecks(client: MongoClient, logger: Logger): ServerCheckWatchdog {
  const connectTimeoutMS = client.options.connectTimeoutMS || DEFAULT_CONNECT_TIMEOUT_MS;
  const longestPolledCheckMs = connectTimeoutMS + SLACK_MS;
  const longestStreamedCheckMs = longestPolledCheckMs + client.options.heartbeatFrequencyMS;
  /** Per server address: the check in progress, when it must have ended. */
  const checksInProgress = new Map<string, { startedAt: number; endsBy: number }>();
  const unknownServers = new Set<string>();
  let stopped = false;
  let restart: Promise<void> | null = null;

  const onCheckStarted = (event: ServerHeartbeatStartedEvent) => {
    const startedAt = Date.now();
    checksInProgress.set(event.connectionId, { startedAt, endsBy: startedAt + (event.awaited ? longestStreamedCheckMs : longestPolledCheckMs) });
  };
  const onCheckEnded = (event: ServerHeartbeatSucceededEvent | ServerHeartbeatFailedEvent) => checksInProgress.delete(event.connectionId);
  const onDescription = (event: ServerDescriptionChangedEvent) => {
    if (event.newDescription.type === 'Unknown') unknownServers.add(event.address);
    else unknownServers.delete(event.address);
  };
  client.on('serverHeartbeatStarted', onCheckStarted);
  client.on('serverHeartbeatSucceeded', onCheckEnded);
  client.on('serverHeartbeatFailed', onCheckEnded);
  client.on('serverDescriptionChanged', onDescription);

  const inspect = () => {
    if (restart || stopped) return;
    const now = Date.now();
    for (const [address, check] of checksInProgress) {
      if (now > check.endsBy && unknownServers.has(address)) {
        logger.warn(
          { server: address, checkRunningMs: now - check.startedAt },
          'The database driver’s check of an unreachable server has not ended; restarting the database client so that it can find the server again.',
        );
        restart = restartClient().finally(() => (restart = null));
        return;
      }
    }
  };
  const timer = setInterval(inspect, Math.min(1_000, longestPolledCheckMs / 4));
  timer.unref();

  async function restartClient(): Promise<void> {
    checksInProgress.clear();
    unknownServers.clear();
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
