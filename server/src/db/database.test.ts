import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, sqliteDriver, sqliteFile } from './database.js';

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
