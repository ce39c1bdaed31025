import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type LogEvent,
  type SqliteDatabase,
  type SqliteDialectConfig,
  sql,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { isStalePlan, keyedName } from './keyed-statements.js';
import { requestScope } from './request-scope.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DbOrTrx = Db | Trx;
export type Dialect = 'sqlite' | 'postgres';

/** A row refused by a unique index, on either database. */
export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
};

/** better-sqlite3, loaded when SQLite is used: a PostgreSQL deployment never loads the native module. */
export function sqliteDriver(): typeof BetterSqlite3 {
  return createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
}

// node-postgres returns int8 (bigint, also COUNT(*)) as strings; our values stay well below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * The longest a member waits for the database (issue 34, item 9; ADR 0013): a connection from the pool
 * within 2 s, then each query of the request within 2.5 s, so a frozen server answers 503 in under 5 s
 * instead of 12. Jobs, migrations and the CLI keep the longer statement and read timeouts of
 * DB_TIMEOUT_SECONDS: no member waits on them, and their work may take longer.
 */
export const REQUEST_CONNECTION_WAIT_MS = 2_000;
export const REQUEST_QUERY_WAIT_MS = 2_500;

/**
 * Gives a pooled client a read timeout for the queries made while a request is served. A query that
 * outlives it ends its connection too: the server may be frozen, and the next query on that connection
 * would wait behind the unanswered one; the pool discards the dead client and opens another. Those
 * queries that find rows by key, outside a transaction, are prepared by name (keyed-statements.ts).
 */
function boundRequestQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const bounded = (config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config !== 'string' || callback !== undefined || !requestScope.getStore()) return query(config, values, callback);
    const run = (name?: string) =>
      query({ text: config, query_timeout: REQUEST_QUERY_WAIT_MS, ...(name ? { name } : {}) }, values) as Promise<unknown>;
    const internals = client as unknown as PgInternals;
    // Inside a transaction nothing is named: a statement refused there would end the transaction, and
    // a migration that adds a column (ADR 0004) would fail one write a connection during a rolling restart.
    const name = client.getTransactionStatus() === 'I' ? keyedName(config) : undefined;
    const result = !name
      ? run()
      : run(name).catch(async (err: unknown) => {
          if (!isStalePlan(err)) throw err;
          // Dropped and prepared again with the columns as they are now (no query waits on this
          // client behind it: outside a transaction a client serves one query at a time).
          delete internals.connection.parsedStatements[name];
          await query(`deallocate "${name}"`);
          return run(name);
        });
    result.catch((err: unknown) => {
      if ((err as Error).message === 'Query read timeout') internals.connection.stream.destroy();
    });
    return result;
  };
  client.query = bounded as typeof client.query;
}

interface PgInternals {
  connection: { stream: { destroy(): void }; parsedStatements: Record<string, string> };
}

/** Where the SQLite database of a data folder lives. */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'contrail.sqlite');

/**
 * The page cache of each SQLite connection, 64 MiB (2 MiB by default). At 1M photos the file is 2 GB; a
 * gallery page that walks an index and reads each photo's row paid a system call per page read: walks
 * cost 2.5–4× as much.
 */
export const SQLITE_CACHE_PRAGMA = 'cache_size = -65536';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * Brings the query planner's statistics up to date for tables whose data changed much since they were
   * last gathered (SQLite: `PRAGMA optimize`, quick when nothing did; PostgreSQL's autovacuum does it).
   */
  optimize(): Promise<void>;
  destroy(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  dbTimeoutMs?: number;
  /** Hears every query run (the gallery bench keeps each search's SQL to run it again outside the server). */
  log?: (event: LogEvent) => void;
}

export function openDatabase(opts: OpenOptions): DatabaseHandle {
  const timeout = opts.dbTimeoutMs ?? 10_000;
  if (opts.databaseUrl) {
    // Every wait has a limit: a server that is down refuses at once, but one that is frozen (or a
    // network that drops packets) would hold each request for as long as it lasts. Getting a
    // connection, a statement on the server and its answer on the wire each end with an error the
    // error handler turns into 503.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // A request also waits for a connection; a busy pool or a frozen server answers 503 within this.
      connectionTimeoutMillis: Math.min(Math.ceil(timeout / 2), REQUEST_CONNECTION_WAIT_MS),
      statement_timeout: timeout,
      query_timeout: timeout + 2_000,
    });
    // A connection that dies (server stopped or restarted, pg_terminate_backend, a network reset) makes
    // its client emit 'error', and an 'error' nobody hears ends the process. The pool hears it for idle
    // clients only (it re-emits it as the pool's 'error'); a client checked out by a request or a job,
    // between two of its queries (in a transaction, say), has no listener of the pool's. So every client
    // gets its own from birth: its next query fails as the database being unavailable (503, or the job's
    // retry) and on release the pool discards it, no longer queryable, and opens another when needed.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      boundRequestQueries(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(opts.log ? { log: opts.log } : {}) });
    return { db, dialect: 'postgres', optimize: () => Promise.resolve(), destroy: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const SQLite = sqliteDriver();
  const sqlite = new SQLite(sqliteFile(opts.dataDir));
  // busy_timeout makes a second writer wait instead of failing with SQLITE_BUSY (several processes may
  // share the file: `npm start`'s workers, the CLI); set first, as WAL's first switch takes a lock too.
  // WAL lets readers go on while one writer commits.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(SQLITE_CACHE_PRAGMA);
  // Statistics for the query planner, as SQLite advises for a long-lived connection (then hourly, see
  // jobs/kinds.ts): without them it takes any equality for a rare value (`state = 'accepted'`
  // included). Gathered in full (sampled ones, the default, put 1,640 photos behind each state of 100k)
  // for a table that never had them (1–2 s at 100k photos, once), then only again where a table grew or
  // shrank tenfold.
  sqlite.pragma(`optimize=${OPTIMIZE}`);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: keepingStatements(sqlite) }),
    ...(opts.log ? { log: opts.log } : {}),
  });
  return {
    db,
    dialect: 'sqlite',
    // Through Kysely, so it waits its turn on the connection rather than landing inside a transaction.
    optimize: async () => void (await sql.raw(`pragma optimize=${OPTIMIZE}`).execute(db)),
    destroy: () => db.destroy(),
  };
}

/** `PRAGMA optimize`'s mask: check every table (0x10000), analyse those that need it (0x2), unsampled. */
const OPTIMIZE = 0x10002;

/**
 * Kysely begins SQLite transactions DEFERRED: the first read takes a snapshot and the first write then
 * asks for the write lock. If another process (the CLI, a second server on the same file, a test's own
 * connection) committed in between, SQLite cannot move the snapshot forward and refuses the write at
 * once with SQLITE_BUSY, "database is locked", without waiting out busy_timeout. BEGIN IMMEDIATE takes
 * the write lock first, waiting for it as busy_timeout allows. Within one process nothing changes:
 * Kysely runs one transaction at a time on its one connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * better-sqlite3 as Kysely sees it, with each query's prepared statement kept for the next query of the
 * same SQL: Kysely prepares anew for every query, and under load preparing the same statements again
 * cost about a tenth of the server's CPU. A statement still busy (an iterate() in progress) is not
 * handed out twice; past `max` SQL texts the oldest is let go.
 */
function keepingStatements(sqlite: BetterSqlite3.Database, max = 1_000): SqliteDatabase {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const found = kept.get(sql);
      if (found && !found.busy) {
        kept.delete(sql);
        kept.set(sql, found);
        return found;
      }
      const stmt = sqlite.prepare(sql);
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
      kept.set(sql, stmt);
      return stmt;
    },
  };
}
