import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';

// What the search's planner reads of the gallery as it stands (search-plan.ts): the kept counters of
// its filters and entries (gallery_counts), and the span of dates taken. Every search reads them; under
// load the same few hundred counters (and common words) come up again and again, so the server holds
// them per gallery version (`VersionedPlannerFacts`) and reads each once a version.

/** A kept counter: its kind and key in gallery_counts. */
export type CounterKey = readonly [kind: string, key: string];

export const counterName = ([kind, key]: CounterKey) => `${kind}:${key}`;

export interface DateSpan {
  first: string | null;
  last: string | null;
}

export interface PlannerFacts {
  /** Each counter's photos by `kind:key`; a counter never kept is 0. */
  counts(keys: readonly CounterKey[]): Promise<Map<string, number>>;
  /** The first and last days taken of the accepted photos. */
  dateSpan(): Promise<DateSpan>;
  /** Another of the plan's reads (a word's matches counted up to a limit), named by what it reads. */
  memo(name: string, read: () => Promise<number>): Promise<number>;
}

async function readCounts(db: DbOrTrx, keys: readonly CounterKey[]): Promise<Map<string, number>> {
  const out = new Map(keys.map((k) => [counterName(k), 0]));
  if (keys.length === 0) return out;
  const byKind = new Map<string, string[]>();
  for (const [kind, key] of keys) byKind.set(kind, [...(byKind.get(kind) ?? []), key]);
  const rows = await db
    .selectFrom('gallery_counts')
    .select(['kind', 'key', 'n'])
    .where((eb) => eb.or([...byKind].map(([kind, list]) => eb.and([eb('kind', '=', kind), eb('key', 'in', list)]))))
    .execute();
  for (const r of rows) out.set(counterName([r.kind, r.key]), Number(r.n));
  return out;
}

async function readDateSpan(db: DbOrTrx): Promise<DateSpan> {
  const { rows } = await sql<DateSpan>`select
    (select min(taken_on) from photos where state = 'accepted') as first,
    (select max(taken_on) from photos where state = 'accepted') as last`.execute(db);
  return { first: rows[0]?.first ?? null, last: rows[0]?.last ?? null };
}

/** The facts read afresh each time, in the caller's own view of the database (a transaction, a test). */
export const plannerFactsOf = (db: DbOrTrx): PlannerFacts => ({
  counts: (keys) => readCounts(db, keys),
  dateSpan: () => readDateSpan(db),
  memo: (_, read) => read(),
});

/**
 * The facts held for one gallery version (it moves whenever a photo joins or leaves the gallery), at
 * most `max` counters. A plan made from a counter read a moment before the version moved may choose a
 * dearer way; its answer is the same, as every way finds the same photos.
 */
export class VersionedPlannerFacts {
  private version = Number.NaN;
  private held = new Map<string, number>();
  private span: Promise<DateSpan> | null = null;
  private memos = new Map<string, Promise<number>>();

  constructor(
    private readonly db: () => DbOrTrx,
    private readonly max = 20_000,
  ) {}

  at(version: number): PlannerFacts {
    if (version !== this.version) {
      this.version = version;
      this.held = new Map();
      this.span = null;
      this.memos = new Map();
    }
    const held = this.held;
    return {
      counts: async (keys) => {
        const missing = keys.filter((k) => !held.has(counterName(k)));
        const read = missing.length > 0 ? await readCounts(this.db(), missing) : new Map<string, number>();
        const out = new Map(keys.map((k) => [counterName(k), read.get(counterName(k)) ?? held.get(counterName(k)) ?? 0]));
        if (held.size + read.size > this.max) held.clear();
        for (const [name, n] of read) held.set(name, n);
        return out;
      },
      dateSpan: () => {
        if (held !== this.held) return readDateSpan(this.db());
        // A failed read is not kept: the next search reads again.
        this.span ??= readDateSpan(this.db()).catch((err: unknown) => {
          this.span = null;
          throw err;
        });
        return this.span;
      },
      memo: (name, read) => {
        const memos = this.memos;
        if (held !== this.held) return read();
        const found = memos.get(name);
        if (found) return found;
        if (memos.size >= this.max) memos.clear();
        const reading = read().catch((err: unknown) => {
          memos.delete(name);
          throw err;
        });
        memos.set(name, reading);
        return reading;
      },
    };
  }
}
