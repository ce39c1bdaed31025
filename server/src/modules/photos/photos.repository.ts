import { sql, type ExpressionBuilder, type Updateable } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { Database, NewPhoto, PhotoRow, PhotosTable } from '../../db/schema.js';
import { fromJson, toJson } from '../../db/json.js';
import { COPY_REFUSED_STATES } from '../../../../contract/photos.js';
import { isFirstColumn } from '../airframes/first-photos.js';

type State = PhotosTable['state'];
export const WAITING: State[] = ['pending', 'escalated'];

/** The photo, and whether it is 首张 of its aircraft. */
export function findPhoto(db: DbOrTrx, id: number) {
  return db
    .selectFrom('photos')
    .selectAll('photos')
    .select(isFirstColumn())
    .where('id', '=', id)
    .where('state', '!=', 'deleted')
    .executeTakeFirst();
}

export function findPhotos(db: DbOrTrx, ids: number[]) {
  return db.selectFrom('photos').selectAll().where('id', 'in', ids).where('state', '!=', 'deleted').execute();
}

export async function countWaiting(db: DbOrTrx, userId: number, queue: 'normal' | 'priority'): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uploader_id', '=', userId)
    .where('state', 'in', WAITING)
    .where('queue', '=', queue)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countWaitingForRegistration(db: DbOrTrx, userId: number, registrationKey: string): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uploader_id', '=', userId)
    .where('state', 'in', WAITING)
    .where('registration_key', '=', registrationKey)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPhoto(db: DbOrTrx, photo: NewPhoto): Promise<number> {
  const row = await db.insertInto('photos').values(photo).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Changes facts of a photo still in `state` and not under a live screening lock; false when its state
 * changed meanwhile or a screener is deciding it (they must decide on the facts they see).
 */
export async function updateFacts(
  db: DbOrTrx,
  id: number,
  state: State,
  patch: Omit<Updateable<PhotosTable>, 'state'>,
  now: number,
) {
  const res = await db
    .updateTable('photos')
    .set(patch)
    .where('id', '=', id)
    .where('state', '=', state)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('screening_locks').select('photo_id').where('photo_id', '=', id).where('expires_at', '>=', now))),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Stops a photo in `state` pointing at its files (before they are deleted); false if its state changed. */
export async function clearFiles(db: DbOrTrx, id: number, state: State) {
  const res = await db
    .updateTable('photos')
    .set({ original_key: null, rendition_hash: null, renditions: toJson([]) })
    .where('id', '=', id)
    .where('state', '=', state)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertEvent(
  db: DbOrTrx,
  e: {
    photoId: number;
    actorId: number | null;
    from: string | null;
    to: string;
    reasons?: string[];
    message?: string | null;
    at: number;
  },
): Promise<void> {
  await db
    .insertInto('screening_events')
    .values({
      photo_id: e.photoId,
      actor_id: e.actorId,
      from_state: e.from,
      to_state: e.to,
      reasons: toJson(e.reasons ?? []),
      message: e.message ?? null,
      created_at: e.at,
    })
    .execute();
}

/** The member's own waiting or accepted photo with these very bytes, if any. */
export function ownCopy(db: DbOrTrx, uploaderId: number, sha256: string) {
  return db
    .selectFrom('photos')
    .select(['id', 'state'])
    .where('sha256', '=', sha256)
    .where('uploader_id', '=', uploaderId)
    .where('state', 'in', COPY_REFUSED_STATES)
    .orderBy('id')
    .executeTakeFirst();
}

/** Every photo of a member that is not deleted yet. */
export function liveOf(db: DbOrTrx, userId: number) {
  return db.selectFrom('photos').selectAll().where('uploader_id', '=', userId).where('state', '!=', 'deleted').execute();
}

export function latestAcceptedByRegistration(db: DbOrTrx, registrationKey: string) {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('registration_key', '=', registrationKey)
    .where('state', '=', 'accepted')
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

// ---- upload intents (crash safety of file writes) ----

export async function insertIntent(db: DbOrTrx, keys: string[], now: number, leaseMs: number): Promise<number> {
  const row = await db
    .insertInto('upload_intents')
    .values({ keys: toJson(keys), lease_until: now + leaseMs, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteIntent(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('upload_intents').where('id', '=', id).execute();
}

export function expiredIntents(db: DbOrTrx, now: number) {
  return db.selectFrom('upload_intents').selectAll().where('lease_until', '<', now).limit(100).execute();
}

// ---- admin check (files-check.ts) ----

/** A photo row in any state, deleted ones included. */
export function anyPhoto(db: DbOrTrx, id: number) {
  return db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every photo row that points at files. */
export function photosWithFiles(db: DbOrTrx) {
  return db
    .selectFrom('photos')
    .select(['id', 'state', 'original_key', 'rendition_hash', 'renditions'])
    .where((eb) => eb.or([eb('original_key', 'is not', null), eb('rendition_hash', 'is not', null)]))
    .orderBy('id')
    .execute();
}

/** The files of uploads in progress. */
export async function intentKeys(db: DbOrTrx): Promise<string[]> {
  const rows = await db.selectFrom('upload_intents').select('keys').execute();
  return rows.flatMap((r) => fromJson(r.keys));
}

type FileRefs = Pick<PhotoRow, 'id' | 'original_key' | 'rendition_hash'>;
const sameFiles = (row: FileRefs) => (eb: ExpressionBuilder<Database, 'photos'>) =>
  eb.and([
    eb('id', '=', row.id),
    eb('original_key', row.original_key === null ? 'is' : '=', row.original_key),
    eb('rendition_hash', row.rendition_hash === null ? 'is' : '=', row.rendition_hash),
  ]);

/** The row stops pointing at any file, if it still lists the same files. */
export async function clearFilesIfUnchanged(db: DbOrTrx, row: FileRefs): Promise<boolean> {
  const res = await db
    .updateTable('photos')
    .set({ original_key: null, rendition_hash: null, renditions: toJson([]) })
    .where(sameFiles(row))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The row stops pointing at its original, if it still lists the same files. */
export async function clearOriginalIfUnchanged(db: DbOrTrx, row: FileRefs): Promise<boolean> {
  const res = await db.updateTable('photos').set({ original_key: null }).where(sameFiles(row)).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Rejected photos whose files are due for deletion (30 days after the final rejection). */
export function rejectedWithFilesBefore(db: DbOrTrx, before: number, limit: number) {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('state', '=', 'rejected')
    .where('decided_at', '<', before)
    .where('original_key', 'is not', null)
    .limit(limit)
    .execute();
}

export async function isLikedBy(db: DbOrTrx, photoId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('likes')
    .select('photo_id')
    .where('photo_id', '=', photoId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export type RefColumn = 'airport_id' | 'airline_id' | 'aircraft_type_id';

/** Moves every photo naming `fromId` to `intoId`; answers the ids moved. */
export async function moveReference(
  db: DbOrTrx,
  column: RefColumn,
  fromId: number,
  intoId: number,
  now: number,
): Promise<number[]> {
  const rows = await db
    .updateTable('photos')
    .set({ [column]: intoId, updated_at: now })
    .where(column, '=', fromId)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function idsNaming(db: DbOrTrx, column: RefColumn, id: number): Promise<number[]> {
  return (await db.selectFrom('photos').select('id').where(column, '=', id).execute()).map((r) => r.id);
}

export const stateAndOwner = (db: DbOrTrx, photoId: number) =>
  db.selectFrom('photos').select(['state', 'uploader_id', 'featured_at']).where('id', '=', photoId).executeTakeFirst();

/** Marks an accepted photo featured; false when it is no longer accepted (revoked meanwhile) or already is. */
export async function markFeatured(db: DbOrTrx, photoId: number, at: number): Promise<boolean> {
  const res = await db
    .updateTable('photos')
    .set({ featured_at: at })
    .where('id', '=', photoId)
    .where('state', '=', 'accepted')
    .where('featured_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A member's accepted photos and those decided either way (the users page). */
export function decisionCounts(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('photos')
    .select([
      sql<number>`sum(case when state = 'accepted' then 1 else 0 end)`.as('accepted'),
      sql<number>`sum(case when state in ('accepted', 'rejected') then 1 else 0 end)`.as('decided'),
    ])
    .where('uploader_id', '=', userId)
    .executeTakeFirstOrThrow();
}
