import { createLogger } from './logger';
import { ConfigError, configFromEnv, type Config } from './config';
import { startServer } from './server';

/** Entry point: read config, start, and shut down cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = configFromEnv(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
    return;
  }

  const logger = createLogger(config);
  const server = await startServer(config, { logger });
  logger.info(
    { url: server.url, port: server.port, database: config.database.dialect, captcha: config.captcha },
    'PaiChat server listening',
  );

  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down');
    // A hung shutdown must not keep the process alive forever.
    setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, 10_000).unref();
    server.close().then(
      () => logger.info('stopped'),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `PaiChat failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
