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
 */
export function openDatabase(
  config: DatabaseConfig,
  onPoolError: (error: Error) => void = () => {},
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
    // An idle client losing its connection emits 'error' on the pool; unhandled, it would end the process.
    pool.on('error', onPoolError);
    return {
      db: new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
    };
  }

  if (config.file !== ':memory:') mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.file);
  // WAL lets readers run alongside the writer; busy_timeout waits on a lock instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
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
