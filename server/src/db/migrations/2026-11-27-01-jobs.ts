import { sql, type Kysely } from 'kysely';
import { isPostgres, msType, withId } from './helpers.js';

// One durable job runner (issue 35, item 2; jobs/runner.ts). A job is a row: its kind and payload, when
// it may run, how often it was tried and why it last failed, and the lease of the process running it.
// A recurring kind has one row, keyed by its kind, that comes back after each run. A mail is a job.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('jobs'))
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // At most one pending job per key: a recurring kind's row, or work enqueued twice that is one job.
    .addColumn('key', 'varchar(200)', (c) => c.unique())
    .addColumn('run_after', msType, (c) => c.notNull())
    .addColumn('every_ms', msType)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Counts the enqueues that met a pending row of the same key: a run that began before the last one
    // does not delete the row, so the job runs again and sees the latest change.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('lease_until', msType)
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('dead_at', msType)
    .addColumn('created_at', msType, (c) => c.notNull())
    .execute();
  // The claim's walk: due rows in order, the dead left out.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['run_after', 'id']).where(sql.ref('dead_at'), 'is', null).execute();
  // Mails not sent yet become mail jobs; the outbox keeps the mails, the runner their sending.
  const now = Date.now();
  const unsent = await db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
  for (const m of unsent) {
    await db
      .insertInto('jobs')
      .values({ kind: 'mail', payload: JSON.stringify({ mailId: m.id }), key: `mail:${m.id}`, run_after: now, created_at: now })
      .execute();
  }
  // The interval claims of the old scheduler; the start-up import keeps its row in job_runs.
  await db.deleteFrom('job_runs').where('name', '<>', 'reference-import').execute();
  if (isPostgres(db)) await sql`analyze jobs`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
