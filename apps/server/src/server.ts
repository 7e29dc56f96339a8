import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from './app';
import { createLogger } from './logger';
import { systemClock } from './clock';
import type { Config } from './config';
import { migrateToLatest, openDatabase } from './db';
import { seedDemoData } from './demo-data';
import { openIdMark, type IdMark } from './modules/chats/id-mark';
import { guardMessageIds, settleMessageIds } from './modules/chats/rollback';

export interface RunningServer {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  /** Stops accepting, closes sockets with 1001 going-away, waits for requests in flight, closes the database. */
  close(): Promise<void>;
}

/**
 * The boot sequence: open the database, migrate, seed demo data, check it against the
 * message-id mark (modules/chats/rollback.ts), build the app, listen.
 */
export async function startServer(config: Config, deps: Omit<AppDeps, 'db'> = {}): Promise<RunningServer> {
  const logger = deps.logger ?? createLogger(config);
  const clock = deps.clock ?? systemClock;
  const { db, dialect, durability } = openDatabase(config.database, (error) =>
    logger.error({ err: error }, 'database connection lost'),
  );
  let app: FastifyInstance | undefined;
  let idMark: IdMark | undefined;
  try {
    const applied = await migrateToLatest(db, dialect);
    if (applied.length > 0) logger.info({ applied, dialect }, 'database migrated');
    await seedDemoData(db, dialect, { enabled: config.demoData, clock, log: logger });
    idMark = await openIdMark(config.database, config.dataDir);
    await guardMessageIds(db, dialect, idMark, logger);
    app = await buildApp(config, { ...deps, db, durability, idMark, clock, logger });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close();
    await idMark?.close();
    await db.destroy();
    await durability.close();
    throw error;
  }
  const mark = idMark;
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
          await settleMessageIds(db, dialect, mark);
        } finally {
          await mark.close();
          await db.destroy();
          await durability.close();
        }
      })()),
  };
}
