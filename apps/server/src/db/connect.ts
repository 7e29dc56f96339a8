import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as KyselySqlite } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { DatabaseSchema, Db, Dialect } from './schema';

export interface Database {
  db: Db;
  dialect: Dialect;
}

const INT8_OID = 20;

/**
 * Opens the database named by the config. Times are stored as bigint milliseconds, which
 * node-postgres would hand back as strings: this pool parses them as numbers (safe up to 2^53).
 * `onConnectionLost` hears of every PostgreSQL connection that breaks (the server keeps going).
 */
export function openDatabase(
  config: DatabaseConfig,
  onConnectionLost: (error: Error) => void = () => {},
): Database {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID && format !== 'binary'
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A client whose connection breaks (a reset, a restarted server) emits 'error', and an
    // 'error' nobody listens to ends the process. The pool listens only while a client is idle,
    // so a client checked out for a query or a transaction needs its own listener, from its
    // creation on. The query in flight rejects with the error (its request fails cleanly, a
    // send is retried by its client), and the pool discards the client when it is released,
    // since it is no longer queryable: the next request gets a fresh connection.
    pool.on('connect', (client) => client.on('error', onConnectionLost));
    // The pool passes an idle client's error on as well; the client's own listener told it.
    pool.on('error', () => {});
    return {
      db: new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
    };
  }

  if (config.file !== ':memory:') mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.file);
  // WAL lets readers run alongside the writer; busy_timeout waits on a lock instead of failing.
  sqlite.pragma('journal_mode = WAL');
  // FULL syncs the WAL at every commit: an acknowledged message survives a power loss (NORMAL
  // may lose the latest commits). The group commit pays that sync once per batch.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles SQL on every prepare: on a
 * busy server that compiling costs more than running the queries. A statement is reusable
 * (its parameters are bound per run), so keep the most recent ones by SQL text. One still
 * iterating (a streamed query) is busy: that caller gets a fresh one.
 */
export function withStatementCache(
  database: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
): KyselySqlite {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(sql);
      if (!cached) {
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
