import type { Kysely } from 'kysely';
import { msType, withId } from './helpers.js';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(40)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('suspended_until', msType)
    .addColumn('suspension_reason', 'varchar(500)')
    .addColumn('queue_slots', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('priority_slots', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_status_idx').on('users').columns(['status', 'suspended_until']).execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('expires_at', msType, (c) => c.notNull())
    .addColumn('last_seen_at', msType, (c) => c.notNull())
    .addColumn('revoked_at', msType)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await withId(db, db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('expires_at', msType, (c) => c.notNull())
    .addColumn('used_at', msType)
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', msType, (c) => c.notNull())
    .addColumn('claimed_until', msType)
    .addColumn('sent_at', msType)
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', msType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_id').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('window_start', msType, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('claimed_until', msType, (c) => c.notNull())
    .addColumn('last_run_at', msType)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['job_runs', 'rate_limits', 'audit_log', 'site_settings', 'outbox', 'password_resets', 'sessions', 'users']) {
    await db.schema.dropTable(t).execute();
  }
}
