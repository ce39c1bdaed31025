import { AIRFRAME_MESSAGES, msnKey, type AirframeEdit } from '../../../../contract/airframes.js';
import { registrationKey } from '../../../../contract/photos.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle, DbOrTrx } from '../../db/database.js';
import type { EventHub } from '../../events.js';
import type { AuthUser } from '../../http/auth.js';
import type { FieldIssue } from '../../../../contract/errors.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import * as repo from './airframes.repository.js';
import { resolveAirframe, type Resolution } from './resolve.js';

/** How many photos one step of the walk over older photos links (one transaction). */
const LINK_BATCH = 100;
/** The walk's last phase: every older photo looked at. */
const LINK_DONE = 2;

const keyOfMsn = (msn: string | null | undefined) => (msn ? msnKey(msn) || null : null);

/**
 * Airframes (issue 22): a photo is linked to its aircraft when it is accepted (found by MSN,
 * registration, type and date, or made anew), screeners merge, split and edit them, and a claimed job
 * links the photos accepted before airframes existed. Presenting them with their photos is the
 * gallery's (airframe-pages.service.ts).
 */
export class AirframesService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly events: EventHub,
    private readonly audit: AuditService,
  ) {
    // Inside the acceptance's transaction: an accepted photo has its airframe, or is listed for screeners.
    events.on('photo.stateChanged', async ({ trx, photo, to }) => {
      if (to === 'accepted') await this.link(trx, photo.id);
    });
    // An accepted photo whose registration, type or MSN changed was unlinked (photos/facts.ts): found again.
    events.on('photo.factsChanged', async ({ trx, photoIds }) => {
      for (const id of await repo.acceptedUnlinked(trx, photoIds)) await this.link(trx, id);
    });
  }

  private get db() {
    return this.database.db;
  }

  /** The airframe a link to `id` leads to (a merged one leads to the one it was merged into), or null. */
  async liveId(db: DbOrTrx, id: number): Promise<number | null> {
    return (await this.liveRow(db, id))?.id ?? null;
  }

  /** The row of the airframe a link to `id` leads to, or undefined. */
  async liveRow(db: DbOrTrx, id: number) {
    let at: number | null = id;
    for (let hops = 0; at !== null && hops < 20; hops++) {
      const row = await repo.findAirframe(db, at);
      if (!row || row.merged_into === null) return row;
      at = row.merged_into;
    }
    return undefined;
  }

  /** Which airframe facts like these name: one, none yet (a new one), or several (a person decides). */
  async resolve(
    db: DbOrTrx,
    facts: { registration: string; typeId: number | null; msn: string | null; takenOn: string },
  ): Promise<Resolution> {
    const regKey = registrationKey(facts.registration);
    if (regKey === repo.NO_REG_KEY || regKey === '') return { outcome: 'ambiguous', candidateIds: [] };
    const msn = keyOfMsn(facts.msn);
    const typeIcao = facts.typeId ? await repo.typeIcao(db, facts.typeId) : null;
    const [byMsn, byRegistration] = await Promise.all([
      msn ? repo.candidatesByMsn(db, msn) : Promise.resolve([]),
      repo.candidatesByRegistration(db, regKey),
    ]);
    return resolveAirframe({ typeId: facts.typeId, typeIcao, msnKey: msn, takenOn: facts.takenOn }, byMsn, byRegistration);
  }

  /**
   * Links an accepted photo to its airframe inside the caller's transaction: the one it names (or
   * what that one was merged into), else the one its facts resolve to, else a new one; when two
   * aircraft fit and the date cannot tell, it stays unlinked for a screener.
   */
  async link(trx: DbOrTrx, photoId: number): Promise<void> {
    const p = await repo.photoIdentity(trx, photoId);
    if (!p || p.state !== 'accepted' || p.registration_key === repo.NO_REG_KEY) return;
    const now = this.clock.now();
    const msn = keyOfMsn(p.msn);
    const learn = (id: number) => repo.fillUnknown(trx, id, { typeId: p.aircraft_type_id, msn: p.msn, msnKey: msn }, now);
    if (p.airframe_id !== null) {
      const live = await this.claimLive(trx, p.airframe_id, now);
      if (live !== null) {
        if (live !== p.airframe_id) await repo.setPhotoAirframe(trx, photoId, live);
        return learn(live);
      }
    }
    await repo.lockIdentity(trx, this.database.dialect, p.registration_key, msn);
    const r = await this.resolve(trx, {
      registration: p.registration_key,
      typeId: p.aircraft_type_id,
      msn: p.msn,
      takenOn: p.taken_on,
    });
    const live = r.outcome === 'match' ? await this.claimLive(trx, r.airframeId, now) : null;
    if (live !== null) {
      await repo.setPhotoAirframe(trx, photoId, live);
      return learn(live);
    }
    if (r.outcome === 'ambiguous') return repo.setPhotoAirframe(trx, photoId, null);
    const id = await repo.insertAirframe(trx, {
      aircraft_type_id: p.aircraft_type_id,
      msn: p.msn,
      msn_key: msn,
      line_number: null,
      built_year: null,
      created_at: now,
      updated_at: now,
    });
    await repo.setPhotoAirframe(trx, photoId, id);
  }

  /**
   * The live airframe a link leads to, its row touched (and so locked on PostgreSQL until the
   * transaction ends): a merge that committed meanwhile is followed, never linked past.
   */
  private async claimLive(trx: DbOrTrx, id: number, now: number): Promise<number | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const live = await this.liveId(trx, id);
      if (live === null) return null;
      if (await repo.updateLive(trx, live, { updated_at: now })) return live;
    }
    return null;
  }

  /** Field issues for an airframe or livery named in a photo's facts. */
  async checkPhotoRefs(db: DbOrTrx, facts: { airframeId?: number | null; liveryId?: number | null }): Promise<FieldIssue[]> {
    const issues: FieldIssue[] = [];
    if (facts.airframeId && (await this.liveId(db, facts.airframeId)) === null) {
      issues.push({ path: ['airframeId'], message: AIRFRAME_MESSAGES.unknownAirframe });
    }
    if (facts.liveryId && !(await repo.liveryExists(db, facts.liveryId))) {
      issues.push({ path: ['liveryId'], message: AIRFRAME_MESSAGES.unknownLivery });
    }
    return issues;
  }

  /** Accepted photos with a registration that no airframe could be found for, newest first, and how many. */
  async unlinked(limit: number) {
    const [rows, total] = await Promise.all([repo.unlinkedPhotos(this.db, limit), repo.unlinkedCount(this.db)]);
    return { rows, total };
  }

  // ---- screeners' writes (level ≥ 1), each with its audit entry ----

  async edit(id: number, actor: AuthUser, patch: AirframeEdit): Promise<{ message: string; airframeId: number }> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const before = await repo.findAirframe(trx, id);
      const set = {
        ...(patch.aircraftTypeId !== undefined ? { aircraft_type_id: patch.aircraftTypeId } : {}),
        ...(patch.msn !== undefined ? { msn: patch.msn || null, msn_key: keyOfMsn(patch.msn) } : {}),
        ...(patch.lineNumber !== undefined ? { line_number: patch.lineNumber || null } : {}),
        ...(patch.builtYear !== undefined ? { built_year: patch.builtYear } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
      };
      if (patch.aircraftTypeId && !(await repo.typeExists(trx, patch.aircraftTypeId))) {
        throw badRequest('机型不存在', [{ path: ['aircraftTypeId'], message: '机型不存在' }]);
      }
      if (!before || !(await repo.updateLive(trx, id, { ...set, updated_at: now }))) throw notFound(AIRFRAME_MESSAGES.notFound);
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'airframe.edit',
        targetType: 'airframe',
        targetId: id,
        detail: { before: { type: before.aircraft_type_id, msn: before.msn, status: before.status }, patch },
      });
    });
    return { message: AIRFRAME_MESSAGES.saved, airframeId: id };
  }

  /** Every photo of `fromId` moves to `intoId`; links to `fromId` lead there from now on. */
  async merge(fromId: number, intoId: number, actor: AuthUser): Promise<{ message: string; airframeId: number }> {
    if (fromId === intoId)
      throw badRequest(AIRFRAME_MESSAGES.mergeSelf, [{ path: ['intoId'], message: AIRFRAME_MESSAGES.mergeSelf }]);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const from = await repo.findAirframe(trx, fromId);
      if (!from) throw notFound(AIRFRAME_MESSAGES.notFound);
      // Both rows guarded (live) and locked in id order: two merges of the same pair never wait in a circle.
      for (const id of [fromId, intoId].sort((a, b) => a - b)) {
        const set = id === fromId ? { merged_into: intoId, updated_at: now } : { updated_at: now };
        if (!(await repo.updateLive(trx, id, set))) {
          throw id === fromId && from.merged_into !== null ? conflict('该机身已被合并') : notFound(AIRFRAME_MESSAGES.notFound);
        }
      }
      const moved = await repo.movePhotos(trx, fromId, intoId);
      await repo.redirectMerged(trx, fromId, intoId);
      await repo.fillUnknown(trx, intoId, { typeId: from.aircraft_type_id, msn: from.msn, msnKey: from.msn_key }, now);
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'airframe.merge',
        targetType: 'airframe',
        targetId: intoId,
        detail: { from: fromId, into: intoId, photos: moved, fromFacts: { type: from.aircraft_type_id, msn: from.msn } },
      });
      await this.events.publish('photo.factsChanged', { trx, photoIds: moved });
    });
    return { message: AIRFRAME_MESSAGES.merged, airframeId: intoId };
  }

  /** A screener puts accepted photos on this airframe: the ones two aircraft fit, or ones on the wrong one. */
  async place(id: number, photoIds: number[], actor: AuthUser): Promise<{ message: string; airframeId: number }> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.updateLive(trx, id, { updated_at: now }))) throw notFound(AIRFRAME_MESSAGES.notFound);
      const before = await repo.identitiesOf(trx, photoIds);
      // Guarded on the state in the UPDATE: a photo revoked or deleted meanwhile refuses the whole step.
      if (before.length !== photoIds.length || (await repo.placePhotos(trx, photoIds, id)) !== photoIds.length) {
        throw conflict(AIRFRAME_MESSAGES.placeOnlyAccepted);
      }
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'airframe.place',
        targetType: 'airframe',
        targetId: id,
        detail: { photos: before.map((p) => ({ id: p.id, from: p.airframe_id })) },
      });
      await this.events.publish('photo.factsChanged', { trx, photoIds });
    });
    return { message: AIRFRAME_MESSAGES.placed, airframeId: id };
  }

  /** These photos of `id` become an airframe of their own (with the type and MSN they agree on). */
  async split(id: number, photoIds: number[], actor: AuthUser): Promise<{ message: string; airframeId: number }> {
    const now = this.clock.now();
    const newId = await this.db.transaction().execute(async (trx) => {
      if (!(await repo.updateLive(trx, id, { updated_at: now }))) throw notFound(AIRFRAME_MESSAGES.notFound);
      const photos = await repo.identitiesOf(trx, photoIds);
      if (photos.length !== photoIds.length || photos.some((p) => p.airframe_id !== id)) {
        throw badRequest(AIRFRAME_MESSAGES.splitNotHere, [{ path: ['photoIds'], message: AIRFRAME_MESSAGES.splitNotHere }]);
      }
      if ((await repo.photoCountOf(trx, id)) <= photoIds.length) {
        throw badRequest(AIRFRAME_MESSAGES.splitAll, [{ path: ['photoIds'], message: AIRFRAME_MESSAGES.splitAll }]);
      }
      const agreed = <T>(values: T[]) => (new Set(values).size === 1 ? values[0]! : null);
      const msn = agreed(photos.map((p) => p.msn));
      const created = await repo.insertAirframe(trx, {
        aircraft_type_id: agreed(photos.map((p) => p.aircraft_type_id)),
        msn,
        msn_key: keyOfMsn(msn),
        line_number: null,
        built_year: null,
        created_at: now,
        updated_at: now,
      });
      // Guarded on the photos still being here: a merge or another split in between refuses this one.
      if ((await repo.movePhotosOf(trx, photoIds, id, created)) !== photoIds.length) throw conflict('机身刚有变化，请刷新后再试');
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'airframe.split',
        targetType: 'airframe',
        targetId: id,
        detail: { from: id, into: created, photos: photoIds },
      });
      await this.events.publish('photo.factsChanged', { trx, photoIds });
      return created;
    });
    return { message: AIRFRAME_MESSAGES.split, airframeId: newId };
  }

  // ---- photos accepted before airframes existed ----

  /**
   * One step of the walk linking older accepted photos in the order they were taken: first those with
   * an MSN (they say which aircraft they are, so each registration's aircraft are all known), then
   * those without, which join the one aircraft that fits or stay for a screener. The cursor moves in
   * the same transaction as the links, so a process that dies mid-batch leaves the batch to the next
   * step. Answers how many photos it looked at (0: done).
   */
  async linkStep(): Promise<number> {
    if ((await repo.linkProgress(this.db)).phase === LINK_DONE) return 0;
    return this.db.transaction().execute(async (trx) => {
      // A write first: the walk's row is locked (PostgreSQL) and the SQLite transaction is a writer
      // from its start, so two processes never walk one batch and neither reads a stale snapshot.
      await repo.lockLink(trx);
      let progress = await repo.linkProgress(trx);
      while (progress.phase !== LINK_DONE) {
        const after = { takenOn: progress.after_taken_on, id: progress.after_id };
        const rows = await repo.unlinkedAfter(trx, progress.phase === 0, after, LINK_BATCH);
        const last = rows.at(-1);
        if (last) {
          await repo.setLinkProgress(trx, { takenOn: last.taken_on, id: last.id, phase: progress.phase });
          for (const r of rows) await this.link(trx, r.id);
          return rows.length;
        }
        progress = { ...progress, after_taken_on: '', after_id: 0, phase: progress.phase + 1 };
        await repo.setLinkProgress(trx, { takenOn: '', id: 0, phase: progress.phase });
      }
      return 0;
    });
  }

  /** Runs the walk to its end, at most `steps` steps. */
  async linkOlderPhotos(steps: number): Promise<number> {
    let done = 0;
    for (let i = 0; i < steps; i++) {
      const n = await this.linkStep();
      if (n === 0) break;
      done += n;
    }
    return done;
  }
}
