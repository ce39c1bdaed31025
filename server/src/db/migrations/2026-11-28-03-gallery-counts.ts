import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// Search at a million (issue 37): a search's total was counted on its first page, up to 10,001 matches,
// and a gallery page with one large filter sorted all its photos. The gallery now keeps how many
// accepted photos each single filter finds (`gallery_counts`: every photo, an airline, airport, type,
// photographer, category, the featured), moved by the same job that indexes a photo, and what each
// photo is counted under (`gallery_counted`), so a change is counted as a move and never twice.
// Filled here from the accepted photos as they are.
const FACTS = [
  ['airline', 'airline_id'],
  ['airport', 'airport_id'],
  ['type', 'aircraft_type_id'],
  ['user', 'uploader_id'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gallery_counts')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('key', 'varchar(40)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('gallery_counts_pk', ['kind', 'key'])
    .execute();
  await db.schema
    .createTable('gallery_counted')
    .addColumn('photo_id', 'integer', (c) => c.primaryKey())
    .addColumn('airline_id', 'integer')
    .addColumn('airport_id', 'integer')
    .addColumn('aircraft_type_id', 'integer')
    .addColumn('uploader_id', 'integer', (c) => c.notNull())
    .addColumn('featured', 'integer', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
    .execute();
  await countAcceptedPhotos(db);
}

/** Counts the accepted photos as they are into the empty tables (also the bench's fill, which writes photos directly). */
export async function countAcceptedPhotos(db: Kysely<any>): Promise<void> {
  await sql`insert into gallery_counted (photo_id, airline_id, airport_id, aircraft_type_id, uploader_id, featured, categories)
    select id, airline_id, airport_id, aircraft_type_id, uploader_id, case when featured_at is null then 0 else 1 end, categories
    from photos where state = 'accepted'`.execute(db);
  await sql`insert into gallery_counts (kind, key, n) select 'all', '', count(*) from gallery_counted`.execute(db);
  await sql`insert into gallery_counts (kind, key, n) select 'featured', '', count(*) from gallery_counted where featured = 1`.execute(
    db,
  );
  for (const [kind, column] of FACTS) {
    await sql`insert into gallery_counts (kind, key, n)
      select ${kind}, cast(${sql.ref(column)} as varchar(40)), count(*) from gallery_counted
      where ${sql.ref(column)} is not null group by ${sql.ref(column)}`.execute(db);
  }
  // A photo's categories, each once (as the index keeps them).
  const categories = isPostgres(db)
    ? sql`select distinct photo_id, value from gallery_counted, jsonb_array_elements_text(categories::jsonb)`
    : sql`select distinct photo_id, json_each.value as value from gallery_counted, json_each(gallery_counted.categories)`;
  await sql`insert into gallery_counts (kind, key, n)
    select 'category', value, count(*) from (${categories}) as c group by value`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gallery_counted').execute();
  await db.schema.dropTable('gallery_counts').execute();
}
