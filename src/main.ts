// Process entry: read configuration, build the app, listen, and stop cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { EmbeddedMongoUnavailableError } from './store/embedded-mongo.js';
import { demoAccountBanner } from './accounts/demo-banner.js';
import { localOnlyLinksHint } from './inspections/public-url-hint.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const startedAt = performance.now();
  const app = await buildApp(config, logger).catch((error: unknown) => exitOnStartupFailure(error, logger));
  const baseUrl = await app.start();
  logger.info({ url: baseUrl, startupMs: Math.round(performance.now() - startedAt) }, 'capture-gateway listening');
  // The VIN data loads in its worker thread now, not on the first session shown; the first start on a machine also
  // builds its indexed copy (docs/capture.md).
  const vinDataStartedAt = performance.now();
  app.services.vinDecoder
    .warmUp()
    .then(() => logger.info({ loadMs: Math.round(performance.now() - vinDataStartedAt) }, 'VIN data loaded'))
    .catch((error: unknown) => logger.warn({ err: error }, 'VIN data could not be loaded; sessions are shown without a VIN decode'));
  // Likewise the vehicle check's model, so the first exterior photo is not the one that waits for it.
  const detectorStartedAt = performance.now();
  app.services.vehicleDetector
    ?.warmUp()
    .then(() => logger.info({ loadMs: Math.round(performance.now() - detectorStartedAt) }, 'vehicle check model loaded'))
    .catch((error: unknown) => logger.warn({ err: error }, 'the vehicle check model could not be loaded; exterior photos stay unchecked'));
  // And the OCR of the odometer, so the first cluster photo is read within its time.
  const ocrStartedAt = performance.now();
  app.services.odometerReader
    ?.warmUp()
    .then(() => logger.info({ loadMs: Math.round(performance.now() - ocrStartedAt) }, 'odometer OCR loaded'))
    .catch((error: unknown) => logger.warn({ err: error }, 'the odometer OCR could not be loaded; people type the reading'));

  if (config.demoAccount) {
    const demo = await app.services.accounts.createDemoIfEmpty();
    if (demo) process.stdout.write(demoAccountBanner(demo, config.publicUrl ?? baseUrl, await app.services.users.createDemoOwner({ apiKey: demo.api_key })));
  }
  // Last, so that it is the line a developer sees before reaching for a phone.
  const linksHint = localOnlyLinksHint(app.services.urls.base);
  if (linksHint && config.isProduction) logger.warn({ publicUrl: app.services.urls.base }, linksHint);
  else if (linksHint) process.stdout.write(`${linksHint}\n\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

function exitOnStartupFailure(error: unknown, logger: Logger): never {
  if (error instanceof EmbeddedMongoUnavailableError) {
    logger.fatal(error.message);
  } else {
    logger.fatal({ err: error }, 'start-up failed');
  }
  process.exit(1);
}

await main();
