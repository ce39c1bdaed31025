import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServices } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import {
  acceptPhoto,
  bearer,
  createTestApp,
  databaseKinds,
  insertPhoto,
  makeUser,
  runInlineJobs,
  type TestApp,
} from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;
const HOUR = 3_600_000;

describe.each(databaseKinds())('editor’s choice votes on %s', (kind) => {
  let t: TestApp;
  let photographer: User;
  let screeners: User[];
  let senior: User;
  beforeAll(async () => {
    t = await createTestApp(kind);
    photographer = await makeUser(t);
    screeners = await Promise.all([1, 2, 3].map(() => makeUser(t, 1)));
    senior = await makeUser(t, 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: User | null, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user ? bearer(user.token) : {}, ...(payload ? { payload } : {}) });
  async function acceptedPhoto(owner: User = photographer) {
    const id = await insertPhoto(t, owner.id, { in_flight: 1 });
    await acceptPhoto(t, id, { ...senior, level: 2 });
    return id;
  }
  const open = async (photoId: number, by: User = screeners[0]!) => {
    const res = await call('POST', '/votes', by, { photoId, reason: '光线和构图都很出色' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().vote.id as number;
  };
  const ballot = (voteId: number, u: User, value: 1 | -1) => call('POST', `/votes/${voteId}/ballot`, u, { value });
  const featuredAt = async (id: number) =>
    (await t.database.db.selectFrom('photos').select('featured_at').where('id', '=', id).executeTakeFirstOrThrow()).featured_at;
  const noticesOf = (photoId: number) =>
    t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('photo_id', '=', photoId)
      .where('kind', '=', 'featured')
      .execute();

  it('opens one vote per accepted photo, with a reason, running 72 hours', async () => {
    const photo = await acceptedPhoto();
    const res = await call('POST', '/votes', screeners[0]!, { photoId: photo, reason: '好图' });
    expect(res.json()).toMatchObject({
      message: '已发起投票',
      // Opening is the opener's 赞成 (issue 34, item 20).
      vote: { photoId: photo, state: 'open', net: null, ballots: 1, myBallot: 1 },
    });
    expect(res.json().vote.closesAt - res.json().vote.openedAt).toBe(72 * HOUR);
    const again = await call('POST', '/votes', screeners[1]!, { photoId: photo, reason: '再来一次' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('该照片已有进行中的投票');
    const pending = await insertPhoto(t, photographer.id);
    expect((await call('POST', '/votes', screeners[0]!, { photoId: pending, reason: '好图' })).statusCode).toBe(409);
    expect((await call('POST', '/votes', screeners[0]!, { photoId: 2_000_000_000, reason: '好图' })).statusCode).toBe(404);
    expect((await call('POST', '/votes', screeners[0]!, { photoId: photo, reason: '' })).statusCode).toBe(400);
    // Two screeners at once: still one open vote.
    const other = await acceptedPhoto();
    const both = await Promise.all(
      screeners.slice(0, 2).map((s) => call('POST', '/votes', s, { photoId: other, reason: '好图' })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('keeps one ballot per screener, changeable while open, and lists my ballot', async () => {
    const vote = await open(await acceptedPhoto());
    // The opener's 赞成 is the first ballot.
    expect((await ballot(vote, screeners[1]!, 1)).json().vote).toMatchObject({ ballots: 2, myBallot: 1 });
    expect((await ballot(vote, screeners[1]!, -1)).json().vote).toMatchObject({ ballots: 2, myBallot: -1 });
    expect((await ballot(vote, screeners[2]!, 1)).json().vote).toMatchObject({ ballots: 3, myBallot: 1 });
    expect((await call('POST', `/votes/${vote}/ballot`, screeners[2]!, { value: 5 })).statusCode).toBe(400);
    const rows = await t.database.db.selectFrom('ballots').selectAll().where('vote_id', '=', vote).execute();
    expect(rows.map((r) => [r.user_id, r.value]).sort()).toEqual(
      [
        [screeners[0]!.id, 1],
        [screeners[1]!.id, -1],
        [screeners[2]!.id, 1],
      ].sort(),
    );
    const listed = (await call('GET', '/votes?state=open', screeners[1]!)).json().items as { id: number; myBallot: number }[];
    expect(listed.find((v) => v.id === vote)!.myBallot).toBe(-1);
    const { photo_id: photoId, registration } = await t.database.db
      .selectFrom('votes')
      .innerJoin('photos', 'photos.id', 'votes.photo_id')
      .select(['votes.photo_id', 'photos.registration'])
      .where('votes.id', '=', vote)
      .executeTakeFirstOrThrow();
    const ofPhoto = (await call('GET', `/votes?photoId=${photoId}`, screeners[0]!)).json().items as {
      id: number;
      photo: { id: number; state: string; registration: string } | null;
    }[];
    expect(ofPhoto.map((v) => v.id)).toEqual([vote]);
    // The photo comes with the vote, so the page can show what is voted on.
    expect(ofPhoto[0]!.photo).toMatchObject({ id: photoId, state: 'accepted', registration });
  });

  it('closes each vote exactly once at its deadline with two processes; net ≥ 2 features and notifies', async () => {
    const winner = await acceptedPhoto();
    const loser = await acceptedPhoto();
    const wVote = await open(winner);
    const lVote = await open(loser);
    for (const s of screeners) expect((await ballot(wVote, s, 1)).statusCode).toBe(200);
    await ballot(wVote, screeners[2]!, -1); // changed: net 1 + 1 − 1 = 1 … then back to +1 below
    await ballot(wVote, screeners[2]!, 1);
    await ballot(lVote, screeners[0]!, 1);
    await ballot(lVote, screeners[1]!, 1);
    await ballot(lVote, screeners[2]!, -1);

    // A second process on the same PostgreSQL database, with the same clock. (SQLite has one writer
    // and better-sqlite3 is synchronous: two handles in one thread would wait on each other, so there
    // the job runs twice at once through one handle.)
    const second =
      kind === 'postgres' ? await buildServices(t.config, { clock: t.clock, database: openDatabase(t.config) }) : null;
    const jobs = [t.services.votes, (second ?? t).services.votes];
    try {
      t.clock.advance(72 * HOUR - 1000);
      expect(await Promise.all(jobs.map((j) => j.closeDueVotes()))).toEqual([0, 0]);
      expect((await ballot(wVote, senior, 1)).statusCode).toBe(200);
      const version = async () => (await t.database.db.selectFrom('gallery_state').select('version').executeTakeFirst())?.version;
      const before = await version();
      t.clock.advance(1000);
      expect((await ballot(wVote, senior, -1)).statusCode).toBe(409);
      const counts = await Promise.all([...jobs, ...jobs].map((j) => j.closeDueVotes()));
      // Other tests' votes may fall due too; these two are closed once each (the audit below).
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
      // The feature re-indexes the photo through its job (the runner's loops run it after the close).
      await runInlineJobs(t);
      expect(Number(await version())).toBeGreaterThan(Number(before));
    } finally {
      await second?.database.destroy();
    }
    const closes = await t.database.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'vote.close')
      .where('target_id', 'in', [wVote, lVote])
      .execute();
    expect(closes.map((c) => c.target_id).sort()).toEqual([wVote, lVote].sort());
    expect(await featuredAt(winner)).toBe(t.clock.now());
    expect(await featuredAt(loser)).toBeNull();
    expect(await noticesOf(winner)).toHaveLength(1);
    expect((await noticesOf(winner))[0]!.user_id).toBe(photographer.id);
    expect(await noticesOf(loser)).toHaveLength(0);
    const closed = (await call('GET', '/votes?state=closed', screeners[0]!)).json().items as {
      id: number;
      net: number;
      featured: boolean;
    }[];
    expect(closed.find((v) => v.id === wVote)).toMatchObject({ net: 4, featured: true });
    expect(closed.find((v) => v.id === lVote)).toMatchObject({ net: 1, featured: false });
    const gallery = (await call('GET', '/photos?featured=1', null)).json().items as { id: number }[];
    expect(gallery.map((p) => p.id)).toContain(winner);
    expect(gallery.map((p) => p.id)).not.toContain(loser);
  });

  it('lets a senior screener cancel an open vote; no ballot after that; the audit log has every step', async () => {
    const vote = await open(await acceptedPhoto());
    expect((await call('DELETE', `/votes/${vote}`, screeners[0]!)).statusCode).toBe(403);
    expect((await call('DELETE', `/votes/${vote}`, senior)).json().message).toBe('投票已取消');
    expect((await call('DELETE', `/votes/${vote}`, senior)).statusCode).toBe(409);
    expect((await ballot(vote, screeners[1]!, 1)).statusCode).toBe(409);
    t.clock.advance(73 * HOUR);
    await t.services.votes.closeDueVotes();
    expect((await t.database.db.selectFrom('votes').select('state').where('id', '=', vote).executeTakeFirstOrThrow()).state).toBe(
      'cancelled',
    );
    const log = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'created_at'])
      .where('target_type', '=', 'vote')
      .where('target_id', '=', vote)
      .orderBy('id')
      .execute();
    expect(log.map((l) => [l.action, l.actor_id])).toEqual([
      ['vote.open', screeners[0]!.id],
      ['vote.cancel', senior.id],
    ]);
    expect(log.every((l) => Number(l.created_at) > 0)).toBe(true);
  });

  it('keeps screeners from voting on their own photo, a past deadline from being cancelled, and paging ids in range', async () => {
    const own = await acceptedPhoto(screeners[0]!);
    const refused = await call('POST', '/votes', screeners[0]!, { photoId: own, reason: '我自己的' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('不能为自己的照片发起投票或投票');
    const vote = await open(own, screeners[1]!);
    expect((await ballot(vote, screeners[0]!, 1)).statusCode).toBe(403);
    expect((await ballot(vote, screeners[2]!, 1)).statusCode).toBe(200);

    // Past the deadline (the job has not run yet) the result stands: no cancel.
    t.clock.advance(73 * HOUR);
    expect((await call('DELETE', `/votes/${vote}`, senior)).statusCode).toBe(409);
    await t.services.votes.closeDueVotes();

    const far = await call('GET', '/votes?state=closed&cursor=9999999999', screeners[0]!);
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe('无效的分页参数');
  });
});
