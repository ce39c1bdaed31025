import { CompiledQuery } from 'kysely';
import type { DbOrTrx } from '../db/database.js';

// What a query costs, from the database's own account of it, for the suites that show a query reads a
// bounded number of rows (issue 37) or walks the index it should.

type Compilable = { compile(): CompiledQuery };

/** SQLite's plan of a query: one line per step (`SEARCH photos USING INDEX …`). */
export async function sqlitePlan(db: DbOrTrx, query: Compilable): Promise<string[]> {
  const compiled = query.compile();
  const { rows } = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
  );
  return rows.map((r) => r.detail);
}

interface PgNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PgNode[];
}

/** The rows of `table` a query read on PostgreSQL (kept and filtered out alike, as EXPLAIN ANALYZE counts them), and its plan. */
export async function pgRowsRead(db: DbOrTrx, query: Compilable, table: string): Promise<{ rows: number; plan: string }> {
  const compiled = query.compile();
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
    CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const plan = rows[0]!['QUERY PLAN'];
  let read = 0;
  const walk = (node: PgNode) => {
    if (node['Relation Name'] === table)
      read += node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan[0].Plan);
  return { rows: read, plan: JSON.stringify(plan) };
}
