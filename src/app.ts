// buildApp wires configuration, database, services and both faces onto one HTTP server, and knows how to stop
// all of it cleanly.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import { openDatabase, type Database } from './store/database.js';
import { createServices, type ServiceOptions, type Services } from './services.js';
import { prepareDatabase } from './store/stores.js';
import { Router } from './http/rest/router.js';
import { registerRoutes } from './http/routes.js';
import { createEventBus } from './events/event-bus.js';
import { openRedisClients } from './events/redis-clients.js';
import { createMetrics } from './observability/metrics.js';
import packageJson from '../package.json' with { type: 'json' };
import { createRequestHandler } from './http/request-handler.js';
import { GUEST_RATE_LIMIT_PREFIX, RateLimiter } from './http/rate-limit.js';
import { createYogaServer } from './http/graphql/yoga.js';
import { attachGraphQLWebSocket } from './http/graphql/websocket.js';
import { createConnectionCaps } from './http/graphql/connection-caps.js';
import { openFileStore } from './storage/open-file-store.js';
import { warnAboutRiskySettings } from './observability/startup-warnings.js';
import { countDatabaseCommands } from './observability/database-commands.js';
import type { RenderThreadStart } from './reports/report-render-pool.js';

export interface App {
  server: Server;
  services: Services;
  database: Database;
  router: Router;
  /** Listens on the port (0 = any free port) and resolves to the base URL. */
  start(port?: number, host?: string): Promise<string>;
  stop(): Promise<void>;
}

export interface AppOptions {
  /** The time every use case reads (expiry, token age, retry schedules); tests pass a clock they move. */
  clock?: () => Date;
  /**
   * Takes MongoDB's one-command session writes whatever the server (ServerTraits.atomicFindAndModify): the command
   * benchmark counts that path's commands on the embedded server, one writer at a time, where isolation is moot.
   */
  countMongoDbPath?: boolean;
  /** When the report layout threads start; tests whose services seldom render one start them on the first render. */
  renderThreadStart?: RenderThreadStart;
  /** A VIN decoder shared with other apps in the process, which the caller closes (ServiceOptions.vinDecoder). */
  vinDecoder?: ServiceOptions['vinDecoder'];
}

export async function buildApp(
  config: Config,
  logger: Logger,
  { clock, countMongoDbPath = false, renderThreadStart, vinDecoder }: AppOptions = {},
): Promise<App> {
  warnAboutRiskySettings(config, logger);
  const database = await openDatabase({ url: config.mongodbUrl, dbName: config.mongodbDb, logger, monitorCommands: config.mongodbCommandMetrics });
  const files = await openFileStore(config).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const redisSet = config.redisUrl ? await openRedisClients(config.redisUrl, logger) : null;
  const redisClients = redisSet?.all ?? [];
  const [redis = null, publisher, subscriber] = redisSet ? [redisSet.commands, redisSet.publisher, redisSet.subscriber] : [];
  try {
    const onFailure = (error: unknown) =>
      logger.warn({ err: error }, 'Redis did not take a publish or a subscription: subscribers on other instances may miss live events until they replay.');
    const eventBus = createEventBus(publisher && subscriber ? { publisher, subscriber, onFailure } : null, clock);
    const metrics = createMetrics();
    if (config.mongodbCommandMetrics) countDatabaseCommands(database.client, metrics.registry);
    const services = createServices({
      config,
      db: database.db,
      fileStore: files.store,
      logger,
      eventBus,
      metrics,
      clock,
      server: countMongoDbPath ? { ...database.server, atomicFindAndModify: true } : database.server,
      renderThreadStart,
      vinDecoder,
    });
    await prepareDatabase(database.db, services.stores, { logger });

    const router = new Router();
    registerRoutes(router, services, { adminToken: config.adminToken, version: packageJson.version, graphiqlEnabled: !config.isProduction });

    const yoga = createYogaServer(config, services, logger);
    const rateLimiter = new RateLimiter({ ...config.rateLimit, redis });
    const guestRateLimiter = new RateLimiter({ ...config.guestRateLimit, redis, keyPrefix: GUEST_RATE_LIMIT_PREFIX });
    const adminRateLimiter = new RateLimiter({ ...config.adminRateLimit, redis, keyPrefix: 'capture-gateway:rl-admin' });
    const connectionCaps = createConnectionCaps(config.webSockets, redis, logger);
    connectionCaps.start();
    const server = createServer(
      createRequestHandler({
        config,
        logger,
        services,
        isDatabaseReachable: () => database.isReachable(),
        router,
        yoga,
        rateLimiter,
        guestRateLimiter,
        adminRateLimiter,
        connectionCaps,
        metrics,
      }),
    );
    server.requestTimeout = 120_000;
    server.headersTimeout = 30_000;
    const webSockets = attachGraphQLWebSocket(server, yoga, services, logger, metrics, {
      limits: config.webSockets,
      rateLimiters: { account: rateLimiter, guest: guestRateLimiter },
      caps: connectionCaps,
      corsOrigins: config.corsOrigins,
    });

    return {
      server,
      services,
      database,
      router,
      start(port = config.port, host = config.host) {
        return new Promise((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, host, () => {
            server.off('error', reject);
            const address = server.address() as AddressInfo;
            const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
            const url = `http://${shownHost}:${address.port}`;
            services.urls.useListeningAddress(url);
            services.startWorkers();
            resolve(url);
          });
        });
      },
      async stop() {
        await services.stopWorkers();
        await webSockets.dispose();
        connectionCaps.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await services.close();
        await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
        await database.close();
        await files.close();
      },
    };
  } catch (error) {
    for (const client of redisClients) client.disconnect();
    await database.close();
    await files.close();
    throw error;
  }
}
