import {
  MANAGE_MESSAGES,
  VOTE_FEATURE_NET,
  VOTE_HOURS,
  type OpenVoteRequest,
  type Vote,
  type VotesQuery,
  type VotesResponse,
} from '../../../../contract/manage.js';
import type { Clock } from '../../clock.js';
import { isUniqueViolation, type Db } from '../../db/database.js';
import type { AuthUser } from '../../http/auth.js';
import { conflict, forbidden, notFound } from '../../shared/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { PhotoResponse } from '../../../../contract/photos.js';
import * as repo from './votes.repository.js';
import { VOTES_TEXTS } from './votes.texts.js';
import { votes as policy } from '../../policies/index.js';

type VoteDetails = NonNullable<Awaited<ReturnType<typeof repo.findVoteDetails>>>;

function present(v: VoteDetails, photo: PhotoResponse | null): Vote {
  const net = v.state === 'open' ? null : v.net;
  return {
    id: v.id,
    photoId: v.photo_id,
    reason: v.reason,
    state: v.state,
    openedBy: { id: v.opened_by, username: v.opener_name },
    openedAt: Number(v.opened_at),
    closesAt: Number(v.closes_at),
    closedAt: v.closed_at === null ? null : Number(v.closed_at),
    net,
    featured: v.state === 'closed' && net !== null && net >= VOTE_FEATURE_NET,
    ballots: Number(v.ballots ?? 0),
    myBallot: v.my_ballot === 1 || v.my_ballot === -1 ? v.my_ballot : null,
    photo,
  };
}

/**
 * Editor's choice votes (PRODUCT.md §3.12): a screener opens one on an accepted photo (their 赞成 counted
 * with it), each screener casts one ballot (changeable while open), a job closes it at 72 h and net ≥ 2 features the photo.
 * Ballot values are ±1 from the contract; no weight comes from the caller.
 */
export class VotesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly photos: PhotosService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
  ) {}

  private async view(id: number, viewer: AuthUser): Promise<Vote> {
    const row = await repo.findVoteDetails(this.db, id, viewer.id);
    if (!row) throw notFound();
    return (await this.presentAll([row], viewer))[0]!;
  }

  private async presentAll(rows: VoteDetails[], viewer: AuthUser): Promise<Vote[]> {
    const photos = await this.photos.presentByIds([...new Set(rows.map((r) => r.photo_id))], viewer);
    return rows.map((r) => present(r, photos.get(r.photo_id) ?? null));
  }

  async list(query: VotesQuery, viewer: AuthUser): Promise<VotesResponse> {
    const before = query.cursor ? Number(query.cursor) : null;
    const rows = await repo.listVotes(this.db, query.state === 'open', query.photoId ?? null, before, query.limit, viewer.id);
    const items = await this.presentAll(rows.slice(0, query.limit), viewer);
    return {
      items,
      nextCursor: rows.length > query.limit ? String(items[items.length - 1]!.id) : null,
      can: { cancel: policy.mayCancel(viewer) },
    };
  }

  async open(actor: AuthUser, body: OpenVoteRequest): Promise<{ message: string; vote: Vote }> {
    const now = this.clock.now();
    let id: number;
    try {
      id = await this.db.transaction().execute(async (trx) => {
        const photo = await this.photos.stateAndOwner(trx, body.photoId);
        if (!photo) throw notFound();
        if (photo.state !== 'accepted') throw conflict(MANAGE_MESSAGES.voteNotAccepted);
        // As in screening (§4.3), nobody judges their own photo.
        if (photo.uploader_id === actor.id) throw forbidden(MANAGE_MESSAGES.voteOwnPhoto);
        if (await repo.findOpenVoteOf(trx, body.photoId)) throw conflict(MANAGE_MESSAGES.voteExists);
        const voteId = await repo.insertVote(trx, {
          photo_id: body.photoId,
          opened_by: actor.id,
          reason: body.reason,
          state: 'open',
          net: null,
          opened_at: now,
          closes_at: now + VOTE_HOURS * 3_600_000,
          closed_at: null,
          cancelled_by: null,
        });
        // Opening is the opener's 赞成 (changeable like any ballot): one who proposes a photo favours it.
        await repo.upsertBallot(trx, voteId, actor.id, 1, now);
        await this.audit.record(trx, {
          actorId: actor.id,
          action: 'vote.open',
          targetType: 'vote',
          targetId: voteId,
          detail: { photoId: body.photoId, reason: body.reason, ballot: 1 },
        });
        return voteId;
      });
    } catch (err) {
      // Two screeners opening a vote on one photo at once: the partial unique index keeps one.
      if (isUniqueViolation(err)) throw conflict(MANAGE_MESSAGES.voteExists);
      throw err;
    }
    return { message: MANAGE_MESSAGES.voteOpened, vote: await this.view(id, actor) };
  }

  async ballot(actor: AuthUser, voteId: number, value: 1 | -1): Promise<{ message: string; vote: Vote }> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const vote = await repo.findVote(trx, voteId);
      if (!vote) throw notFound();
      if ((await this.photos.stateAndOwner(trx, vote.photo_id))?.uploader_id === actor.id) {
        throw forbidden(MANAGE_MESSAGES.voteOwnPhoto);
      }
      if (!(await repo.holdOpenVote(trx, voteId, now))) throw conflict(MANAGE_MESSAGES.voteClosed);
      await repo.upsertBallot(trx, voteId, actor.id, value, now);
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'vote.ballot',
        targetType: 'vote',
        targetId: voteId,
        detail: { value },
      });
    });
    return { message: MANAGE_MESSAGES.ballotCast, vote: await this.view(voteId, actor) };
  }

  async cancel(actor: AuthUser, voteId: number): Promise<{ message: string }> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.findVote(trx, voteId))) throw notFound();
      if (!(await repo.cancelVote(trx, voteId, actor.id, this.clock.now()))) throw conflict(MANAGE_MESSAGES.voteClosed);
      await this.audit.record(trx, { actorId: actor.id, action: 'vote.cancel', targetType: 'vote', targetId: voteId });
    });
    return { message: MANAGE_MESSAGES.voteCancelled };
  }

  /**
   * Closes the votes whose 72 hours are over. Each vote is claimed by an UPDATE … WHERE state =
   * 'open', so with several processes running this job each vote is closed (and its photo featured
   * and its photographer notified) exactly once.
   */
  async closeDueVotes(): Promise<number> {
    const now = this.clock.now();
    let closed = 0;
    for (const id of await repo.dueVoteIds(this.db, now, 100)) {
      const won = await this.db.transaction().execute(async (trx) => {
        if (!(await repo.claimDueVote(trx, id, now))) return false;
        const net = await repo.netOf(trx, id);
        await repo.setNet(trx, id, net);
        const vote = (await repo.findVote(trx, id))!;
        const photo = await this.photos.stateAndOwner(trx, vote.photo_id);
        let features = false;
        if (net >= VOTE_FEATURE_NET && photo?.state === 'accepted') {
          // Guarded in its UPDATE: a photo revoked since it was read is not featured, nor its photographer told.
          features = photo.featured_at !== null || (await this.photos.feature(trx, vote.photo_id, now));
        }
        if (features && photo) {
          await this.notifications.notify(trx, {
            userId: photo.uploader_id,
            kind: 'featured',
            photoId: vote.photo_id,
            ...VOTES_TEXTS.featuredNotice,
          });
        }
        await this.audit.record(trx, {
          actorId: null,
          action: 'vote.close',
          targetType: 'vote',
          targetId: id,
          detail: { net, featured: features },
        });
        return true;
      });
      if (won) closed += 1;
    }
    return closed;
  }

  openCount(): Promise<number> {
    return repo.countOpenVotes(this.db);
  }
}
