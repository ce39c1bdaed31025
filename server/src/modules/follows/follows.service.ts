import {
  FOLLOW_LIMITS,
  FOLLOW_MESSAGES,
  type Follow,
  type FollowingQuery,
  type FollowingResponse,
  type FollowRequest,
  type FollowsResponse,
  type FollowUpdate,
} from '../../../../contract/follows.js';
import { MAX_ID } from '../../../../contract/limits.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockMember } from '../../db/member-lock.js';
import type { FollowRow } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { invalidCursor } from '../../http/cursor.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { feedOf, FollowTargets, hrefOf } from './follow-targets.js';
import { followingPage } from './following.repository.js';
import * as repo from './follows.repository.js';

/** `/following`'s cursor: the last photo's acceptance time and id, as `time.id`. */
function decodeCursor(cursor: string | undefined): { at: number; id: number } | null {
  if (!cursor) return null;
  const m = /^(\d{1,15})\.(\d{1,10})$/.exec(cursor);
  if (!m || Number(m[2]) > MAX_ID || !Number.isSafeInteger(Number(m[1]))) throw invalidCursor();
  return { at: Number(m[1]), id: Number(m[2]) };
}

/** A member's follows (issue 23): what they follow, how they hear of it, and the photos of it all. */
export class FollowsService {
  private readonly targets: FollowTargets;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly accounts: AccountsService,
    private readonly reference: ReferenceService,
    private readonly photos: PhotosService,
  ) {
    this.targets = new FollowTargets(accounts, reference);
  }

  private get db() {
    return this.database.db;
  }

  /** A search's filters in words (搜索：B-30EE · 中国国际航空), as a saved search is named. */
  describeSearch(params: Record<string, string>): Promise<string> {
    return this.targets.describe(params);
  }

  async list(user: AuthUser): Promise<FollowsResponse> {
    const rows = await repo.followsOf(this.db, user.id);
    return { items: await this.present(rows), limit: FOLLOW_LIMITS.perMember };
  }

  /** Photographers and reference entries read by their names of today; the others as they were followed. */
  private async present(rows: FollowRow[]): Promise<Follow[]> {
    const ids = (kind: FollowRow['kind']) => rows.filter((r) => r.kind === kind).map((r) => Number(r.target));
    const [names, refs] = await Promise.all([
      this.accounts.usernames(ids('photographer')),
      this.reference.summaries({ types: ids('type'), airlines: ids('airline'), airports: ids('airport') }),
    ]);
    const current = (r: FollowRow) => {
      const id = Number(r.target);
      if (r.kind === 'photographer') return names.get(id);
      if (r.kind === 'type') return refs.types.get(id)?.label;
      if (r.kind === 'airline') return refs.airlines.get(id)?.label;
      if (r.kind === 'airport') return refs.airports.get(id)?.label;
      return undefined;
    };
    return rows.map((r) => {
      const label = current(r) ?? r.label;
      return {
        id: r.id,
        kind: r.kind,
        target: r.target,
        label,
        href: hrefOf(r.kind, r.target, label),
        feed: feedOf(r.kind, r.target, r.label),
        mail: r.mail,
        muted: r.muted === 1,
        createdAt: r.created_at,
      };
    });
  }

  async follow(user: AuthUser, body: FollowRequest): Promise<{ message: string; follow: Follow }> {
    const request = body;
    const checked = await this.targets.check(this.db, request.kind, request.target, request.label);
    const id = await this.db.transaction().execute(async (trx) => {
      // The member's row is the lock two tabs following at once queue on, so neither passes the limit.
      await lockMember(trx, this.database.dialect, user.id);
      if ((await repo.countFollows(trx, user.id)) >= FOLLOW_LIMITS.perMember) throw badRequest(FOLLOW_MESSAGES.limit);
      return repo.insertFollow(trx, {
        user_id: user.id,
        kind: request.kind,
        target: checked.target,
        label: checked.label,
        mail: request.mail,
        muted: 0,
        created_at: this.clock.now(),
      });
    });
    if (id === null) throw conflict(FOLLOW_MESSAGES.already);
    return { message: FOLLOW_MESSAGES.followed, follow: await this.one(user, id) };
  }

  private async one(user: AuthUser, id: number): Promise<Follow> {
    const row = await repo.findFollow(this.db, user.id, id);
    if (!row) throw notFound(FOLLOW_MESSAGES.notFound);
    return (await this.present([row]))[0]!;
  }

  async update(user: AuthUser, id: number, body: FollowUpdate): Promise<{ message: string; follow: Follow }> {
    const set = {
      ...(body.mail !== undefined ? { mail: body.mail } : {}),
      ...(body.muted !== undefined ? { muted: body.muted ? 1 : 0 } : {}),
    };
    if (!(await repo.updateFollow(this.db, user.id, id, set))) throw notFound(FOLLOW_MESSAGES.notFound);
    return { message: FOLLOW_MESSAGES.saved, follow: await this.one(user, id) };
  }

  async unfollow(user: AuthUser, id: number): Promise<{ message: string }> {
    if (!(await repo.deleteFollow(this.db, user.id, id))) throw notFound(FOLLOW_MESSAGES.notFound);
    return { message: FOLLOW_MESSAGES.unfollowed };
  }

  /**
   * The newest accepted photos of everything the member follows and has not muted: the photos the
   * facts' follows name, and those a saved search brought to the member's inbox.
   */
  async following(user: AuthUser, q: FollowingQuery): Promise<FollowingResponse> {
    const after = decodeCursor(q.cursor);
    const follows = (await repo.followsOf(this.db, user.id)).filter((f) => f.muted === 0);
    const rows = await followingPage(this.db, user.id, follows, after, q.limit);
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return {
      items: await this.photos.present(page, user),
      nextCursor: rows.length > q.limit && last ? `${last.decided_at ?? 0}.${last.id}` : null,
    };
  }
}
