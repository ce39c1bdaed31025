import { sql, type Insertable, type Updateable } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { ACCEPTED } from '../../db/accepted.js';
import { CARD_COLUMNS, type CollectionsTable } from '../../db/schema.js';

// 收藏: collections and the photos in them. Every read of photos keeps to those still in the gallery.

export type CollectionRow = Awaited<ReturnType<typeof collectionsOf>>[number];

const COLUMNS = [
  'collections.id',
  'collections.user_id',
  'collections.name',
  'collections.description',
  'collections.public',
  'collections.updated_at',
] as const;

/** A member's collections, the newest first; only public ones unless `all`. */
export function collectionsOf(db: DbOrTrx, userId: number, all: boolean) {
  return db
    .selectFrom('collections')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .$if(!all, (q) => q.where('public', '=', 1))
    .orderBy('id', 'desc')
    .execute();
}

export function findCollection(db: DbOrTrx, id: number) {
  return db.selectFrom('collections').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** How many of its photos each collection has in the gallery, and the one added last (its cover). */
export async function contentsOf(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { count: number; cover: number | null }>();
  const counts = await db
    .selectFrom('collection_photos')
    .innerJoin('photos', 'photos.id', 'collection_photos.photo_id')
    .select(['collection_photos.collection_id', sql<number>`count(*)`.as('n'), sql<number>`max(collection_photos.id)`.as('last')])
    .where('collection_photos.collection_id', 'in', ids)
    .where(ACCEPTED)
    .groupBy('collection_photos.collection_id')
    .execute();
  const last = counts.map((c) => Number(c.last));
  const covers = last.length
    ? await db.selectFrom('collection_photos').select(['collection_id', 'photo_id']).where('id', 'in', last).execute()
    : [];
  const coverOf = new Map(covers.map((c) => [c.collection_id, c.photo_id]));
  return new Map(counts.map((c) => [c.collection_id, { count: Number(c.n), cover: coverOf.get(c.collection_id) ?? null }]));
}

/** Which of these collections hold the photo. */
export async function holding(db: DbOrTrx, ids: number[], photoId: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('collection_photos')
    .select('collection_id')
    .where('collection_id', 'in', ids)
    .where('photo_id', '=', photoId)
    .execute();
  return new Set(rows.map((r) => r.collection_id));
}

/** A page of a collection's photos in the gallery, the one added last first, after the row `after`. */
export function photosOf(db: DbOrTrx, collectionId: number, after: number | null, limit: number) {
  return db
    .selectFrom('collection_photos')
    .innerJoin('photos', 'photos.id', 'collection_photos.photo_id')
    .select([
      ...CARD_COLUMNS.map((c) => `photos.${c}` as const),
      'collection_photos.id as entry_id',
      'collection_photos.added_at',
    ])
    .where('collection_photos.collection_id', '=', collectionId)
    .where(ACCEPTED)
    .$if(after !== null, (q) => q.where('collection_photos.id', '<', after!))
    .orderBy('collection_photos.id', 'desc')
    .limit(limit)
    .execute();
}

export function cardRows(db: DbOrTrx, photoIds: number[]) {
  if (photoIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('photos').select(CARD_COLUMNS).where('id', 'in', photoIds).execute();
}

export async function countCollections(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('collections')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Its photos still in the gallery: the ones its owner sees and can take out. */
export async function countPhotos(db: DbOrTrx, collectionId: number): Promise<number> {
  const row = await db
    .selectFrom('collection_photos')
    .innerJoin('photos', 'photos.id', 'collection_photos.photo_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('collection_photos.collection_id', '=', collectionId)
    .where(ACCEPTED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The collection's row, locked for a change to its photos; undefined when it is not the member's. */
export function ownCollectionForUpdate(db: DbOrTrx, id: number, userId: number, lock: boolean) {
  return db
    .selectFrom('collections')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function isInGallery(db: DbOrTrx, photoId: number): Promise<boolean> {
  const row = await db.selectFrom('photos').select('id').where('id', '=', photoId).where(ACCEPTED).executeTakeFirst();
  return row !== undefined;
}

export async function memberStatus(db: DbOrTrx, userId: number) {
  return (await db.selectFrom('users').select(['status', 'username']).where('id', '=', userId).executeTakeFirst()) ?? null;
}

export async function insertCollection(db: DbOrTrx, row: Insertable<CollectionsTable>): Promise<number> {
  return (await db.insertInto('collections').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Changes one of the member's own collections; false when it is not theirs or gone. */
export async function updateCollection(
  db: DbOrTrx,
  id: number,
  userId: number,
  set: Updateable<CollectionsTable>,
): Promise<boolean> {
  const res = await db.updateTable('collections').set(set).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteCollection(db: DbOrTrx, id: number, userId: number): Promise<boolean> {
  const res = await db.deleteFrom('collections').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Puts the photo in the collection unless it is there; whether it was put. */
export async function insertPhoto(db: DbOrTrx, collectionId: number, photoId: number, now: number): Promise<boolean> {
  const added = await db
    .insertInto('collection_photos')
    .values({ collection_id: collectionId, photo_id: photoId, added_at: now })
    .onConflict((oc) => oc.columns(['collection_id', 'photo_id']).doNothing())
    .returning('id')
    .execute();
  return added.length > 0;
}

export async function deletePhoto(db: DbOrTrx, collectionId: number, photoId: number): Promise<void> {
  await db.deleteFrom('collection_photos').where('collection_id', '=', collectionId).where('photo_id', '=', photoId).execute();
}

export async function deleteCollectionsOf(db: DbOrTrx, userId: number): Promise<void> {
  await db.deleteFrom('collections').where('user_id', '=', userId).execute();
}
