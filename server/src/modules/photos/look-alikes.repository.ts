import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';

// An upload's look-alikes (issue 37, ADR 0039): found through the perceptual hash's bands, never by a
// walk of the accepted photos.

/**
 * Perceptual hashes to compare a new upload with: among the accepted photos and the uploader's other
 * live ones, those sharing a band value with it (`probes`, from phash-bands.ts) or its very bytes
 * (`sha256`), each part found through its own index, never a walk of the accepted photos. The accepted
 * photos are read from the bands' covering indexes alone (migration 2026-11-28-05), so their `sha256`
 * is null here; one with the very bytes comes again from the `sha256` part. A photo may come twice.
 */
export function phashCandidatesQuery(db: DbOrTrx, uploaderId: number, probes: string[][], sha256?: string) {
  const inBand = (values: string[], band: number) =>
    sql<boolean>`substr(phash, ${sql.lit(band * 4 + 1)}, 4) in (${sql.join(values)})`;
  const accepted = probes.map((values, band) =>
    db
      .selectFrom('photos')
      .select(['id', 'phash', sql<string | null>`null`.as('sha256')])
      .where(sql<boolean>`state = 'accepted'`)
      .where(inBand(values, band)),
  );
  const own = db
    .selectFrom('photos')
    .select(['id', 'phash', 'sha256'])
    .where('uploader_id', '=', uploaderId)
    .where('state', 'not in', ['accepted', 'withdrawn', 'deleted'])
    .where((eb) => eb.or(probes.map((values, band) => inBand(values, band))));
  const parts = [
    ...accepted.slice(1),
    own,
    ...(sha256 === undefined
      ? []
      : [
          db
            .selectFrom('photos')
            .select(['id', 'phash', 'sha256'])
            .where('sha256', '=', sha256)
            .where((eb) =>
              eb.or([
                eb('state', '=', 'accepted'),
                eb.and([eb('uploader_id', '=', uploaderId), eb('state', 'not in', ['withdrawn', 'deleted'])]),
              ]),
            ),
        ]),
  ];
  return parts.reduce((query, part) => query.unionAll(part), accepted[0]!);
}
