import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { ACCEPTED } from './airframes.repository.js';

// What an airframe keeps of its photos (issue 39): its 首张, and its registration and operator now (for fleets).
// 首张: an airframe's first photo is its accepted photo decided first. The airframe keeps it
// (`first_photo_id`), set again whenever a photo joins or leaves it or leaves the gallery; a photo is
// 首张 when the live airframe it is on keeps it, so a pointer left behind never marks a photo.

/** Sets again the first photo, registration, operator and photo count of one airframe, its row taken first so two acceptances take turns. */
export async function refreshFirst(db: DbOrTrx, airframeId: number): Promise<void> {
  const touched = await db
    .updateTable('airframes')
    .set({ first_photo_id: sql<number | null>`first_photo_id` })
    .where('id', '=', airframeId)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) return;
  const first = await db
    .selectFrom('photos')
    .select('id')
    .where('airframe_id', '=', airframeId)
    .where(ACCEPTED)
    .orderBy('decided_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  // Its registration and operator now: the newest photo's (one without photos keeps a fleet list's); and
  // how many photos it has, taken from when to when.
  const [newest, operated, counted] = await Promise.all([
    db
      .selectFrom('photos')
      .select('registration')
      .where('airframe_id', '=', airframeId)
      .where(ACCEPTED)
      .orderBy('taken_on', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('photos')
      .select('airline_id')
      .where('airframe_id', '=', airframeId)
      .where(ACCEPTED)
      .where('airline_id', 'is not', null)
      .orderBy('taken_on', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('photos')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<string | null>`min(taken_on)`.as('first'),
        sql<string | null>`max(taken_on)`.as('last'),
      ])
      .where('airframe_id', '=', airframeId)
      .where(ACCEPTED)
      .executeTakeFirstOrThrow(),
  ]);
  await db
    .updateTable('airframes')
    .set({
      first_photo_id: first?.id ?? null,
      photo_count: Number(counted.n),
      first_taken_on: counted.first,
      last_taken_on: counted.last,
      ...(newest ? { registration: newest.registration, airline_id: operated?.airline_id ?? null } : {}),
    })
    .where('id', '=', airframeId)
    .execute();
}

/**
 * After these photos joined, left or changed airframes or states: the first photo of each airframe they
 * are on now and of each that kept one of them, in id order (locks taken in one order by every caller).
 */
export async function refreshFirstsAround(db: DbOrTrx, photoIds: number[], left: (number | null)[] = []): Promise<void> {
  if (photoIds.length === 0) return;
  const [on, kept] = await Promise.all([
    db.selectFrom('photos').select('airframe_id').where('id', 'in', photoIds).where('airframe_id', 'is not', null).execute(),
    db.selectFrom('airframes').select('id').where('first_photo_id', 'in', photoIds).execute(),
  ]);
  // `left`: the airframes the photos were taken from (a split's or a placement's), whose newest photo may have gone.
  const ids = new Set([
    ...on.map((r) => r.airframe_id!),
    ...kept.map((r) => r.id),
    ...left.filter((id): id is number => id !== null),
  ]);
  for (const id of [...ids].sort((a, b) => a - b)) await refreshFirst(db, id);
}

/**
 * Whether the photo is 首张 of the live airframe it is on (1, else 0), as a column of the query that reads
 * the photo: a probe by the airframe's key per row, where `firstsAmong` is a statement of its own.
 */
export const isFirstColumn = () =>
  sql<number>`case when exists (select 1 from airframes where airframes.id = photos.airframe_id
    and airframes.first_photo_id = photos.id and airframes.merged_into is null) then 1 else 0 end`.as('is_first');

/** Of these photos, the ids that are 首张 of the airframe each is on: `isFirstColumn` for rows read without it. */
export async function firstsAmong(db: DbOrTrx, photos: { id: number; airframe_id: number | null }[]): Promise<Set<number>> {
  const ids = photos.filter((p) => p.airframe_id !== null).map((p) => p.id);
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('photos').select(['photos.id', isFirstColumn()]).where('photos.id', 'in', ids).execute();
  return new Set(rows.filter((r) => r.is_first === 1).map((r) => r.id));
}

/** How many 首张 a photographer has: accepted photos their airframes keep as first. */
export async function firstsOf(db: DbOrTrx, uploaderId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .innerJoin('airframes', (j) =>
      j.onRef('airframes.first_photo_id', '=', 'photos.id').onRef('airframes.id', '=', 'photos.airframe_id'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('photos.uploader_id', '=', uploaderId)
    .where('photos.state', '=', 'accepted')
    .where('airframes.merged_into', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// The waiting photos that would be 首张: screened first.

/** An accepted photo's aircraft has its first now: the photos waiting with its registration are no candidates. */
export async function clearFirstCandidates(db: DbOrTrx, acceptedId: number): Promise<void> {
  await db
    .updateTable('photos')
    .set({ first_candidate: 0 })
    .where('first_candidate', '=', 1)
    .where('registration_key', '=', (eb) =>
      eb.selectFrom('photos as a').select('a.registration_key').where('a.id', '=', acceptedId),
    )
    .execute();
}
