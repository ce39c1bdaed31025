import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { Readable } from 'node:stream';
import { LEVELS } from '../../../../contract/limits.js';
import {
  NO_REGISTRATION,
  PHOTO_MESSAGES,
  REJECT_REASONS,
  registrationKey,
  UPLOAD_LIMITS,
  type PhotoChecks,
  type PhotoEdit,
  type PhotoMeta,
  type PhotoResponse,
  type RegistrationLookup,
  type RejectQueueResponse,
  type UploadQueueResponse,
} from '../../../../contract/photos.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle, DbOrTrx } from '../../db/database.js';
import type { Updateable } from 'kysely';
import type { PhotoRow, PhotosTable } from '../../db/schema.js';
import { badRequest, conflict, notFound, RetryLaterError } from '../../http/errors.js';
import { adviceFor, hammingDistance } from '../../../../contract/image-analysis.js';
import { Gate } from '../../media/gate.js';
import { processJpeg } from '../../media/image-processor.js';
import type { PhotoStorage } from '../../media/storage.js';
import type { AuthUser } from '../../http/auth.js';
import type { AccountsService, QueueSlots } from '../accounts/accounts.service.js';
import type { PhotoLifecycle } from '../screening/lifecycle.service.js';
import { SCREENING_LIMITS } from '../../../../contract/screening.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { presentPhoto, renditionKey, type PresentContext, type StoredRendition } from './photos.presenter.js';
import * as repo from './photos.repository.js';

const DAY = 86_400_000;
const DUPLICATE_DISTANCE = 6;

/** Facts whose change sends an accepted photo back to screening (PRODUCT.md §3.4). */
const KEY_FACTS = ['registration', 'aircraft_type_id', 'airline_id', 'airport_id', 'in_flight'] as const;

type FactColumn =
  | 'registration'
  | 'msn'
  | 'aircraft_type_id'
  | 'airline_id'
  | 'airport_id'
  | 'in_flight'
  | 'taken_on'
  | 'categories'
  | 'remark'
  | 'message_to_screener';

/** The columns an edit really changes, each as [before, after]; unchanged fields are left out. */
export function factChanges(row: PhotoRow, patch: PhotoEdit): Partial<Record<FactColumn, [unknown, unknown]>> {
  const inFlight = patch.inFlight ?? row.in_flight === 1;
  const wanted: Partial<Record<FactColumn, unknown>> = {
    ...(patch.registration !== undefined ? { registration: patch.registration } : {}),
    ...(patch.msn !== undefined ? { msn: patch.msn || null } : {}),
    ...(patch.aircraftTypeId !== undefined ? { aircraft_type_id: patch.aircraftTypeId } : {}),
    ...(patch.airlineId !== undefined ? { airline_id: patch.airlineId } : {}),
    ...(patch.airportId !== undefined || inFlight ? { airport_id: inFlight ? null : patch.airportId } : {}),
    ...(patch.inFlight !== undefined ? { in_flight: inFlight ? 1 : 0 } : {}),
    ...(patch.takenOn !== undefined ? { taken_on: patch.takenOn } : {}),
    ...(patch.categories !== undefined ? { categories: JSON.stringify(patch.categories) } : {}),
    ...(patch.remark !== undefined ? { remark: patch.remark || null } : {}),
    ...(patch.messageToScreener !== undefined ? { message_to_screener: patch.messageToScreener || null } : {}),
  };
  const changes: Partial<Record<FactColumn, [unknown, unknown]>> = {};
  for (const [key, after] of Object.entries(wanted) as [FactColumn, unknown][]) {
    if (after !== undefined && row[key] !== after) changes[key] = [row[key], after];
  }
  return changes;
}

export interface PhotosOptions {
  imageHost: string;
  /** How long an upload may take between writing its files and committing its row. */
  uploadLeaseMs: number;
  /** Uploads one member may have in flight in one process; a further one is refused with 429. */
  uploadsPerMember: number;
  /** Uploads that may wait for a decode slot in one process; a further one is refused with 503. */
  decodeQueue: number;
}

export class PhotosService {
  // Decoding is CPU- and memory-bound: about one at a time per core, a short line behind them, and
  // a clear 503 beyond, rather than every upload decoding at once (PRODUCT.md §5.1 bounds each).
  private readonly decodes: Gate;
  private readonly uploadsInFlight = new Map<number, number>();
  private readonly pendingViews = new Map<number, number>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly storage: PhotoStorage,
    private readonly reference: ReferenceService,
    private readonly accounts: AccountsService,
    private readonly lifecycle: PhotoLifecycle,
    private readonly opts: PhotosOptions,
  ) {
    this.decodes = new Gate(os.availableParallelism(), opts.decodeQueue, PHOTO_MESSAGES.busy);
  }

  private get db() {
    return this.database.db;
  }

  // ---- presenting ----

  async present(rows: PhotoRow[], viewer: AuthUser | null): Promise<PhotoResponse[]> {
    const ids = (pick: (r: PhotoRow) => number | null) => [...new Set(rows.map(pick).filter((v): v is number => v !== null))];
    const [refs, usernames] = await Promise.all([
      this.reference.summaries({
        types: ids((r) => r.aircraft_type_id),
        airlines: ids((r) => r.airline_id),
        airports: ids((r) => r.airport_id),
      }),
      this.accounts.usernames(ids((r) => r.uploader_id)),
    ]);
    const ctx: PresentContext = { imageHost: this.opts.imageHost, ...refs, usernames };
    return rows.map((r) => presentPhoto(r, ctx, this.canSeePrivate(r, viewer) ? 'private' : 'public'));
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

  private canSeePrivate(row: PhotoRow, viewer: AuthUser | null): boolean {
    return !!viewer && (viewer.id === row.uploader_id || viewer.level >= LEVELS.screener);
  }

  /** The photo if this viewer may see it: accepted for everyone, otherwise owner and level ≥ 1. */
  private async visible(id: number, viewer: AuthUser | null): Promise<PhotoRow> {
    const row = await repo.findPhoto(this.db, id);
    if (!row || (row.state !== 'accepted' && !this.canSeePrivate(row, viewer))) throw notFound('图片不存在');
    return row;
  }

  /** The photo page opened by a visitor or a member: the one read that counts a view. */
  async open(id: number, viewer: AuthUser | null): Promise<PhotoResponse> {
    const row = await this.visible(id, viewer);
    if (row.state === 'accepted') this.countView(id, viewer, row);
    return this.withLike(await this.presentOne(row, viewer), viewer);
  }

  /** The photo as this viewer may see it, for answers about it (a decision, a revoke): no view counted. */
  async get(id: number, viewer: AuthUser | null): Promise<PhotoResponse> {
    const row = await this.visible(id, viewer);
    return this.withLike(await this.presentOne(row, viewer), viewer);
  }

  private async withLike(photo: PhotoResponse, viewer: AuthUser | null): Promise<PhotoResponse> {
    return viewer ? { ...photo, liked: await repo.isLikedBy(this.db, photo.id, viewer.id) } : photo;
  }

  /**
   * A public view of a photo page: counted in memory and written in one batch per photo by
   * `flushViews` (every few seconds), so a busy photo costs no write per request.
   */
  countView(id: number, viewer: AuthUser | null, row: { uploader_id: number }): void {
    if (viewer?.id === row.uploader_id) return;
    this.pendingViews.set(id, (this.pendingViews.get(id) ?? 0) + 1);
  }

  async flushViews(): Promise<void> {
    const batch = [...this.pendingViews];
    this.pendingViews.clear();
    for (const [id, n] of batch) await repo.addViews(this.db, id, n);
  }

  async original(id: number, viewer: AuthUser | null): Promise<Readable> {
    const row = await repo.findPhoto(this.db, id);
    // Originals are never public, not even for accepted photos (PRODUCT.md §7).
    if (!row || !this.canSeePrivate(row, viewer) || !row.original_key) throw notFound('图片不存在');
    const stream = await this.storage.get(row.original_key);
    if (!stream) throw notFound('图片不存在');
    return stream;
  }

  // ---- upload ----

  /** Takes one of the member's upload slots in this process; the returned function gives it back. */
  beginUpload(userId: number): () => void {
    const n = this.uploadsInFlight.get(userId) ?? 0;
    if (n >= this.opts.uploadsPerMember) throw new RetryLaterError(429, PHOTO_MESSAGES.uploadsInFlight, 10);
    this.uploadsInFlight.set(userId, n + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.uploadsInFlight.get(userId) ?? 1) - 1;
      if (left > 0) this.uploadsInFlight.set(userId, left);
      else this.uploadsInFlight.delete(userId);
    };
  }

  /** The most decodes seen running at once in this process. */
  get peakDecodes(): number {
    return this.decodes.peak;
  }

  private async checkQuota(db: DbOrTrx, user: AuthUser, meta: PhotoMeta, regKey: string, slots: QueueSlots) {
    const used = await repo.countWaiting(db, user.id, meta.queue);
    if (used >= slots[meta.queue])
      throw conflict(PHOTO_MESSAGES.queueFull, [{ path: ['queue'], message: PHOTO_MESSAGES.queueFull }]);
    if (regKey !== registrationKey(NO_REGISTRATION)) {
      const sameReg = await repo.countWaitingForRegistration(db, user.id, regKey);
      if (sameReg >= UPLOAD_LIMITS.perRegistrationWaiting) {
        throw conflict(PHOTO_MESSAGES.registrationFull, [{ path: ['registration'], message: PHOTO_MESSAGES.registrationFull }]);
      }
    }
  }

  private assertDate(takenOn: string): void {
    const d = Date.parse(`${takenOn}T00:00:00Z`);
    // A day's grace: the camera's local date may be ahead of UTC.
    if (Number.isNaN(d) || d > this.clock.now() + DAY || takenOn < '1903-12-17') {
      throw badRequest(PHOTO_MESSAGES.futureDate, [{ path: ['takenOn'], message: PHOTO_MESSAGES.futureDate }]);
    }
  }

  async upload(user: AuthUser, file: string, meta: PhotoMeta): Promise<{ message: string; photo: PhotoResponse }> {
    const regKey = registrationKey(meta.registration);
    this.assertDate(meta.takenOn);
    const issues = await this.reference.checkPhotoRefs(this.db, user.id, meta);
    if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
    // Fail fast before the expensive part; the binding check runs again inside the transaction.
    await this.checkQuota(this.db, user, meta, regKey, await this.accounts.slots(user.id));

    const image = await this.decodes.run(() => processJpeg(file, meta.watermark));
    const duplicates = await this.findDuplicates(user, image.phash);
    const checks: PhotoChecks = { ...image.analysis, duplicates, advice: adviceFor(image.analysis, duplicates) };

    const now = this.clock.now();
    const renditionHash = createHash('sha256')
      .update(image.sha256)
      .update(JSON.stringify(meta.watermark))
      .update(randomBytes(8))
      .digest('hex')
      .slice(0, 20);
    const originalKey = `originals/${image.sha256.slice(0, 2)}/${randomUUID()}.jpg`;
    const renditionKeys = image.renditions.map((r) => renditionKey(renditionHash, r.edge));
    const keys = [originalKey, ...renditionKeys];

    // Files first, row last: a row never points at a missing file. The intent row records the
    // files until the photo row commits, so a crash in between leaves nothing behind (sweepUploads).
    const intentId = await repo.insertIntent(this.db, keys, now, this.opts.uploadLeaseMs);
    let committed: number;
    try {
      await Promise.all([
        this.storage.put(originalKey, await fs.promises.readFile(file), 'image/jpeg'),
        ...image.renditions.map((r, i) => this.storage.put(renditionKeys[i]!, r.data, 'image/webp')),
      ]);
      const id = await this.db.transaction().execute(async (trx) => {
        // Locks the member's row on PostgreSQL: one member's uploads commit one at a time.
        const slots = await this.accounts.slotsForUpdate(trx, user.id);
        await this.checkQuota(trx, user, meta, regKey, slots);
        const photoId = await repo.insertPhoto(trx, {
          uploader_id: user.id,
          state: 'pending',
          queue: meta.queue,
          registration: meta.registration,
          registration_key: regKey,
          msn: meta.msn || null,
          aircraft_type_id: meta.aircraftTypeId,
          airline_id: meta.airlineId ?? null,
          airport_id: meta.inFlight ? null : (meta.airportId ?? null),
          in_flight: meta.inFlight ? 1 : 0,
          taken_on: meta.takenOn,
          categories: JSON.stringify(meta.categories),
          remark: meta.remark || null,
          message_to_screener: meta.messageToScreener || null,
          watermark: meta.watermark ? JSON.stringify(meta.watermark) : null,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          sha256: image.sha256,
          phash: image.phash,
          thumbhash: image.thumbhash,
          exif: JSON.stringify(image.exif),
          checks: JSON.stringify(checks),
          original_key: originalKey,
          rendition_hash: renditionHash,
          renditions: JSON.stringify(
            image.renditions.map(({ edge, width, height }): StoredRendition => ({ edge, width, height })),
          ),
          created_at: now,
          updated_at: now,
          decided_at: null,
          featured_at: null,
        });
        await repo.insertEvent(trx, { photoId, actorId: user.id, from: null, to: 'pending', at: now });
        await repo.deleteIntent(trx, intentId);
        return photoId;
      });
      committed = id;
    } catch (err) {
      await this.deleteFiles(keys);
      await repo.deleteIntent(this.db, intentId).catch(() => undefined);
      throw err;
    }
    // After the commit the row owns the files: nothing that fails from here may delete them.
    const row = (await repo.findPhoto(this.db, committed))!;
    return { message: PHOTO_MESSAGES.uploaded, photo: await this.presentOne(row, user) };
  }

  /** The uploader's live photos and accepted photos that look the same (perceptual hash). */
  async findDuplicates(user: AuthUser, phash: string): Promise<PhotoChecks['duplicates']> {
    const candidates = await repo.phashCandidates(this.db, user.id);
    return candidates
      .map((c) => ({ photoId: c.id, distance: hammingDistance(c.phash, phash) }))
      .filter((c) => c.distance <= DUPLICATE_DISTANCE)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, 5);
  }

  private async deleteFiles(keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => this.storage.delete(k).catch(() => undefined)));
  }

  private keysOf(row: PhotoRow): string[] {
    const renditions = row.rendition_hash
      ? (JSON.parse(row.renditions) as StoredRendition[]).map((r) => renditionKey(row.rendition_hash!, r.edge))
      : [];
    return [...(row.original_key ? [row.original_key] : []), ...renditions];
  }

  /** Deletes the files of uploads that died between writing files and committing their row. */
  async sweepUploads(): Promise<number> {
    const intents = await repo.expiredIntents(this.db, this.clock.now());
    for (const intent of intents) {
      await this.deleteFiles(JSON.parse(intent.keys) as string[]);
      await repo.deleteIntent(this.db, intent.id);
    }
    return intents.length;
  }

  /**
   * Deletes the image files of photos rejected more than 30 days ago (§4.5); the row and its facts
   * stay. The row stops pointing at the files before they go, so it never points at a missing file.
   */
  async purgeRejected(): Promise<number> {
    const rows = await repo.rejectedWithFilesBefore(this.db, this.clock.now() - 30 * DAY, 50);
    for (const row of rows) {
      const cleared = await repo.clearFiles(this.db, row.id, 'rejected');
      if (cleared) await this.deleteFiles(this.keysOf(row));
    }
    return rows.length;
  }

  // ---- owner actions ----

  private async owned(id: number, user: AuthUser): Promise<PhotoRow> {
    const row = await repo.findPhoto(this.db, id);
    if (!row || row.uploader_id !== user.id) throw notFound('图片不存在');
    return row;
  }

  /** Withdraw (the owner takes it back) or delete: the files go once the change has committed. */
  private async remove(id: number, user: AuthUser, action: 'withdraw' | 'delete'): Promise<void> {
    const row = await this.owned(id, user);
    await this.db.transaction().execute((trx) =>
      this.lifecycle.transition(trx, {
        photo: row,
        action,
        actor: user,
        patch: { original_key: null, rendition_hash: null, renditions: '[]' },
      }),
    );
    // After the commit: a failure here leaves unreferenced files, never a row without its files.
    await this.deleteFiles(this.keysOf(row));
  }

  /**
   * An account's deletion (§4.5): every photo of the member leaves the gallery and the queues inside
   * the deletion's transaction; the returned step deletes their files after it commits.
   */
  async takeDownAllOf(trx: DbOrTrx, userId: number): Promise<() => Promise<void>> {
    const owner: AuthUser = { id: userId, username: '', level: LEVELS.member, sessionId: 0 };
    const rows = await repo.liveOf(trx, userId);
    for (const photo of rows) {
      await this.lifecycle.transition(trx, {
        photo,
        action: 'delete',
        actor: owner,
        patch: { original_key: null, rendition_hash: null, renditions: '[]' },
      });
    }
    return () => this.deleteFiles(rows.flatMap((r) => this.keysOf(r)));
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
    if (patch.takenOn) this.assertDate(patch.takenOn);
    const issues = await this.checkFactRefs(user.id, patch);
    if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
    const changes = factChanges(row, patch);
    this.requireAirport(row, changes);
    const columns = this.factColumns(changes);
    const now = this.clock.now();
    const backToQueue = row.state === 'accepted' && KEY_FACTS.some((k) => k in changes);
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

  /** After these changes the photo still names an airport, or is marked as taken in flight (§3.6). */
  requireAirport(row: PhotoRow, changes: ReturnType<typeof factChanges>): void {
    const inFlightAfter = changes.in_flight ? changes.in_flight[1] === 1 : row.in_flight === 1;
    const airportAfter = changes.airport_id ? changes.airport_id[1] : row.airport_id;
    if (!inFlightAfter && !airportAfter) {
      throw badRequest(PHOTO_MESSAGES.airportRequired, [{ path: ['airportId'], message: PHOTO_MESSAGES.airportRequired }]);
    }
  }

  /** Field issues for the reference ids in facts set for a photo of `uploaderId` (see ReferenceService). */
  checkFactRefs(uploaderId: number, facts: PhotoEdit) {
    return this.reference.checkPhotoRefs(this.db, uploaderId, facts);
  }

  /** The columns to write for fact changes (the normalised registration follows the registration). */
  factColumns(changes: ReturnType<typeof factChanges>): Omit<Updateable<PhotosTable>, 'state'> {
    const columns: Omit<Updateable<PhotosTable>, 'state'> = Object.fromEntries(
      Object.entries(changes).map(([k, [, after]]) => [k, after]),
    );
    if (changes.registration) columns.registration_key = registrationKey(String(changes.registration[1]));
    return columns;
  }

  // ---- queues ----

  async uploadQueue(user: AuthUser): Promise<UploadQueueResponse> {
    const slots = await this.accounts.slots(user.id);
    const rows = await repo.listWaitingOf(this.db, user.id);
    const now = this.clock.now();
    const perDay = (await repo.countDecisionsSince(this.db, now - 14 * DAY)) / 14;
    const priorityWaiting = await repo.countPendingInQueue(this.db, 'priority');
    const photos = await this.present(rows, user);
    const items = await Promise.all(
      rows.map(async (row, i) => {
        const position = (await repo.countAhead(this.db, row.queue, row.created_at, row.id)) + 1;
        // Priority photos are screened first, so a normal photo also waits for all of them.
        const effective = position + (row.queue === 'normal' ? priorityWaiting : 0);
        return {
          photo: photos[i]!,
          position: row.state === 'pending' ? position : 0,
          estimatedWaitDays: row.state === 'pending' && perDay > 0 ? Math.round((effective / perDay) * 10) / 10 : null,
        };
      }),
    );
    return {
      items,
      slots: {
        normal: slots.normal,
        priority: slots.priority,
        normalUsed: rows.filter((r) => r.queue === 'normal').length,
        priorityUsed: rows.filter((r) => r.queue === 'priority').length,
      },
    };
  }

  async rejectQueue(user: AuthUser): Promise<RejectQueueResponse> {
    const rows = await repo.listRejectedOf(this.db, user.id, this.clock.now() - 30 * DAY);
    const [photos, appeals] = await Promise.all([this.present(rows, user), this.lifecycle.appealsOf(rows.map((r) => r.id))]);
    const items = await Promise.all(
      rows.map(async (row, i) => {
        const event = await repo.lastRejection(this.db, row.id);
        const codes = event ? (JSON.parse(event.reasons) as string[]) : [];
        const rejectedAt = event?.created_at ?? row.decided_at ?? row.updated_at;
        const appeal = appeals.get(row.id) ?? null;
        return {
          photo: photos[i]!,
          reasons: REJECT_REASONS.filter((r) => codes.includes(r.code)).map((r) => ({
            code: r.code,
            title: r.title,
            guide: r.guide,
          })),
          message: event?.message ?? null,
          rejectedAt,
          appeal,
          appealUntil: row.state === 'rejected' && !appeal ? rejectedAt + SCREENING_LIMITS.appealDays * DAY : null,
        };
      }),
    );
    return { items };
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

  async rendition(name: string): Promise<Readable | null> {
    return this.storage.get(`renditions/${name}`);
  }

  // ---- for curation and votes (reference, votes modules) ----

  /** Points every photo naming one reference entry at another; answers the ids moved (to re-index). */
  movePhotoReference(trx: DbOrTrx, column: repo.RefColumn, fromId: number, intoId: number): Promise<number[]> {
    return repo.moveReference(trx, column, fromId, intoId, this.clock.now());
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

  async setFeatured(trx: DbOrTrx, photoId: number, at: number | null): Promise<void> {
    await repo.setFeaturedAt(trx, photoId, at);
  }

  /** A member's accepted and decided photos, for the users page. */
  decisionCounts(userId: number) {
    return repo.decisionCounts(this.db, userId);
  }
}
