import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { ACCEPTED } from '../../db/accepted.js';

// The public pages of airframes and liveries: what their accepted photos say, one query each.

/** At most this many photos of one airframe are grouped into its periods (the gallery lists them all). */
export const AIRFRAME_PHOTOS_MAX = 5_000;

/** An airframe's accepted photos in the order they were taken: the facts its periods are made of. */
export function timeline(db: DbOrTrx, airframeId: number) {
  return db
    .selectFrom('photos')
    .select(['id', 'registration', 'registration_key', 'airline_id', 'livery_id', 'taken_on', 'uploader_id'])
    .where('airframe_id', '=', airframeId)
    .where(ACCEPTED)
    .orderBy('taken_on')
    .orderBy('id')
    .limit(AIRFRAME_PHOTOS_MAX)
    .execute();
}

export function airframeRows(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('airframes').selectAll().where('id', 'in', ids).execute();
}

/** Per airframe: its accepted photos' count and days, and the newest one (the card's cover and operator). */
export async function airframeStats(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    airframe_id: number;
    n: number;
    first: string;
    last: string;
    newest_id: number;
  }>`select airframe_id, n, first, last, id as newest_id from (
      select airframe_id, id, taken_on,
        count(*) over (partition by airframe_id) as n,
        min(taken_on) over (partition by airframe_id) as first,
        max(taken_on) over (partition by airframe_id) as last,
        row_number() over (partition by airframe_id order by taken_on desc, id desc) as place
      from photos
      where airframe_id in (${sql.join(ids)}) and ${ACCEPTED}
    ) as ranked where place = 1`.execute(db);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** Per airframe, each registration it carried with the last day a photo shows it. */
export function registrationsOf(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('photos')
    .select([
      'airframe_id',
      'registration_key',
      (eb) => eb.fn.max('registration').as('registration'),
      (eb) => eb.fn.max('taken_on').as('last'),
    ])
    .where('airframe_id', 'in', ids)
    .where(ACCEPTED)
    .groupBy(['airframe_id', 'registration_key'])
    .execute();
}

/** Live airframes by the list's filters, newest first (keyset on id); only those with an accepted photo. */
export function listIds(
  db: DbOrTrx,
  f: { registrationKey?: string; msnKey?: string; typeId?: number; modeS?: { hex: string; nNumberKey: string | null } },
  afterId: number | null,
  limit: number,
) {
  return (
    db
      .selectFrom('airframes')
      .select('airframes.id')
      .where('airframes.merged_into', 'is', null)
      // A Mode S address: the aircraft that keep it, and those that carried the N-number it maps to.
      .$if(f.modeS !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('airframes.mode_s', '=', f.modeS!.hex),
            ...(f.modeS!.nNumberKey !== null
              ? [
                  eb(
                    'airframes.id',
                    'in',
                    eb
                      .selectFrom('photos')
                      .select('photos.airframe_id')
                      .where(ACCEPTED)
                      .where('photos.registration_key', '=', f.modeS!.nNumberKey)
                      .$castTo<{ airframe_id: number }>(),
                  ),
                ]
              : []),
          ]),
        ),
      )
      .$if(f.msnKey !== undefined, (q) => q.where('airframes.msn_key', '=', f.msnKey!))
      .$if(f.typeId !== undefined, (q) => q.where('airframes.aircraft_type_id', '=', f.typeId!))
      .where('airframes.id', 'in', (eb) =>
        eb
          .selectFrom('photos')
          .select('photos.airframe_id')
          .where(ACCEPTED)
          .where('photos.airframe_id', 'is not', null)
          .$if(f.registrationKey !== undefined, (q) => q.where('photos.registration_key', '=', f.registrationKey!))
          .$castTo<{ airframe_id: number }>(),
      )
      .$if(afterId !== null, (q) => q.where('airframes.id', '<', afterId!))
      .orderBy('airframes.id', 'desc')
      .limit(limit + 1)
      .execute()
  );
}
