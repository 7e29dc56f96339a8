import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The one place migrations differ by dialect: an auto-increment integer key is
 * `INTEGER PRIMARY KEY AUTOINCREMENT` on SQLite (64-bit, never reused) and an identity column
 * on PostgreSQL (`integer`, or `bigint` for tables that grow without bound, like messages).
 * Everything else uses Kysely's portable schema builder.
 */
export function withIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** An auto-increment key for tables that outgrow 32 bits (messages): bigint on PostgreSQL. */
export function withBigIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
