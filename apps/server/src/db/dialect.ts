import { PostgresAdapter, type QueryExecutorProvider } from 'kysely';

/** Whether the database (or a transaction on it) is PostgreSQL rather than SQLite. */
export function isPostgres(db: QueryExecutorProvider): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
