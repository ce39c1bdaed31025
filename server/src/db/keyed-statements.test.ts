import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, freshPostgresUrl } from '../testing/harness.js';
import { openDatabase, type DatabaseHandle, type DbOrTrx } from './database.js';
import { keyedName } from './keyed-statements.js';
import { requestScope } from './request-scope.js';

describe('statements prepared by name', () => {
  it('are those that find rows by their id or an airframe by its first photo, compared with bound values', () => {
    for (const text of [
      'select * from "photos" where "id" = $1 and "state" != $2',
      'select "id", "username" from "users" where "id" in ($1, $2, $3)',
      'select "id", "first_photo_id" from "airframes" where "first_photo_id" in ($1) and "merged_into" is null',
      'select "photos"."id" from "photos" where "photos"."id" = $4',
    ]) {
      expect(keyedName(text), text).toMatch(/^keyed_[0-9a-f]{20}$/);
      expect(keyedName(text), 'the same name each time').toBe(keyedName(text));
    }
  });

  it('leave a statement planned for its values when a filter, not a key, finds its rows', () => {
    for (const text of [
      // A gallery page: ids from a subquery whose plan depends on how common the airline is.
      'select * from "photos" where "photos"."id" in (select "photos"."id" from "photos" where "airline_id" = $1 order by "decided_at" desc limit $2)',
      'select * from "photos" where "uploader_id" = $1 order by "id" desc limit $2',
      'select * from "photos" where "photos"."id" = any(array(select photo_id from photo_search where doc @@ $1))',
      'select * from "photos" where "idx" = $1',
      'update "photos" set "views" = 1 where "grid" = $1',
    ]) {
      expect(keyedName(text), text).toBeUndefined();
    }
  });
});

describe.runIf(databaseKinds().includes('postgres'))('a keyed statement on PostgreSQL', () => {
  let target: Awaited<ReturnType<typeof freshPostgresUrl>>;
  let admin: pg.Client;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    target = await freshPostgresUrl();
    admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query('create table keyed_rows (id int primary key, a int not null)');
    await admin.query('insert into keyed_rows values (1, 10), (2, 20)');
    handle = openDatabase({ databaseUrl: target.url, dataDir: os.tmpdir(), dbTimeoutMs: 5_000 });
  });
  afterAll(async () => {
    await handle.destroy();
    await admin.end();
    await target.drop();
  });
  /** As a request asks: inside the request's scope. */
  const asRequest = <T>(work: () => Promise<T>) => requestScope.run({ jobs: new Set() }, work);
  const row = (db: DbOrTrx, id: number) => sql<Record<string, number>>`select * from "keyed_rows" where "id" = ${id}`.execute(db);
  const prepared = (db: DbOrTrx) =>
    sql<{ statement: string }>`select statement from pg_prepared_statements`
      .execute(db)
      .then((r) => r.rows.map((x) => x.statement));

  it('is prepared once on its connection and answers every value', async () => {
    await handle.db.connection().execute((c) =>
      asRequest(async () => {
        expect((await row(c, 1)).rows).toEqual([{ id: 1, a: 10 }]);
        expect((await row(c, 2)).rows).toEqual([{ id: 2, a: 20 }]);
        expect(await prepared(c)).toEqual(['select * from "keyed_rows" where "id" = $1']);
      }),
    );
  });

  it('outlives a column added under it: prepared again, and never named inside a transaction', async () => {
    await handle.db.connection().execute(async (c) => {
      await asRequest(() => row(c, 1));
      await admin.query('alter table keyed_rows add column b int not null default 5');
      expect((await asRequest(() => row(c, 1))).rows).toEqual([{ id: 1, a: 10, b: 5 }]);
      expect((await asRequest(() => row(c, 2))).rows).toEqual([{ id: 2, a: 20, b: 5 }]);
      // Inside a transaction the statement runs unnamed, so a column added meanwhile fails no write.
      await admin.query('alter table keyed_rows add column c int not null default 6');
      const inside = await asRequest(() =>
        c.transaction().execute(async (trx) => {
          await sql`update keyed_rows set a = a where "id" = ${2}`.execute(trx);
          return row(trx, 2);
        }),
      );
      expect(inside.rows).toEqual([{ id: 2, a: 20, b: 5, c: 6 }]);
      expect(await prepared(c)).toEqual(['select * from "keyed_rows" where "id" = $1']);
      expect((await asRequest(() => row(c, 1))).rows).toEqual([{ id: 1, a: 10, b: 5, c: 6 }]);
    });
  });
});
