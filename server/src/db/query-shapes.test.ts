import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { QueryShapes } from './query-shapes.js';

// Issue 37: a query shape is compiled once and its values bound anew; a shape whose values do not reach
// the query as they are is never kept, and a key that leaves out a fact the SQL depends on is caught
// wherever answers are checked.

// Compiled only, never run: the tables need not exist.
const db = new Kysely<Record<string, Record<string, string | number>>>({
  dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
});
afterAll(() => db.destroy());

const byAirline = (v: readonly (string | number)[]) =>
  db
    .selectFrom('photos')
    .select('id')
    .where('airline_id', '=', v[0]!)
    .where('state', '=', 'accepted')
    .where('taken_on', '>=', v[1]!)
    .limit(41);

describe('QueryShapes', () => {
  it('compiles a shape once and binds each query’s own values, as a fresh build would', () => {
    const shapes = new QueryShapes(false);
    for (const values of [
      [12, '2020-01-01'],
      [7, '1999-12-31'],
      [12, '2020-01-01'],
    ]) {
      const fresh = byAirline(values).compile();
      const kept = shapes.compile('airline+from', values, byAirline);
      expect(kept.sql).toBe(fresh.sql);
      expect(kept.parameters).toEqual(fresh.parameters);
      expect(kept.parameters).toEqual([values[0], 'accepted', values[1], 41]);
    }
    expect(shapes.size).toEqual({ kept: 1, refused: 0 });
  });

  it('never keeps a shape whose value is changed on its way into the query', () => {
    const shapes = new QueryShapes(false);
    const plusOne = (v: readonly (string | number)[]) =>
      db
        .selectFrom('photos')
        .select('id')
        .limit((v[0] as number) + 1);
    const quoted = (v: readonly (string | number)[]) =>
      db
        .selectFrom('photo_search')
        .select('rowid')
        .where(sql`doc`, 'match', `"${v[0]}"*`);
    const literal = (v: readonly (string | number)[]) => db.selectFrom('photos').select(sql.lit(v[0]).as('x'));
    for (const [key, build, values] of [
      ['limit', plusOne, [40]],
      ['match', quoted, ['b30']],
      ['literal', literal, ['a']],
    ] as const) {
      const kept = shapes.compile(key, values, build);
      expect(kept.sql, key).toBe(build(values).compile().sql);
      expect(kept.parameters, key).toEqual(build(values).compile().parameters);
    }
    expect(shapes.size).toEqual({ kept: 0, refused: 3 });
  });

  it('throws, where it checks, when the key leaves out what the SQL depends on', () => {
    const shapes = new QueryShapes(true);
    const branching = (v: readonly (string | number)[]) =>
      v[0] === 'all' ? db.selectFrom('photos').select('id') : db.selectFrom('photos').select('id').where('state', '=', v[0]!);
    shapes.compile('state', ['accepted'], branching);
    expect(() => shapes.compile('state', ['all'], branching)).toThrow(/compiles otherwise/);
  });
});
