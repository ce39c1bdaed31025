import { FOLLOW_LIMITS } from '../../../../contract/follows.js';
import { searchQuery } from '../../../../contract/gallery.js';
import { SCREENING_LIMITS } from '../../../../contract/screening.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { PhotoRow } from '../../db/schema.js';
import { nudgeJob } from '../../db/jobs-queue.js';
import type { EventHub } from '../../events.js';
import { WALKERS } from '../../jobs/walkers.js';
import { enqueueMail } from '../../mail/outbox.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { GalleryService } from '../gallery/gallery.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { targetsOf } from './follow-targets.js';
import { anchorOf, photoKeys } from './search-anchor.js';
import * as repo from './follows.repository.js';
import { followedDigestMail, followedPhotoMail, followedPhotoNotice } from './follows.texts.js';

/** Saved searches looked at per transaction (each distinct one is one query against the photo). */
const SEARCH_BATCH = 200;
/** How long a screener may take an acceptance back (撤销): its followers are told after. */
const UNDO_MS = SCREENING_LIMITS.undoSeconds * 1000;
/** Saved searches given their anchor before a photo's saved searches are walked. */
const ANCHOR_BATCH = 500;

function parseTarget(target: string) {
  const q = searchQuery.safeParse(Object.fromEntries(new URLSearchParams(target)));
  return q.success ? q.data : null;
}
const KIND_OF_REF = { aircraft_types: 'type', airlines: 'airline', airports: 'airport' } as const;

interface Recipient {
  user_id: number;
  email: string;
  username: string;
  /** 2: a mail now, 1: the daily digest, 0: no mail. */
  mail_rank: number;
}

/**
 * Tells followers about accepted photos (issue 23). The decision only queues the photo, in its own
 * transaction (a photo with 10,000 followers costs the screener one row); the claimed job
 * `follow-fanout` then walks its followers in batches, each batch one transaction that first moves the
 * photo's cursor on (guarded by where it found it) and then writes one notification per member — the
 * notifications' unique index makes a second impossible, whichever process or phase comes first.
 */
export class FollowFanout {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    events: EventHub,
    private readonly gallery: GalleryService,
    private readonly reference: ReferenceService,
    private readonly accounts: AccountsService,
    private readonly notifications: NotificationsService,
    private readonly publicUrl: string,
  ) {
    events.on('photo.stateChanged', async ({ trx, photo, to, at }) => {
      if (to !== 'accepted') return;
      await repo.queueFanout(trx, photo.id, at);
      // Followers hear once the decision can no longer be taken back (撤销, UNDO_MS), and then at once:
      // the walker is nudged to that moment instead of its next interval.
      await nudgeJob(trx, WALKERS.fanout, at + UNDO_MS);
    });
    // An editor's choice is news to saved searches of 编辑精选: the photo is walked again (those told at
    // its acceptance are not told twice: one notification per member and photo).
    events.on('photo.featured', async ({ trx, photoId, at }) => {
      await repo.requeueForSearches(trx, photoId, at);
      await nudgeJob(trx, WALKERS.fanout, at + UNDO_MS);
    });
    // A merged duplicate's followers follow the entry it became.
    events.on('reference.merged', ({ trx, kind, fromId, intoId }) =>
      repo.moveFollows(trx, KIND_OF_REF[kind], String(fromId), String(intoId)),
    );
    events.on('airframe.merged', ({ trx, fromId, intoId }) => repo.moveFollows(trx, 'airframe', String(fromId), String(intoId)));
  }

  private get db() {
    return this.database.db;
  }

  /** Up to `batches` batches of the queued photos' followers (fewer once `stop` is aborted); the notifications written. */
  async run(batches: number, stop?: AbortSignal): Promise<number> {
    let written = 0;
    for (let i = 0; i < batches && !stop?.aborted; i++) {
      const step = await this.step();
      if (step === null) break;
      written += step;
    }
    return written;
  }

  /** One batch of the oldest queued photo: the notifications written, or null when none is queued. */
  private async step(): Promise<number | null> {
    const fanout = await repo.nextFanout(this.db, this.clock.now() - UNDO_MS);
    if (!fanout) return null;
    const from = { phase: fanout.phase, afterId: fanout.after_id };
    const photo = await repo.photoForFanout(this.db, fanout.photo_id);
    if (!photo || photo.state !== 'accepted') {
      await repo.advanceFanout(this.db, fanout.photo_id, from, 'done');
      return 0;
    }
    // Read outside the transaction (a saved search is a gallery query on the shared connection), written in it.
    if (fanout.phase === 0) {
      const batch = await repo.followersOf(
        this.db,
        targetsOf(photo),
        photo.uploader_id,
        fanout.after_id,
        FOLLOW_LIMITS.fanoutBatch,
      );
      const to =
        batch.length < FOLLOW_LIMITS.fanoutBatch ? { phase: 1, afterId: 0 } : { phase: 0, afterId: batch.at(-1)!.user_id };
      return this.tell(photo, batch, from, to);
    }
    if (fanout.after_id === 0) await this.anchorNewSearches();
    const keys = photoKeys(photo, await repo.documentWords(this.db, this.database.dialect, photo.id));
    const follows = await repo.searchFollowsAfter(this.db, photo.uploader_id, keys, fanout.after_id, SEARCH_BATCH);
    const found = new Map<string, boolean>();
    const byMember = new Map<number, Recipient>();
    for (const f of follows) {
      if (!found.has(f.target)) found.set(f.target, await this.finds(f.target, photo.id));
      if (!found.get(f.target)) continue;
      const rank = f.mail === 'instant' ? 2 : f.mail === 'daily' ? 1 : 0;
      const had = byMember.get(f.user_id);
      byMember.set(f.user_id, {
        user_id: f.user_id,
        email: f.email,
        username: f.username,
        mail_rank: Math.max(rank, had?.mail_rank ?? 0),
      });
    }
    const to = follows.length < SEARCH_BATCH ? 'done' : { phase: 1, afterId: follows.at(-1)!.id };
    return this.tell(photo, [...byMember.values()], from, to);
  }

  private async finds(target: string, photoId: number): Promise<boolean> {
    const q = parseTarget(target);
    return q !== null && this.gallery.finds(q, photoId);
  }

  /**
   * Anchors a batch of the saved searches followed since (run before each photo's saved searches are
   * walked; those left are asked for every photo until then). How many were anchored.
   */
  async anchorNewSearches(): Promise<number> {
    const batch = await repo.unanchoredSearches(this.db, ANCHOR_BATCH);
    for (const f of batch) {
      const q = parseTarget(f.target);
      await repo.setAnchor(this.db, f.id, anchorOf(q === null ? null : this.gallery.filterOf(q)));
    }
    return batch.length;
  }

  private async tell(
    photo: PhotoRow,
    recipients: Recipient[],
    from: { phase: number; afterId: number },
    to: { phase: number; afterId: number } | 'done',
  ): Promise<number> {
    const { title, body } = await this.describe(photo);
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.advanceFanout(trx, photo.id, from, to))) return 0;
      const told = await repo.insertFollowedNotices(
        trx,
        recipients.map((r) => ({ user_id: r.user_id, title, body, mailed_at: r.mail_rank === 1 ? null : now })),
        photo.id,
        now,
      );
      for (const r of recipients) {
        if (r.mail_rank === 2 && told.has(r.user_id)) await enqueueMail(trx, this.mail(r, title, body, photo.id), now);
      }
      return told.size;
    });
  }

  /** The daily digest of followed photos for members who chose it; the number of mails queued. */
  sendDigests(): Promise<number> {
    return this.notifications.sendDigestsOf('followed', {
      gapMs: 24 * 3_600_000,
      recipient: async (userId) => (await repo.digestRecipient(this.db, userId)) ?? null,
      mail: (member, items) => ({
        to: member.email,
        ...followedDigestMail({
          username: member.username,
          items: items.map((n) => ({ title: n.title, body: n.body, photoUrl: `${this.publicUrl}/photo/${n.photo_id}` })),
          followingUrl: `${this.publicUrl}/following`,
        }),
      }),
    });
  }

  /** The notification's facts (type, airline, airport) and photographer, worded by follows.texts.ts. */
  private async describe(photo: PhotoRow): Promise<{ title: string; body: string }> {
    const [refs, names] = await Promise.all([
      this.reference.summaries({
        types: photo.aircraft_type_id ? [photo.aircraft_type_id] : [],
        airlines: photo.airline_id ? [photo.airline_id] : [],
        airports: photo.airport_id ? [photo.airport_id] : [],
      }),
      this.accounts.usernames([photo.uploader_id]),
    ]);
    const facts = [
      photo.aircraft_type_id ? refs.types.get(photo.aircraft_type_id)?.label : undefined,
      photo.airline_id ? refs.airlines.get(photo.airline_id)?.label : undefined,
      photo.airport_id ? refs.airports.get(photo.airport_id)?.label : undefined,
    ].filter((v): v is string => !!v);
    return followedPhotoNotice({
      registration: photo.registration,
      facts,
      username: names.get(photo.uploader_id) ?? '',
      takenOn: photo.taken_on,
    });
  }

  private mail(r: Recipient, title: string, body: string, photoId: number) {
    return {
      to: r.email,
      ...followedPhotoMail({
        username: r.username,
        title,
        body,
        photoUrl: `${this.publicUrl}/photo/${photoId}`,
        followingUrl: `${this.publicUrl}/following`,
      }),
    };
  }
}
