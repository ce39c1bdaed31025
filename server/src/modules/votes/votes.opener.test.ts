import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptPhoto, bearer, createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;
const HOUR = 3_600_000;

// Issue 34, item 20: the screener who opened a vote had not voted in it: opening is their 赞成 (+1),
// counted in the same transaction as the vote, changeable like any ballot while it runs.
describe.each(databaseKinds())('the opener’s ballot on %s', (kind) => {
  let t: TestApp;
  let photographer: User;
  let screeners: User[];
  let senior: User;
  beforeAll(async () => {
    t = await createTestApp(kind);
    photographer = await makeUser(t);
    screeners = await Promise.all([1, 2].map(() => makeUser(t, 1)));
    senior = await makeUser(t, 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, user: User, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  const acceptedPhoto = async () => {
    const id = await insertPhoto(t, photographer.id, { in_flight: 1 });
    await acceptPhoto(t, id, { ...senior, level: 2 });
    return id;
  };
  const ballotsOf = (voteId: number) =>
    t.database.db.selectFrom('ballots').select(['user_id', 'value']).where('vote_id', '=', voteId).execute();

  it('counts the opener’s 赞成 when the vote opens, and lets them change it', async () => {
    const opened = await call('POST', '/votes', screeners[0]!, { photoId: await acceptedPhoto(), reason: '光线很好' });
    expect(opened.statusCode).toBe(200);
    const vote = opened.json().vote as { id: number };
    expect(opened.json().vote).toMatchObject({ state: 'open', ballots: 1, myBallot: 1 });
    expect(await ballotsOf(vote.id)).toEqual([{ user_id: screeners[0]!.id, value: 1 }]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target_type', '=', 'vote')
      .where('target_id', '=', vote.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['vote.open']);
    expect(JSON.parse(String(audit[0]!.detail))).toMatchObject({ ballot: 1 });
    // Another screener sees one ballot, none of theirs.
    const listed = (await call('GET', '/votes?state=open', screeners[1]!)).json().items as { id: number }[];
    expect(listed.find((v) => v.id === vote.id)).toMatchObject({ ballots: 1, myBallot: null });
    // The opener changes their mind like anyone.
    const changed = await call('POST', `/votes/${vote.id}/ballot`, screeners[0]!, { value: -1 });
    expect(changed.json().vote).toMatchObject({ ballots: 1, myBallot: -1 });
  });

  it('features a photo its opener and one more screener favour', async () => {
    const photo = await acceptedPhoto();
    const vote = (await call('POST', '/votes', screeners[0]!, { photoId: photo, reason: '构图干净' })).json().vote.id as number;
    expect((await call('POST', `/votes/${vote}/ballot`, screeners[1]!, { value: 1 })).statusCode).toBe(200);
    t.clock.advance(72 * HOUR);
    await t.services.votes.closeDueVotes();
    const closed = (await call('GET', '/votes?state=closed', screeners[1]!)).json().items as { id: number }[];
    expect(closed.find((v) => v.id === vote)).toMatchObject({ net: 2, featured: true });
  });

  it('keeps one vote and one ballot when two screeners open one on the same photo at once', async () => {
    const photo = await acceptedPhoto();
    const both = await Promise.all(screeners.map((s) => call('POST', '/votes', s, { photoId: photo, reason: '好图' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.statusCode === 200)!.json().vote as { id: number; openedBy: { id: number } };
    const votes = await t.database.db.selectFrom('votes').select('id').where('photo_id', '=', photo).execute();
    expect(votes.map((v) => v.id)).toEqual([winner.id]);
    expect(await ballotsOf(winner.id)).toEqual([{ user_id: winner.openedBy.id, value: 1 }]);
  });
});
