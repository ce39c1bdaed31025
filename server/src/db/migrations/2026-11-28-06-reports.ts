import type { Kysely } from 'kysely';
import { msType, withId } from './helpers.js';

// 举报 (issue 38): a member's report of a photo, a member or a message they received. One per member per
// thing (the unique key); open until a screener decides, then `upheld` or `dismissed` with the outcome
// the reporter is told. A message a screener hides leaves its recipient's inbox (`messages.hidden_at`).
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('reports'))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('body', 'varchar(1000)', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(10)')
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', msType)
    .execute();
  await db.schema
    .createIndex('reports_reporter_target_idx')
    .unique()
    .on('reports')
    .columns(['reporter_id', 'target_type', 'target_id'])
    .execute();
  // The queue (open reports, oldest thing first) and one thing's open reports.
  await db.schema.createIndex('reports_state_target_idx').on('reports').columns(['state', 'target_type', 'target_id']).execute();
  await db.schema.alterTable('messages').addColumn('hidden_at', msType).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('hidden_at').execute();
  await db.schema.dropTable('reports').execute();
}
