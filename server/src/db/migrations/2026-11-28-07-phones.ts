import type { Kysely } from 'kysely';
import { msType, withId } from './helpers.js';

// Verified phones (issue 38): a member's number (E.164) and when it was confirmed; the codes sent by SMS,
// each stored as a salted SHA-256 with its expiry and tries.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('phone', 'varchar(20)').execute();
  await db.schema.alterTable('users').addColumn('phone_verified_at', msType).execute();
  await db.schema.createIndex('users_phone_idx').on('users').column('phone').execute();
  await withId(db, db.schema.createTable('phone_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('salt', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', msType, (c) => c.notNull())
    .addColumn('expires_at', msType, (c) => c.notNull())
    .addColumn('used_at', msType)
    .execute();
  await db.schema.createIndex('phone_codes_user_idx').on('phone_codes').columns(['user_id', 'phone', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('phone_codes').execute();
  await db.schema.dropIndex('users_phone_idx').execute();
  await db.schema.alterTable('users').dropColumn('phone_verified_at').execute();
  await db.schema.alterTable('users').dropColumn('phone').execute();
}
