import type { Kysely } from 'kysely';
import { msType } from './helpers.js';

// Chinese first (issue 21): the reference data carries what Chinese spotters read and type — an
// airport's city and province in Chinese, an airline's short name (国航) and whether it still flies
// (defunct airlines share codes with living ones), an aircraft type's Chinese name where it is not
// the manufacturer's name and the designation (新舟 60, 运-20), and words each entry is also found by
// (full names, designators as people say them), and how prominent an airport or airline is. `reference_imports` remembers which curated data a
// database holds, so a start after the data changed imports it again (edited rows are kept).
// Only added columns: processes of the previous release keep running during a rolling restart.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('airports').addColumn('city_zh', 'text').execute();
  await db.schema.alterTable('airports').addColumn('region_zh', 'text').execute();
  await db.schema.alterTable('airports').addColumn('aliases', 'text').execute();
  // Which of two equally good answers comes first: a large airport before a small one of its city, a
  // flying airline before one that shares its code from the past. An entry added by hand (a member's
  // suggestion, a screener's addition) counts as one with flights (1); the import sets its own.
  for (const table of ['airports', 'airlines']) {
    await db.schema
      .alterTable(table)
      .addColumn('prominence', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema.alterTable('airlines').addColumn('short_zh', 'text').execute();
  await db.schema
    .alterTable('airlines')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('aircraft_types').addColumn('name_zh', 'text').execute();
  await db.schema.alterTable('aircraft_types').addColumn('aliases', 'text').execute();
  await db.schema
    .createTable('reference_imports')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('imported_at', msType, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reference_imports').execute();
  for (const [table, column] of [
    ['aircraft_types', 'aliases'],
    ['aircraft_types', 'name_zh'],
    ['airlines', 'active'],
    ['airlines', 'prominence'],
    ['airports', 'prominence'],
    ['airlines', 'short_zh'],
    ['airports', 'aliases'],
    ['airports', 'region_zh'],
    ['airports', 'city_zh'],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
