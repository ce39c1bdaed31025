import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { ACCEPTED } from '../../db/accepted.js';

/** The live airframes with this MSN (compared form), of the type with this ICAO designator when given. */
export async function airframesWithMsn(db: DbOrTrx, msnKey: string, icao: string | null): Promise<number[]> {
  const rows = await db
    .selectFrom('airframes')
    .leftJoin('aircraft_types', 'aircraft_types.id', 'airframes.aircraft_type_id')
    .select('airframes.id')
    .where('airframes.msn_key', '=', msnKey)
    .where('airframes.merged_into', 'is', null)
    .$if(icao !== null, (q) => q.where('aircraft_types.icao', '=', icao!))
    .execute();
  return rows.map((r) => r.id);
}

/** The live airframes that keep this Mode S address, with the registration they fly under now. */
export function airframesWithModeS(db: DbOrTrx, hex: string) {
  return db
    .selectFrom('airframes')
    .select(['id', 'mode_s', 'registration'])
    .where('mode_s', '=', hex)
    .where('merged_into', 'is', null)
    .execute();
}

/** Which photos: of a registration and of airframes (both, or `either` of them). */
export interface PhotoFilter {
  registrationKey: string | null;
  airframeIds: number[] | null;
  either?: boolean;
}

/** Accepted photos of a registration and/or of airframes, newest accepted first, after a keyset cursor. */
export function acceptedPhotos(db: DbOrTrx, f: PhotoFilter, after: { at: number; id: number } | null, limit: number) {
  const both = f.either === true && f.registrationKey !== null && f.airframeIds !== null;
  return db
    .selectFrom('photos')
    .selectAll('photos')
    .where(ACCEPTED)
    .$if(both, (q) =>
      q.where((eb) =>
        eb.or([eb('photos.registration_key', '=', f.registrationKey!), eb('photos.airframe_id', 'in', f.airframeIds!)]),
      ),
    )
    .$if(!both && f.registrationKey !== null, (q) => q.where('photos.registration_key', '=', f.registrationKey!))
    .$if(!both && f.airframeIds !== null, (q) => q.where('photos.airframe_id', 'in', f.airframeIds!))
    .$if(after !== null, (q) => q.where(sql<boolean>`(photos.decided_at, photos.id) < (${after!.at}, ${after!.id})`))
    .orderBy('photos.decided_at', 'desc')
    .orderBy('photos.id', 'desc')
    .limit(limit)
    .execute();
}

export function acceptedPhoto(db: DbOrTrx, id: number) {
  return db.selectFrom('photos').selectAll('photos').where('photos.id', '=', id).where(ACCEPTED).executeTakeFirst();
}
