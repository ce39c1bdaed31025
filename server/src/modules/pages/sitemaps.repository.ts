import { sql } from 'kysely';
import { NO_REGISTRATION } from '../../../../contract/catalogues.js';
import type { DbOrTrx } from '../../db/database.js';
import { ACCEPTED } from '../../db/accepted.js';
import type { StoredRendition } from '../../db/schema.js';
import { fromJson } from '../../db/json.js';

// What the sitemaps list (issue 36): every query a keyset page over an index, so a file of 50,000 URLs
// is read a page at a time and written out as it comes.

/** Accepted photos with ids in (after, upTo], in id order, `limit` at most. */
export async function photosPage(db: DbOrTrx, after: number, upTo: number, limit: number) {
  const rows = await db
    .selectFrom('photos')
    .select(['id', 'decided_at', 'rendition_hash', 'renditions'])
    .where(ACCEPTED)
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    decidedAt: Number(r.decided_at ?? 0),
    renditionHash: r.rendition_hash,
    edges: fromJson<StoredRendition[]>(r.renditions).map((e) => e.edge),
  }));
}

/**
 * The airframes (`airframe_id`) or photographers (`uploader_id`) with accepted photos and ids in
 * (after, upTo], each with its newest acceptance.
 */
export async function thingsPage(db: DbOrTrx, column: 'airframe_id' | 'uploader_id', after: number, upTo: number, limit: number) {
  const rows = await db
    .selectFrom('photos')
    .select([sql<number>`${sql.ref(column)}`.as('id'), (eb) => eb.fn.max('decided_at').as('last')])
    .where(ACCEPTED)
    .where(column, '>', after)
    .where(column, '<=', upTo)
    .groupBy(column)
    .orderBy(column)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), last: Number(r.last ?? 0) }));
}

/** Registrations of accepted photos after `after` (by their key), as written, with their newest acceptance. */
export async function registrationsPage(db: DbOrTrx, after: string, limit: number) {
  const rows = await db
    .selectFrom('photos')
    .select([
      'registration_key',
      (eb) => eb.fn.max('registration').as('registration'),
      (eb) => eb.fn.max('decided_at').as('last'),
    ])
    .where(ACCEPTED)
    .where('registration', '!=', NO_REGISTRATION)
    .where('registration_key', '>', after)
    .groupBy('registration_key')
    .orderBy('registration_key')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ key: r.registration_key, registration: String(r.registration), last: Number(r.last ?? 0) }));
}

/** The registration key `count` keys after `after`, or null when fewer are left: where the next file starts. */
export async function registrationKeyAfter(db: DbOrTrx, after: string, count: number): Promise<string | null> {
  const row = await db
    .selectFrom('photos')
    .select('registration_key')
    .where(ACCEPTED)
    .where('registration', '!=', NO_REGISTRATION)
    .where('registration_key', '>', after)
    .groupBy('registration_key')
    .orderBy('registration_key')
    .offset(count - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.registration_key ?? null;
}

/** The highest ids the id-ranged files must reach, and the newest acceptance of each block of `block` ids. */
export async function blocks(db: DbOrTrx, column: 'id' | 'airframe_id' | 'uploader_id', block: number) {
  const rows = await db
    .selectFrom('photos')
    .select([sql<number>`(${sql.ref(column)} - 1) / ${sql.lit(block)}`.as('n'), (eb) => eb.fn.max('decided_at').as('last')])
    .where(ACCEPTED)
    .where(column, 'is not', null)
    .groupBy(sql`(${sql.ref(column)} - 1) / ${sql.lit(block)}`)
    .execute();
  return rows.map((r) => ({ n: Math.floor(Number(r.n)), last: Number(r.last ?? 0) }));
}

/** The newest acceptance on the site (the home page's and the gallery's lastmod). */
export async function newestAcceptance(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.max('decided_at').as('last'))
    .where(ACCEPTED)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}
