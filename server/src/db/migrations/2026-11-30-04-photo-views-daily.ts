import type { Kysely } from 'kysely';

// Statistics (issue 39, item 6): each photo's views per day (the site's day, UTC+8), added by the batch
// writer of views with the photo's total. The day's most viewed are an index read (今日热门).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('photo_views_daily')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('photo_id', 'integer', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_views_daily_pk', ['day', 'photo_id'])
    .execute();
  await db.schema
    .createIndex('photo_views_daily_day_views_idx')
    .on('photo_views_daily')
    .columns(['day', 'views', 'photo_id'])
    .execute();
  await db.schema.createIndex('photo_views_daily_photo_idx').on('photo_views_daily').columns(['photo_id', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photo_views_daily').execute();
}
