import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dependencyOf } from '../shared/errors.js';
import { databaseKinds, freshPostgresUrl } from '../testing/harness.js';
import { openDatabase, sqliteDriver, sqliteFile, type DatabaseHandle, type DbOrTrx } from './database.js';

describe('SQLite shared by two processes', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets a transaction that read first still write when another process writes meanwhile', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-db-'));
    dirs.push(dataDir);
    const handle = openDatabase({ databaseUrl: null, dataDir });
    // The other process: its own connection to the same file, not waiting for a lock.
    const other = new (sqliteDriver())(sqliteFile(dataDir), { timeout: 0 });
    try {
      await sql`create table counter (n integer not null)`.execute(handle.db);
      await sql`insert into counter (n) values (0)`.execute(handle.db);
      let otherWrote: boolean | null = null;
      await handle.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
        // The other process writes between this transaction's read and its write: it must be the
        // one told to wait (refused here, as it does not wait), never this transaction.
        try {
          other.prepare('update counter set n = n + 100').run();
          otherWrote = true;
        } catch (err) {
          expect((err as { code?: string }).code).toBe('SQLITE_BUSY');
          otherWrote = false;
        }
        await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
      });
      expect(otherWrote).toBe(false);
      other.prepare('update counter set n = n + 100').run();
      expect(other.prepare('select n from counter').get()).toEqual({ n: 101 });
    } finally {
      other.close();
      await handle.destroy();
    }
  });
});

describe('the query planner’s statistics on SQLite', () => {
  it('are gathered when the database opens and then hourly by `optimize`, for a table that never had them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-db-'));
    const stats = async (handle: ReturnType<typeof openDatabase>) => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_schema where name = 'sqlite_stat1'`.execute(
        handle.db,
      );
      if (Number(rows[0]!.n) === 0) return [];
      return (await sql<{ idx: string; stat: string }>`select idx, stat from sqlite_stat1 where tbl = 'facts'`.execute(handle.db))
        .rows;
    };
    try {
      const first = openDatabase({ databaseUrl: null, dataDir });
      await sql`create table facts (id integer primary key, kind text not null)`.execute(first.db);
      await sql`create index facts_kind_idx on facts (kind)`.execute(first.db);
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 500)
        insert into facts (kind) select 'k' || (i % 5) from n`.execute(first.db);
      expect(await stats(first)).toEqual([]);
      await first.optimize();
      expect(await stats(first)).toEqual([{ idx: 'facts_kind_idx', stat: '500 100' }]);
      await sql`delete from sqlite_stat1`.execute(first.db);
      await first.destroy();
      // A process starting on the file gathers them at once.
      const next = openDatabase({ databaseUrl: null, dataDir });
      expect(await stats(next)).toEqual([{ idx: 'facts_kind_idx', stat: '500 100' }]);
      await next.destroy();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Issue 34, item 1: a connection that dies while the app holds it (in a transaction, checked out by a
// job, idle in the pool; ended by the server, by pg_terminate_backend or by a network reset) fails what
// was using it as the database being unavailable, the pool replaces it, and the process lives on. Before
// the fix the dead client's 'error' had no listener, and Node ended the process (here: vitest's
// unhandled error).
describe.runIf(databaseKinds().includes('postgres'))('a PostgreSQL connection that dies under the app', () => {
  let target: Awaited<ReturnType<typeof freshPostgresUrl>>;
  let admin: pg.Client;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    target = await freshPostgresUrl();
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterEach(async () => {
    for (const h of handles.splice(0)) await h.destroy();
  });
  afterAll(async () => {
    await admin.end();
    await target.drop();
  });
  const open = (url = target.url) => {
    const handle = openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), dbTimeoutMs: 5_000 });
    handles.push(handle);
    return handle;
  };
  const backendPid = async (db: DbOrTrx) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
  /** Ends a backend from another connection and waits until it is gone. */
  const terminate = async (pid: number) => {
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await expect
      .poll(async () => (await admin.query('select count(*)::int as n from pg_stat_activity where pid = $1', [pid])).rows[0].n)
      .toBe(0);
  };
  /** The dying client has heard its connection close: the next query meets a dead client, not a race. */
  const closed = (db: DbOrTrx) =>
    expect
      .poll(() =>
        sql`select 1`.execute(db).then(
          () => 'open',
          () => 'closed',
        ),
      )
      .toBe('closed');
  const expectDatabaseDown = (err: unknown) => expect(dependencyOf(err), String(err)).toBe('database');
  const works = async (handle: DatabaseHandle) =>
    expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);

  /** What `work` threw (null when it did not): the error a request or a job meets. */
  const failure = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (e: unknown) => e,
    );
  /** Ends the backend `db` is on, waits until its client knows, then asks it again. */
  const endedUnder = async (db: DbOrTrx) => {
    await terminate(await backendPid(db));
    await closed(db);
    await sql`select 1`.execute(db);
  };

  it('in a transaction (pg_terminate_backend): the transaction fails as an outage, the next query gets a new connection', async () => {
    const handle = open();
    expectDatabaseDown(await failure(handle.db.transaction().execute(endedUnder)));
    await works(handle);
  });

  it('checked out by a job between its queries: its work fails as an outage, the pool replaces the client', async () => {
    const handle = open();
    expectDatabaseDown(await failure(handle.db.connection().execute(endedUnder)));
    await works(handle);
  });

  it('idle in the pool: dropped, and the next query opens another', async () => {
    const handle = open();
    const pid = await backendPid(handle.db);
    await terminate(pid);
    // The first queries may still be handed the dying client before the pool has heard of its end (once in
    // a CI run, the second did too, its socket reset): they fail as an outage; then the pool has replaced it.
    for (let i = 0; i < 2; i++) await sql`select 1`.execute(handle.db).catch(expectDatabaseDown);
    await works(handle);
    expect(await backendPid(handle.db)).not.toBe(pid);
  });

  it('in a transaction, cut by a network reset: fails as an outage, then the database is found again', async () => {
    const upstream = new URL(target.url);
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const server = net.connect(Number(upstream.port), upstream.hostname);
      sockets.add(client).add(server);
      client.pipe(server).pipe(client);
      for (const s of [client, server]) s.on('error', () => undefined).on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = new URL(target.url);
      url.port = String((proxy.address() as net.AddressInfo).port);
      const handle = open(url.toString());
      const err = await failure(
        handle.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          for (const s of sockets) s.resetAndDestroy();
          await closed(trx);
          await sql`select 1`.execute(trx);
        }),
      );
      expectDatabaseDown(err);
      await works(handle);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
