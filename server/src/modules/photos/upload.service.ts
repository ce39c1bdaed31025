import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { adviceFor, hammingDistance } from '../../../../contract/image-analysis.js';
import { phashCandidatesQuery } from './look-alikes.repository.js';
import { bandProbes } from './phash-bands.js';
import {
  NO_REGISTRATION,
  ownCopyMessage,
  PHOTO_MESSAGES,
  registrationKey,
  UPLOAD_LIMITS,
  type PhotoChecks,
  type PhotoMeta,
  type PhotoResponse,
} from '../../../../contract/photos.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle, DbOrTrx } from '../../db/database.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, RetryLaterError } from '../../shared/errors.js';
import { modeSProblem } from '../../../../contract/mode-s.js';
import { regionOf } from '../../shared/ip-region.js';
import { Gate } from '../../media/gate.js';
import { processJpeg } from '../../media/image-processor.js';
import type { AirframesService } from '../airframes/airframes.service.js';
import type { AccountsService, QueueSlots } from '../accounts/accounts.service.js';
import { assertTakenOn } from './facts.js';
import type { PhotoFiles } from './photo-files.js';
import { renditionKey, type StoredRendition } from './photos.presenter.js';
import * as repo from './photos.repository.js';
import type { PhotosService } from './photos.service.js';
import { fromJson, toJson } from '../../db/json.js';

export const DUPLICATE_DISTANCE = 6;

/** The SHA-256 of a file on disk, read as a stream (an upload is at most 15 MB). */
async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface UploadOptions {
  /** How long an upload may take between writing its files and committing its row. */
  uploadLeaseMs: number;
  /** Uploads one member may have in flight in one process; a further one is refused with 429. */
  uploadsPerMember: number;
  /** Uploads that may wait for a decode slot in one process; a further one is refused with 503. */
  decodeQueue: number;
}

/**
 * The upload pipeline (PRODUCT.md §3.6, §4.2, §5.1): the member's parallel uploads, the quotas, one
 * decode through the gate, files first and the row last with an intent row in between, and the sweep
 * of intents a crash left behind.
 */
export class UploadService {
  // Decoding is CPU- and memory-bound: about one at a time per core, a short line behind them, and
  // a clear 503 beyond, rather than every upload decoding at once (PRODUCT.md §5.1 bounds each).
  private readonly decodes: Gate;
  private readonly uploadsInFlight = new Map<number, number>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly files: PhotoFiles,
    private readonly photos: PhotosService,
    private readonly airframes: AirframesService,
    private readonly accounts: AccountsService,
    private readonly opts: UploadOptions,
  ) {
    this.decodes = new Gate(os.availableParallelism(), opts.decodeQueue, PHOTO_MESSAGES.busy);
  }

  private get db() {
    return this.database.db;
  }

  /** Takes one of the member's upload slots in this process; the returned function gives it back. */
  begin(userId: number): () => void {
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

  /** `ip`: where the upload came from, kept only as its region (IP属地, issue 38). */
  async upload(
    user: AuthUser,
    file: string,
    meta: PhotoMeta,
    ip: string | null = null,
  ): Promise<{ message: string; photo: PhotoResponse }> {
    const regKey = registrationKey(meta.registration);
    // Looked up before the transaction: the first lookup of a process reads its database.
    const region = ip === null ? null : regionOf(ip);
    assertTakenOn(meta.takenOn, this.clock.now());
    const modeS = meta.modeS ? modeSProblem(meta.modeS, meta.registration) : null;
    if (modeS) throw badRequest(modeS, [{ path: ['modeS'], message: modeS }]);
    const identity = {
      airframeId: meta.airframeId ?? null,
      registration: meta.registration,
      typeId: meta.aircraftTypeId,
      msn: meta.msn ?? null,
      takenOn: meta.takenOn,
    };
    const issues = await this.photos.checkFactRefs(user.id, meta, identity);
    if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
    // A photo of an aircraft the gallery has none of yet would be 首张: screened first (issue 39).
    const firstCandidate = await this.airframes.firstCandidate(this.db, identity);
    // Fail fast before the expensive part; the binding check runs again inside the transaction.
    await this.checkQuota(this.db, user, meta, regKey, await this.accounts.slots(user.id));
    // The file's one hash: an exact copy of one's own waiting or accepted photo is refused before it is decoded.
    const sha256 = await fileSha256(file);
    await this.refuseOwnCopy(this.db, user, sha256);

    const image = await this.decodes.run(() => processJpeg(file, meta.watermark));
    const duplicates = await this.findDuplicates(user, image.phash, sha256);
    const checks: PhotoChecks = { ...image.analysis, duplicates, advice: adviceFor(image.analysis, duplicates) };

    const now = this.clock.now();
    const renditionHash = createHash('sha256')
      .update(sha256)
      .update(JSON.stringify(meta.watermark))
      .update(randomBytes(8))
      .digest('hex')
      .slice(0, 20);
    const originalKey = `originals/${sha256.slice(0, 2)}/${randomUUID()}.jpg`;
    const renditionKeys = image.renditions.map((r) => renditionKey(renditionHash, r.edge));
    const keys = [originalKey, ...renditionKeys];

    // Files first, row last: a row never points at a missing file. The intent row records the
    // files until the photo row commits, so a crash in between leaves nothing behind (sweep).
    const intentId = await repo.insertIntent(this.db, keys, now, this.opts.uploadLeaseMs);
    let committed: number;
    try {
      // Every write ends before anything is cleaned up: one refused (a full disk) while the others were
      // still writing, a file landing after the clean-up below would belong to nothing.
      const writes = await Promise.allSettled([
        this.files.put(originalKey, await fs.promises.readFile(file), 'image/jpeg'),
        ...image.renditions.map((r, i) => this.files.put(renditionKeys[i]!, r.data, 'image/webp')),
      ]);
      const refused = writes.find((w) => w.status === 'rejected');
      if (refused) throw refused.reason;
      committed = await this.db.transaction().execute(async (trx) => {
        // Locks the member's row on PostgreSQL: one member's uploads commit one at a time.
        const slots = await this.accounts.slotsForUpdate(trx, user.id);
        await this.checkQuota(trx, user, meta, regKey, slots);
        // Under the member's lock: of two tabs sending the same file at once, one photo is made.
        await this.refuseOwnCopy(trx, user, sha256);
        const photoId = await repo.insertPhoto(trx, {
          uploader_id: user.id,
          ip_region: region,
          state: 'pending',
          queue: meta.queue,
          registration: meta.registration,
          registration_key: regKey,
          msn: meta.msn || null,
          mode_s: meta.modeS || null,
          first_candidate: firstCandidate ? 1 : 0,
          aircraft_type_id: meta.aircraftTypeId,
          airline_id: meta.airlineId ?? null,
          airport_id: meta.inFlight ? null : (meta.airportId ?? null),
          // The member's answer when two aircraft carried the registration; otherwise found on acceptance.
          airframe_id: meta.airframeId ?? null,
          livery_id: meta.liveryId ?? null,
          in_flight: meta.inFlight ? 1 : 0,
          taken_on: meta.takenOn,
          categories: toJson(meta.categories),
          remark: meta.remark || null,
          message_to_screener: meta.messageToScreener || null,
          watermark: meta.watermark ? toJson(meta.watermark) : null,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          sha256,
          phash: image.phash,
          thumbhash: image.thumbhash,
          exif: toJson(image.exif),
          checks: toJson(checks),
          original_key: originalKey,
          rendition_hash: renditionHash,
          renditions: toJson(image.renditions.map(({ edge, width, height }): StoredRendition => ({ edge, width, height }))),
          created_at: now,
          updated_at: now,
          decided_at: null,
          featured_at: null,
        });
        await repo.insertEvent(trx, { photoId, actorId: user.id, from: null, to: 'pending', at: now });
        await repo.deleteIntent(trx, intentId);
        return photoId;
      });
    } catch (err) {
      await this.files.delete(keys);
      await repo.deleteIntent(this.db, intentId).catch(() => undefined);
      throw err;
    }
    // After the commit the row owns the files: nothing that fails from here may delete them.
    return { message: PHOTO_MESSAGES.uploaded, photo: await this.photos.get(committed, user) };
  }

  private async refuseOwnCopy(db: DbOrTrx, user: AuthUser, sha256: string): Promise<void> {
    const copy = await repo.ownCopy(db, user.id, sha256);
    if (copy) throw conflict(ownCopyMessage(copy.id, copy.state));
  }

  /** The member's own waiting or accepted photo with these bytes (what an upload of them would meet). */
  async ownCopy(user: AuthUser, sha256: string): Promise<{ photoId: number; message: string } | null> {
    const copy = await repo.ownCopy(this.db, user.id, sha256);
    return copy ? { photoId: copy.id, message: ownCopyMessage(copy.id, copy.state) } : null;
  }

  /**
   * The uploader's live photos and accepted photos that look the same (perceptual hash), the very
   * same file first (`exact`, by SHA-256 when it is known).
   */
  async findDuplicates(user: AuthUser, phash: string, sha256?: string): Promise<PhotoChecks['duplicates']> {
    const probes = bandProbes(phash, DUPLICATE_DISTANCE);
    const found = await phashCandidatesQuery(this.db, user.id, probes, sha256).execute();
    const candidates = new Map<number, (typeof found)[number]>();
    for (const c of found) if (c.sha256 !== null || !candidates.has(c.id)) candidates.set(c.id, c);
    return [...candidates.values()]
      .map((c) => ({
        photoId: c.id,
        distance: hammingDistance(c.phash, phash),
        ...(sha256 !== undefined && c.sha256 === sha256 ? { exact: true } : {}),
      }))
      .filter((c) => c.exact || c.distance <= DUPLICATE_DISTANCE)
      .sort((a, b) => Number(b.exact ?? false) - Number(a.exact ?? false) || a.distance - b.distance)
      .slice(0, 5);
  }

  /** Deletes the files of uploads that died between writing files and committing their row. */
  async sweep(): Promise<number> {
    const intents = await repo.expiredIntents(this.db, this.clock.now());
    for (const intent of intents) {
      await this.files.delete(fromJson(intent.keys));
      await repo.deleteIntent(this.db, intent.id);
    }
    return intents.length;
  }
}
