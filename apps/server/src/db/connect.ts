import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as KyselySqlite } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { WalSync, alreadyDurable, type Durability } from './durability';
import type { DatabaseSchema, Db, Dialect } from './schema';

export interface Database {
  db: Db;
  dialect: Dialect;
  /** When what is committed is on disk (durability.ts). */
  durability: Durability;
}

const INT8_OID = 20;

/**
 * Opens the database named by the config. Times are stored as bigint milliseconds, which
 * node-postgres would hand back as strings: this pool parses them as numbers (safe up to 2^53).
 * `onConnectionLost` hears of every PostgreSQL connection that breaks, and of SQLite's
 * checkpointing thread failing (the server keeps going).
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
      durability: alreadyDurable,
    };
  }

  const memory = config.file === ':memory:';
  if (!memory) mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.file);
  // WAL lets readers run alongside the writer; busy_timeout waits on a lock instead of failing.
  sqlite.pragma('journal_mode = WAL');
  // NORMAL: a COMMIT does not wait for the disk on the event loop; durability.ts syncs the
  // log in the thread pool, and nothing committed is seen or acknowledged before that sync.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoints run in a worker thread instead (checkpoints.ts).
  if (!memory) sqlite.pragma('wal_autocheckpoint = 0');
  // The log file appears with the first read; open it for durability.ts's syncs.
  sqlite.prepare('select count(*) from sqlite_master').get();
  const wal = memory ? null : new WalSync(config.file, { onCheckpointError: onConnectionLost });
  return {
    db: new Kysely<DatabaseSchema>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite, () => wal?.wrote()) }),
    }),
    dialect: 'sqlite',
    durability: wal ?? alreadyDurable,
  };
}

const STATEMENT_CACHE_SIZE = 500;

/** A transaction's end writes what it did (SQLite counts COMMIT and RELEASE as read-only). */
const ENDS_TRANSACTION = /^\s*(commit|end|release)\b/i;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles SQL on every prepare: on a
 * busy server that compiling costs more than running the queries. A statement is reusable
 * (its parameters are bound per run), so keep the most recent ones by SQL text. One still
 * iterating (a streamed query) is busy: that caller gets a fresh one.
 *
 * Kysely runs each statement right after preparing it, so `onWrite` hears of every statement
 * that changes the database, or commits, as it runs (durability.ts counts them).
 */
export function withStatementCache(
  database: SqliteDatabase.Database,
  onWrite: () => void = () => {},
  size = STATEMENT_CACHE_SIZE,
): KyselySqlite {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepared = (sql: string, statement: SqliteDatabase.Statement) => {
    if (!statement.readonly || ENDS_TRANSACTION.test(sql)) onWrite();
    return statement;
  };
  return {
    close: () => database.close(),
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return prepared(sql, cached);
      const statement = database.prepare(sql);
      if (!cached) {
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return prepared(sql, statement);
    },
  };
}
