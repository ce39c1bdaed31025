import { sql, type Kysely } from 'kysely';
import { isPostgres, msType } from './helpers.js';

// The public gallery (PRODUCT.md §3.3): every filter and sort of `GET /photos` walks an index over
// accepted photos only (partial indexes), and free text goes through a full-text index of one search
// document per accepted photo.
const ACCEPTED = sql<boolean>`state = 'accepted'`;

export async function up(db: Kysely<any>): Promise<void> {
  const galleryIndex = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('photos').columns(columns).where(ACCEPTED).execute();
  await galleryIndex('photos_gallery_accepted_idx', ['decided_at', 'id']);
  await galleryIndex('photos_gallery_taken_idx', ['taken_on', 'id']);
  await galleryIndex('photos_gallery_views_idx', ['views', 'id']);
  await galleryIndex('photos_gallery_likes_idx', ['likes', 'id']);
  await galleryIndex('photos_gallery_reg_idx', ['registration_key', 'decided_at', 'id']);
  await galleryIndex('photos_gallery_type_idx', ['aircraft_type_id', 'decided_at', 'id']);
  await galleryIndex('photos_gallery_airline_idx', ['airline_id', 'decided_at', 'id']);
  await galleryIndex('photos_gallery_airport_idx', ['airport_id', 'decided_at', 'id']);
  await galleryIndex('photos_gallery_uploader_idx', ['uploader_id', 'decided_at', 'id']);
  await db.schema
    .createIndex('photos_gallery_featured_idx')
    .on('photos')
    .columns(['featured_at', 'id'])
    .where(sql<boolean>`state = 'accepted' and featured_at is not null`)
    .execute();

  // Categories of accepted photos, one row each, for the `cat` filter.
  await db.schema
    .createTable('photo_categories')
    .addColumn('photo_id', 'integer', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_categories_pk', ['category', 'photo_id'])
    .execute();
  await db.schema.createIndex('photo_categories_photo_idx').on('photo_categories').column('photo_id').execute();

  if (isPostgres(db)) {
    await db.schema
      .createTable('photo_search')
      .addColumn('photo_id', 'integer', (c) => c.primaryKey().references('photos.id').onDelete('cascade'))
      .addColumn('doc', sql`tsvector`, (c) => c.notNull())
      .execute();
    await sql`create index photo_search_doc_idx on photo_search using gin (doc)`.execute(db);
  } else {
    // rowid = photo id; the document is pre-tokenised by the server (CJK bigrams, codes, words).
    await sql`create virtual table photo_search using fts5(doc, tokenize = 'unicode61', prefix = '2 3 4')`.execute(db);
  }

  // Bumped whenever what the gallery shows changes, so each process's answer cache knows when to drop.
  await db.schema
    .createTable('gallery_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('gallery_state').values({ id: 1, version: 1 }).execute();

  await db.schema
    .createTable('likes')
    .addColumn('photo_id', 'integer', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', msType, (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['photo_id', 'user_id'])
    .execute();
  await db.schema.createIndex('likes_user_idx').on('likes').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['likes', 'gallery_state', 'photo_search', 'photo_categories']) await db.schema.dropTable(t).execute();
  for (const i of [
    'photos_gallery_accepted_idx',
    'photos_gallery_taken_idx',
    'photos_gallery_views_idx',
    'photos_gallery_likes_idx',
    'photos_gallery_reg_idx',
    'photos_gallery_type_idx',
    'photos_gallery_airline_idx',
    'photos_gallery_airport_idx',
    'photos_gallery_uploader_idx',
    'photos_gallery_featured_idx',
  ]) {
    await db.schema.dropIndex(i).execute();
  }
}
