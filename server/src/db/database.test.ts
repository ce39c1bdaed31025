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
