import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { FollowRow } from '../../db/schema.js';
import { ACCEPTED } from '../../db/accepted.js';

const COLUMN = {
  photographer: 'photos.uploader_id',
  registration: 'photos.registration_key',
  airframe: 'photos.airframe_id',
  airline: 'photos.airline_id',
  airport: 'photos.airport_id',
  type: 'photos.aircraft_type_id',
} as const;

/**
 * A page of `/following`: accepted photos that any of `follows` names by its facts, or that a follow
 * brought to the member's inbox (saved searches), newest accepted first, after the cursor; one more
 * than `limit`.
 */
export function followingPage(
  db: DbOrTrx,
  userId: number,
  follows: FollowRow[],
  after: { at: number; id: number } | null,
  limit: number,
) {
  return db
    .selectFrom('photos')
    .selectAll('photos')
    .where(ACCEPTED)
    .where((eb) =>
      eb.or([
        // What saved searches found reached the inbox (a search is not a column to compare).
        ...(follows.some((f) => f.kind === 'search')
          ? [
              eb(
                'photos.id',
                'in',
                eb
                  .selectFrom('notifications')
                  .select('notifications.photo_id')
                  .where('notifications.user_id', '=', userId)
                  .where('notifications.kind', '=', 'followed'),
              ),
            ]
          : []),
        ...Object.entries(COLUMN).flatMap(([kind, column]) => {
          const targets = follows.filter((f) => f.kind === kind).map((f) => f.target);
          if (targets.length === 0) return [];
          return [kind === 'registration' ? eb(column, 'in', targets) : eb(column, 'in', targets.map(Number))];
        }),
      ]),
    )
    .$if(after !== null, (q) => q.where(sql<boolean>`(photos.decided_at, photos.id) < (${after!.at}, ${after!.id})`))
    .orderBy('photos.decided_at', 'desc')
    .orderBy('photos.id', 'desc')
    .limit(limit + 1)
    .execute();
}
