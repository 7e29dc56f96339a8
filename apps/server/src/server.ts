import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from './app';
import { createLogger } from './logger';
import { systemClock } from './clock';
import type { Config } from './config';
import { migrateToLatest, openDatabase } from './db';
import { seedDemoData } from './demo-data';

export interface RunningServer {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  /** Stops accepting, closes sockets with 1001 going-away, waits for requests in flight, closes the database. */
  close(): Promise<void>;
}

/** The boot sequence: open the database, migrate, seed demo data, build the app, listen. */
export async function startServer(config: Config, deps: Omit<AppDeps, 'db'> = {}): Promise<RunningServer> {
  const logger = deps.logger ?? createLogger(config);
  const clock = deps.clock ?? systemClock;
  const { db, dialect } = openDatabase(config.database, (error) =>
    logger.error({ err: error }, 'database connection lost'),
  );
  let app: FastifyInstance | undefined;
  try {
    const applied = await migrateToLatest(db, dialect);
    if (applied.length > 0) logger.info({ applied, dialect }, 'database migrated');
    await seedDemoData(db, dialect, { enabled: config.demoData, clock, log: logger });
    app = await buildApp(config, { ...deps, db, clock, logger });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close();
    await db.destroy();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const running = app;
  let closing: Promise<void> | undefined;
  return {
    app,
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      (closing ??= (async () => {
        try {
          await running.close();
        } finally {
          await db.destroy();
        }
      })()),
  };
}
