import { AIRFRAME_MESSAGES } from '../../../../contract/airframes.js';
import { registrationKey } from '../../../../contract/photos.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle, DbOrTrx } from '../../db/database.js';
import { enqueueJob } from '../../db/jobs-queue.js';
import type { EventHub } from '../../events.js';
import type { FieldIssue } from '../../../../contract/errors.js';
import { keyOfMsn } from './airframe-edits.service.js';
import * as linkRepo from './airframe-link.repository.js';
import { clearFirstCandidates, refreshFirstsAround } from './first-photos.js';
import * as repo from './airframes.repository.js';
import * as liveryRepo from './liveries.repository.js';
import { resolveAirframe, type Resolution } from './resolve.js';

/** How many photos one step of the walk over older photos looks at (one transaction each). */
const LINK_BATCH = 100;
/** The walk's last phase: every older photo looked at. */
const LINK_DONE = 2;

/**
 * Airframes (issue 22): a photo is linked to its aircraft when it is accepted (found by MSN,
 * registration, type and date, or made anew), and a claimed job links the photos accepted before
 * airframes existed. Screeners' writes are AirframeEditsService's; presenting airframes with their
 * photos is the pages module's (pages/airframe-pages.service.ts).
 */
export class AirframesService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    events: EventHub,
  ) {
    // A job enqueued in the acceptance's transaction and run by the request after it commits: an accepted
    // photo has its airframe, or is listed for screeners.
    events.on('photo.stateChanged', async ({ trx, photo, from, to, at }) => {
      if (to === 'accepted') await enqueueLink(trx, photo.id, at);
      // A photo leaving the gallery leaves its airframe's 首张 to the next, and its count and dates (the link sets
      // them on the way in); the airframe it was on is refreshed even when the change took the photo off it.
      else if (from === 'accepted') await refreshFirstsAround(trx, [photo.id], [photo.airframe_id]);
    });
    // A merged duplicate type or airline: airframes and liveries name the survivor, as photos do.
    events.on('reference.merged', async ({ trx, kind, fromId, intoId }) => {
      if (kind === 'aircraft_types') await repo.moveType(trx, fromId, intoId);
      if (kind === 'airlines') {
        await liveryRepo.moveAirline(trx, fromId, intoId);
        await repo.moveOperator(trx, fromId, intoId);
      }
    });
    // An accepted photo left without an airframe by a change of its facts is found again.
    events.on('photo.factsChanged', async ({ trx, photoIds }) => {
      for (const id of await linkRepo.acceptedUnlinked(trx, photoIds)) await enqueueLink(trx, id, this.clock.now());
      // Merged, split, placed or unlinked: the airframes they left and joined keep their 首张.
      await refreshFirstsAround(trx, photoIds);
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
  /** The job `airframe.link`: one accepted photo placed on its airframe, in a transaction of its own. */
  async linkPhoto(photoId: number): Promise<void> {
    await this.db.transaction().execute((trx) => this.link(trx, photoId));
  }

  /**
   * Links an accepted photo to its airframe (found, or made anew), which keeps its 首张; the photos
   * waiting with its registration would no longer be the first.
   */
  async link(trx: DbOrTrx, photoId: number): Promise<void> {
    // Waiting photos' rows before any airframe's, the order merges and acceptances take them in.
    await clearFirstCandidates(trx, photoId);
    await this.linkOne(trx, photoId);
    await refreshFirstsAround(trx, [photoId]);
  }

  /**
   * Whether a waiting photo with these facts would be the first of its aircraft (issue 39): no aircraft
   * carried its registration yet, or the one it names or is found to be has no accepted photo.
   */
  async firstCandidate(
    db: DbOrTrx,
    facts: { airframeId: number | null; registration: string; typeId: number | null; msn: string | null; takenOn: string },
  ): Promise<boolean> {
    if (facts.airframeId !== null) return (await this.liveRow(db, facts.airframeId))?.first_photo_id === null;
    const r = await this.resolve(db, facts);
    if (r.outcome === 'new') return true;
    return r.outcome === 'match' && (await repo.findAirframe(db, r.airframeId))?.first_photo_id === null;
  }

  private async linkOne(trx: DbOrTrx, photoId: number): Promise<void> {
    const p = await repo.photoIdentity(trx, photoId);
    if (!p || p.state !== 'accepted') return;
    // A photo without a registration shows no particular aircraft.
    if (p.registration_key === repo.NO_REG_KEY) {
      if (p.airframe_id !== null) await repo.setPhotoAirframe(trx, photoId, null);
      return;
    }
    const now = this.clock.now();
    const msn = keyOfMsn(p.msn);
    const learn = (id: number) =>
      repo.fillUnknown(trx, id, { typeId: p.aircraft_type_id, msn: p.msn, msnKey: msn, modeS: p.mode_s }, now);
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
      mode_s: p.mode_s,
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

  /**
   * A member may name only an aircraft their facts fit (one of those the registration, type, MSN and
   * date resolve to), and none for a photo without a registration; a screener may name any (their
   * correction is the check).
   */
  async checkMemberChoice(
    db: DbOrTrx,
    facts: { airframeId: number | null; registration: string; typeId: number | null; msn: string | null; takenOn: string },
  ): Promise<FieldIssue[]> {
    if (facts.airframeId === null) return [];
    const r = await this.resolve(db, facts);
    const fits = r.outcome === 'match' ? [r.airframeId] : r.outcome === 'ambiguous' ? r.candidateIds : [];
    const live = await this.liveId(db, facts.airframeId);
    return live !== null && fits.includes(live) ? [] : [{ path: ['airframeId'], message: AIRFRAME_MESSAGES.airframeDoesNotFit }];
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
    const [rows, total] = await Promise.all([linkRepo.unlinkedPhotos(this.db, limit), linkRepo.unlinkedCount(this.db)]);
    return { rows, total };
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
    let looked = 0;
    while (looked < LINK_BATCH) {
      if ((await linkRepo.linkProgress(this.db)).phase === LINK_DONE) break;
      // One photo a transaction: its locks (the registration's, the airframe's) are held only for it.
      const step = await this.db.transaction().execute(async (trx): Promise<'photo' | 'phase' | 'done'> => {
        // A write first: the walk's row is locked (PostgreSQL) and the SQLite transaction is a writer
        // from its start, so two processes never take the same photo and neither reads a stale snapshot.
        await linkRepo.lockLink(trx);
        const progress = await linkRepo.linkProgress(trx);
        if (progress.phase === LINK_DONE) return 'done';
        const after = { takenOn: progress.after_taken_on, id: progress.after_id };
        const [next] = await linkRepo.unlinkedAfter(trx, progress.phase === 0, after, 1);
        if (!next) {
          await linkRepo.setLinkProgress(trx, { takenOn: '', id: 0, phase: progress.phase + 1 });
          return 'phase';
        }
        await linkRepo.setLinkProgress(trx, { takenOn: next.taken_on, id: next.id, phase: progress.phase });
        await this.link(trx, next.id);
        return 'photo';
      });
      if (step === 'done') break;
      if (step === 'photo') looked++;
    }
    return looked;
  }

  /** Runs the walk to its end, at most `steps` steps (fewer once `stop` is aborted). */
  async linkOlderPhotos(steps: number, stop?: AbortSignal): Promise<number> {
    let done = 0;
    for (let i = 0; i < steps && !stop?.aborted; i++) {
      const n = await this.linkStep();
      if (n === 0) break;
      done += n;
    }
    return done;
  }
}

/** The job kind that places one accepted photo on its airframe (jobs/kinds.ts). */
export const LINK_JOB = 'airframe.link';

const enqueueLink = (trx: DbOrTrx, photoId: number, now: number) =>
  enqueueJob(trx, LINK_JOB, { photoId }, now, { key: `${LINK_JOB}:${photoId}`, inline: true });
