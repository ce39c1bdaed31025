import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../testing/harness.js';
import { plannerFactsOf, VersionedPlannerFacts } from './planner-facts.js';

// Issue 37: every search's plan reads the kept counters of its filters and the span of dates taken.
// The server holds them per gallery version: read once a version, read again once it moves.

describe.each(databaseKinds())('the planner’s facts held per gallery version (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const setCount = (kind: string, key: string, n: number) =>
    sql`insert into gallery_counts (kind, key, n) values (${kind}, ${key}, ${n})
      on conflict (kind, key) do update set n = ${n}`.execute(t.database.db);

  it('reads a counter once a version, a counter never kept as 0, and again when the version moves', async () => {
    await setCount('airline', '7', 120);
    const held = new VersionedPlannerFacts(() => t.database.db);
    const first = await held.at(1).counts([
      ['airline', '7'],
      ['airport', '99'],
    ]);
    expect(Object.fromEntries(first)).toEqual({ 'airline:7': 120, 'airport:99': 0 });
    // The database moves on; the same version's plans still read what they read.
    await setCount('airline', '7', 121);
    await setCount('airport', '99', 5);
    expect(Object.fromEntries(await held.at(1).counts([['airline', '7']]))).toEqual({ 'airline:7': 120 });
    // A counter first asked in this version is read now, beside those held.
    await setCount('type', '3', 40);
    expect(
      Object.fromEntries(
        await held.at(1).counts([
          ['airline', '7'],
          ['type', '3'],
        ]),
      ),
    ).toEqual({ 'airline:7': 120, 'type:3': 40 });
    // The next version reads them all again, as the database has them.
    const next = await held.at(2).counts([
      ['airline', '7'],
      ['airport', '99'],
    ]);
    expect(Object.fromEntries(next)).toEqual({ 'airline:7': 121, 'airport:99': 5 });
    expect(Object.fromEntries(await plannerFactsOf(t.database.db).counts([['airline', '7']]))).toEqual({ 'airline:7': 121 });
  });

  it('keeps no more counters than its limit, and still answers every one asked', async () => {
    const held = new VersionedPlannerFacts(() => t.database.db, 3);
    for (let i = 0; i < 5; i++) await setCount('user', String(i), i * 10);
    const keys = Array.from({ length: 5 }, (_, i) => ['user', String(i)] as const);
    for (const round of [1, 2]) {
      const got = await held.at(1).counts(keys.slice(round - 1, round + 2));
      expect([...got.values()]).toEqual(keys.slice(round - 1, round + 2).map(([, k]) => Number(k) * 10));
    }
  });

  it('reads another of the plan’s reads once a version by its name, and keeps no failure', async () => {
    const held = new VersionedPlannerFacts(() => t.database.db);
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    expect(await held.at(1).memo('words:china', read)).toBe(1);
    expect(await held.at(1).memo('words:china', read)).toBe(1);
    expect(await held.at(1).memo('words:boeing', read)).toBe(2);
    expect(await held.at(2).memo('words:china', read)).toBe(3);
    await expect(held.at(2).memo('words:x', () => Promise.reject(new Error('数据库暂时不可用')))).rejects.toThrow();
    expect(await held.at(2).memo('words:x', read)).toBe(4);
  });

  it('reads the span of dates taken once a version', async () => {
    const held = new VersionedPlannerFacts(() => t.database.db);
    const fresh = await plannerFactsOf(t.database.db).dateSpan();
    expect(await held.at(1).dateSpan()).toEqual(fresh);
    // Held: the same answer, the very same promise, until the version moves.
    const [a, b] = [held.at(1).dateSpan(), held.at(1).dateSpan()];
    expect(a).toBe(b);
    const moved = held.at(2).dateSpan();
    expect(moved).not.toBe(a);
    expect(await Promise.all([a, b, moved])).toEqual([fresh, fresh, fresh]);
  });
});
