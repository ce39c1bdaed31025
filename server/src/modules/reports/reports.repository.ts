import type { ReportTarget } from '../../../../contract/reports.js';
import type { DbOrTrx } from '../../db/database.js';
import type { ReportsTable } from '../../db/schema.js';

export function findOwn(db: DbOrTrx, reporterId: number, type: ReportTarget, targetId: number) {
  return db
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', reporterId)
    .where('target_type', '=', type)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
}

export async function insertReport(
  db: DbOrTrx,
  r: { reporterId: number; type: ReportTarget; targetId: number; reason: string; body: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('reports')
    .values({
      reporter_id: r.reporterId,
      target_type: r.type,
      target_id: r.targetId,
      reason: r.reason,
      body: r.body,
      state: 'open',
      outcome: null,
      created_at: r.now,
      resolved_by: null,
      resolved_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many distinct active members whose accounts were made by `establishedBy` have an open report of the photo. */
export async function establishedReporters(db: DbOrTrx, photoId: number, establishedBy: number): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.reporter_id')
    .select((eb) => eb.fn.count<number>('reports.reporter_id').distinct().as('n'))
    .where('reports.target_type', '=', 'photo')
    .where('reports.target_id', '=', photoId)
    .where('reports.state', '=', 'open')
    .where('users.status', '=', 'active')
    .where('users.created_at', '<=', establishedBy)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Things with open reports, the one reported first first: each with its oldest open report's id, after `afterId`. */
export function openThings(db: DbOrTrx, afterId: number | null, limit: number) {
  return db
    .selectFrom('reports')
    .select((eb) => [eb.fn.min<number>('id').as('id'), 'target_type', 'target_id'])
    .where('state', '=', 'open')
    .groupBy(['target_type', 'target_id'])
    .$if(afterId !== null, (q) => q.having((eb) => eb.fn.min('id'), '>', afterId!))
    .orderBy((eb) => eb.fn.min('id'))
    .limit(limit + 1)
    .execute();
}

export async function countOpenThings(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('reports')
        .select(['target_type', 'target_id'])
        .where('state', '=', 'open')
        .groupBy(['target_type', 'target_id'])
        .as('t'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The open reports of these things, oldest first, with their reporters' names. */
export function openReportsOf(db: DbOrTrx, things: { target_type: string; target_id: number }[]) {
  const ids = things.map((t) => t.target_id);
  return db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.reporter_id')
    .select([
      'reports.id',
      'reports.target_type',
      'reports.target_id',
      'reports.reason',
      'reports.body',
      'reports.created_at',
      'reports.reporter_id',
      'users.username',
    ])
    .where('reports.state', '=', 'open')
    .where('reports.target_id', 'in', ids.length > 0 ? ids : [0])
    .orderBy('reports.id')
    .execute();
}

export function findReport(db: DbOrTrx, id: number) {
  return db.selectFrom('reports').select(['id', 'target_type', 'target_id', 'state']).where('id', '=', id).executeTakeFirst();
}

/**
 * Ends every open report of a thing with one outcome, guarded by `state = 'open'` in the UPDATE: of two
 * screeners deciding at once, one finds them gone. Returns the reports ended, with their reporters.
 */
export function resolveOpen(
  db: DbOrTrx,
  type: ReportTarget,
  targetId: number,
  end: { state: ReportsTable['state']; outcome: string; by: number; now: number },
) {
  return db
    .updateTable('reports')
    .set({ state: end.state, outcome: end.outcome, resolved_by: end.by, resolved_at: end.now })
    .where('target_type', '=', type)
    .where('target_id', '=', targetId)
    .where('state', '=', 'open')
    .returning(['id', 'reporter_id'])
    .execute();
}

/** The reporters whose reports withheld the photo (told again when an appeal puts it back). */
export function withheldBy(db: DbOrTrx, photoId: number) {
  return db
    .selectFrom('reports')
    .select('reporter_id')
    .where('target_type', '=', 'photo')
    .where('target_id', '=', photoId)
    .where('outcome', '=', 'withheld')
    .execute();
}

export function photoTargets(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('photos')
    .innerJoin('users', 'users.id', 'photos.uploader_id')
    .select(['photos.id', 'photos.uploader_id', 'users.username', 'photos.state', 'photos.registration'])
    .where('photos.id', 'in', ids)
    .execute();
}

/** The last step of these photos: a photo hidden by reports has a last step without an actor, to pending. */
export function hiddenByReports(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('screening_events as e')
    .select(['e.photo_id', 'e.created_at'])
    .where('e.photo_id', 'in', ids)
    .where('e.actor_id', 'is', null)
    .where('e.from_state', '=', 'accepted')
    .where('e.to_state', '=', 'pending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('screening_events as later')
            .select('later.id')
            .whereRef('later.photo_id', '=', 'e.photo_id')
            .whereRef('later.id', '>', 'e.id'),
        ),
      ),
    )
    .execute();
}

export function memberTargets(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'username', 'status']).where('id', 'in', ids).execute();
}

export function messageTargets(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.from_user_id')
    .select([
      'messages.id',
      'messages.from_user_id',
      'messages.to_user_id',
      'users.username',
      'messages.body',
      'messages.hidden_at',
    ])
    .where('messages.id', 'in', ids)
    .execute();
}

export async function hideMessage(db: DbOrTrx, id: number, now: number): Promise<void> {
  await db.updateTable('messages').set({ hidden_at: now }).where('id', '=', id).where('hidden_at', 'is', null).execute();
}

/** A photo's whole row; `lock` (PostgreSQL) holds it until the transaction ends, so reports of it are counted one at a time. */
export function photoRow(db: DbOrTrx, id: number, lock: boolean) {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('id', '=', id)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}
