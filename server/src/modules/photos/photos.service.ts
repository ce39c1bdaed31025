import type { Readable } from 'node:stream';
import type { PhotoCardItem } from '../../../../contract/gallery.js';
import {
  NO_REGISTRATION,
  PHOTO_MESSAGES,
  registrationKey,
  UPLOAD_LIMITS,
  type PhotoEdit,
  type PhotoResponse,
  type RegistrationLookup,
} from '../../../../contract/photos.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle, DbOrTrx } from '../../db/database.js';
import type { CardRow, PhotoRow } from '../../db/schema.js';
import type { EventHub } from '../../events.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { AirframesService } from '../airframes/airframes.service.js';
import type { LiveriesService } from '../airframes/liveries.service.js';
import { PHOTO_COLUMN, type ReferenceService } from '../reference/reference.service.js';
import { assertTakenOn, changesKeyFact, factChanges, factColumns, requireFactsAgree } from './facts.js';
import type { PhotoLifecycle } from './lifecycle.service.js';
import type { PhotoFiles } from './photo-files.js';
import { loadPresentContext, presentCard, presentPhoto, type PresentContext } from './photos.presenter.js';
import * as repo from './photos.repository.js';
import type { ViewCounter } from './views.js';
import { toJson } from '../../db/json.js';
import { photos as policy } from '../../policies/index.js';

/**
 * A photo as a thing of the site: reading it as each viewer may see it, the owner's edit, withdraw and
 * delete, and what other modules need of photos (the facts they name, the editor's choice). Uploads,
 * files and views have their own classes beside it.
 */
export class PhotosService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly events: EventHub,
    private readonly lifecycle: PhotoLifecycle,
    private readonly files: PhotoFiles,
    private readonly views: ViewCounter,
    private readonly reference: ReferenceService,
    private readonly accounts: AccountsService,
    private readonly airframes: AirframesService,
    private readonly liveries: LiveriesService,
    private readonly imageHost: string,
  ) {
    // A deleted account takes its photos with it (§4.5), inside the deletion's transaction.
    events.on('account.deleted', ({ trx, userId, afterCommit }) => this.takeDownAllOf(trx, userId, afterCommit));
    // A merged duplicate: its photos name the survivor now (and the gallery finds them by it).
    events.on('reference.merged', async ({ trx, kind, fromId, intoId, photosMoved }) => {
      photosMoved(await this.movePhotoReference(trx, PHOTO_COLUMN[kind], fromId, intoId));
    });
  }

  private get db() {
    return this.database.db;
  }

  // ---- presenting ----

  async present(rows: PhotoRow[], viewer: AuthUser | null): Promise<PhotoResponse[]> {
    const ctx = await this.presentContext(rows, true);
    return rows.map((r) => presentPhoto(r, ctx, this.canSeePrivate(r, viewer) ? 'private' : 'public'));
  }

  /** Accepted photos as a gallery's compact cards (`view=card`). */
  async presentCards(rows: CardRow[]): Promise<PhotoCardItem[]> {
    const ctx = await this.presentContext(rows, false);
    return rows.map((r) => presentCard(r, ctx));
  }

  private presentContext(rows: CardRow[], withLiveries: boolean): Promise<PresentContext> {
    const { database, reference, accounts, liveries, imageHost } = this;
    return loadPresentContext({ db: database.db, reference, accounts, liveries, imageHost }, rows, withLiveries);
  }

  /** These photos as this viewer may see them, by id; deleted ones and those hidden from the viewer are left out. */
  async presentByIds(ids: number[], viewer: AuthUser | null): Promise<Map<number, PhotoResponse>> {
    if (ids.length === 0) return new Map();
    const rows = (await repo.findPhotos(this.db, ids)).filter((r) => r.state === 'accepted' || this.canSeePrivate(r, viewer));
    return new Map((await this.present(rows, viewer)).map((p) => [p.id, p]));
  }

  private async presentOne(row: PhotoRow, viewer: AuthUser | null): Promise<PhotoResponse> {
    return (await this.present([row], viewer))[0]!;
  }

  private canSeePrivate = (row: PhotoRow, viewer: AuthUser | null) =>
    policy.maySeeUnpublished(viewer, { uploaderId: row.uploader_id });

  /** The photo if this viewer may see it: accepted for everyone, otherwise owner and level ≥ 1. */
  private async visible(id: number, viewer: AuthUser | null): Promise<PhotoRow> {
    const row = await repo.findPhoto(this.db, id);
    if (!row || (row.state !== 'accepted' && !this.canSeePrivate(row, viewer))) throw notFound(PHOTO_MESSAGES.notFound);
    return row;
  }

  /** The photo page opened by a visitor or a member (or a rendered one's beacon): the one read that counts a view. */
  async open(id: number, viewer: AuthUser | null): Promise<PhotoResponse> {
    const row = await this.visible(id, viewer);
    if (row.state === 'accepted' && viewer?.id !== row.uploader_id) this.views.count(id);
    return this.withLike(await this.presentOne(row, viewer), viewer);
  }

  /** The photo as this viewer may see it, for answers about it (a decision, a revoke): no view counted. */
  async get(id: number, viewer: AuthUser | null): Promise<PhotoResponse> {
    const row = await this.visible(id, viewer);
    return this.withLike(await this.presentOne(row, viewer), viewer);
  }

  private async withLike(photo: PhotoResponse, viewer: AuthUser | null): Promise<PhotoResponse> {
    if (!viewer) return photo;
    return { ...photo, liked: await repo.isLikedBy(this.db, photo.id, viewer.id), can: policy.permissions(viewer, photo) };
  }

  // ---- owner actions ----

  private async owned(id: number, user: AuthUser): Promise<PhotoRow> {
    const row = await repo.findPhoto(this.db, id);
    if (!row || row.uploader_id !== user.id) throw notFound(PHOTO_MESSAGES.notFound);
    return row;
  }

  original(id: number, viewer: AuthUser | null): Promise<Readable> {
    return this.files.original(id, viewer);
  }

  /** Withdraw (the owner takes it back) or delete: the files go once the change has committed. */
  private async remove(id: number, user: AuthUser, action: 'withdraw' | 'delete'): Promise<void> {
    const row = await this.owned(id, user);
    await this.db.transaction().execute((trx) =>
      this.lifecycle.transition(trx, {
        photo: row,
        action,
        actor: user,
        patch: { original_key: null, rendition_hash: null, renditions: toJson([]) },
      }),
    );
    // After the commit: a failure here leaves unreferenced files, never a row without its files.
    await this.files.delete(this.files.keysOf(row));
  }

  /**
   * An account's deletion (§4.5): every photo of the member leaves the gallery and the queues inside
   * the deletion's transaction; their files go after it commits.
   */
  private async takeDownAllOf(trx: DbOrTrx, userId: number, afterCommit: (step: () => Promise<void>) => void): Promise<void> {
    const owner: AuthUser = { id: userId, username: '', level: policy.memberLevel, sessionId: 0 };
    const rows = await repo.liveOf(trx, userId);
    for (const photo of rows) {
      await this.lifecycle.transition(trx, {
        photo,
        action: 'delete',
        actor: owner,
        patch: { original_key: null, rendition_hash: null, renditions: toJson([]) },
      });
    }
    afterCommit(() => this.files.delete(rows.flatMap((r) => this.files.keysOf(r))));
  }

  async withdraw(id: number, user: AuthUser): Promise<{ message: string }> {
    await this.remove(id, user, 'withdraw');
    return { message: PHOTO_MESSAGES.withdrawn };
  }

  async delete(id: number, user: AuthUser): Promise<{ message: string }> {
    await this.remove(id, user, 'delete');
    return { message: PHOTO_MESSAGES.deleted };
  }

  /**
   * The owner's edit. A pending photo takes any change; an accepted one takes changes to the
   * remark and categories as they are, while a change of a key fact (registration, type, airline,
   * airport) sends it back to the screening queue (§3.4) through the lifecycle.
   */
  async edit(id: number, user: AuthUser, patch: PhotoEdit): Promise<{ message: string; photo: PhotoResponse }> {
    const row = await this.owned(id, user);
    if (row.state !== 'pending' && row.state !== 'accepted') throw conflict(PHOTO_MESSAGES.notEditable);
    if (patch.takenOn) assertTakenOn(patch.takenOn, this.clock.now());
    const changes = factChanges(row, patch);
    const after = { ...row, ...factColumns(changes) };
    const issues = await this.checkFactRefs(
      user.id,
      patch,
      changes.airframe_id
        ? {
            airframeId: after.airframe_id ?? null,
            registration: String(after.registration),
            typeId: after.aircraft_type_id ?? null,
            msn: after.msn ?? null,
            takenOn: String(after.taken_on),
          }
        : null,
    );
    if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
    requireFactsAgree(row, changes);
    const columns = factColumns(changes);
    const now = this.clock.now();
    const backToQueue = row.state === 'accepted' && changesKeyFact(changes);
    let message: string = PHOTO_MESSAGES.saved;
    await this.db.transaction().execute(async (trx) => {
      // The same 3-waiting-photos-per-registration rule as an upload (§4.2), for the new registration.
      if (changes.registration && registrationKey(String(changes.registration[1])) !== registrationKey(NO_REGISTRATION)) {
        await this.accounts.lockMember(trx, user.id);
        const sameReg = await repo.countWaitingForRegistration(trx, user.id, registrationKey(String(changes.registration[1])));
        if (sameReg >= UPLOAD_LIMITS.perRegistrationWaiting) {
          throw conflict(PHOTO_MESSAGES.registrationFull, [{ path: ['registration'], message: PHOTO_MESSAGES.registrationFull }]);
        }
      }
      if (backToQueue) {
        await this.lifecycle.transition(trx, {
          photo: row,
          action: 'edit-key-facts',
          actor: user,
          patch: { ...columns, decided_at: null },
          facts: changes,
        });
        message = PHOTO_MESSAGES.backToQueue;
      } else if (Object.keys(columns).length > 0) {
        // No change of state: guarded so that a decision in between is not silently overwritten.
        // A pending photo under a screener's live lock is being decided: its facts wait (409).
        if (!(await repo.updateFacts(trx, id, row.state, { ...columns, updated_at: now }, now)))
          throw conflict(PHOTO_MESSAGES.beingScreened);
        await this.lifecycle.factsChanged(trx, row);
      }
    });
    return { message, photo: await this.presentOne((await repo.findPhoto(this.db, id))!, user) };
  }

  /**
   * Field issues for the reference ids, airframe and livery in facts set for a photo of `uploaderId`;
   * `memberChoice`: the facts a member's own choice of airframe must fit (a screener's is not checked).
   */
  async checkFactRefs(
    uploaderId: number,
    facts: PhotoEdit,
    memberChoice: Parameters<AirframesService['checkMemberChoice']>[1] | null = null,
  ) {
    return [
      ...(await this.reference.checkPhotoRefs(this.db, uploaderId, facts)),
      ...(await this.airframes.checkPhotoRefs(this.db, facts)),
      ...(memberChoice ? await this.airframes.checkMemberChoice(this.db, memberChoice) : []),
    ];
  }

  async lookupRegistration(registration: string): Promise<RegistrationLookup> {
    const row = await repo.latestAcceptedByRegistration(this.db, registrationKey(registration));
    // Typing a new registration is ordinary: an empty answer, not a 404 in every browser console.
    if (!row) return { found: false, registration: registration.toUpperCase(), msn: null, aircraftType: null, airline: null };
    const [photo] = await this.present([row], null);
    return {
      found: true,
      registration: row.registration,
      msn: row.msn,
      aircraftType: photo!.aircraftType,
      airline: photo!.airline,
    };
  }

  // ---- for curation and votes (reference, votes modules) ----

  /** Points every photo naming one reference entry at another; answers how many moved. */
  private async movePhotoReference(trx: DbOrTrx, column: repo.RefColumn, fromId: number, intoId: number): Promise<number> {
    const ids = await repo.moveReference(trx, column, fromId, intoId, this.clock.now());
    await this.events.publish('photo.factsChanged', { trx, photoIds: ids });
    return ids.length;
  }

  photoIdsNaming(trx: DbOrTrx, column: repo.RefColumn, id: number): Promise<number[]> {
    return repo.idsNaming(trx, column, id);
  }

  /** The photo's state and photographer, read inside the caller's transaction. */
  stateAndOwner(
    trx: DbOrTrx,
    photoId: number,
  ): Promise<{ state: string; uploader_id: number; featured_at: number | null } | undefined> {
    return repo.stateAndOwner(trx, photoId);
  }

  /**
   * The editor's choice, guarded in the UPDATE: only an accepted photo not featured yet (false
   * otherwise: a revoke got there first). The gallery shows it, and its filter finds it, at once.
   */
  async feature(trx: DbOrTrx, photoId: number, at: number): Promise<boolean> {
    if (!(await repo.markFeatured(trx, photoId, at))) return false;
    await this.events.publish('photo.factsChanged', { trx, photoIds: [photoId] });
    await this.events.publish('photo.featured', { trx, photoId, at });
    return true;
  }

  /** A member's accepted and decided photos, for the users page. */
  decisionCounts(userId: number) {
    return repo.decisionCounts(this.db, userId);
  }
}
