import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Shared by frozen migrations: only ever add helpers here, never change what one produces.
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-increment integer primary key on both databases. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch-millisecond columns need 64 bits in PostgreSQL. */
export const msType = 'bigint' as const;
