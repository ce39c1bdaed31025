import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { PublicUser } from '../../../../contract/accounts.js';
import { STATISTICS_MESSAGES, type RankingsResponse, type UserStatistics } from '../../../../contract/statistics.js';
import { importReferenceData } from '../reference/reference.import.js';
import { sqlitePlan } from '../../testing/query-plans.js';
import { firstsByMemberQuery, likedMembersQuery, likedPhotosQuery } from './statistics.repository.js';
import { bearer, createTestApp, databaseKinds, insertAccepted, makeUser, type TestApp } from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 39, item 6: a photographer's views per week, likes and top photos, and the monthly rankings (most
// liked, most 首张), by the site's weeks and months (UTC+8). The test moves its clock to 10:00 at the site on
// the first Thursday from 7 January of next year (Y), so that every week it counts is whole.
describe.each(databaseKinds())('statistics and monthly rankings on %s', (kind) => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let carol: User;
  let screener: User;
  const ids: Record<string, number> = {};

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}` });
  const like = async (user: User, photo: number) => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/photos/${photo}/like`, headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
  };
  const view = async (photo: number, n: number) => {
    t.services.views.count(photo, n);
    await t.services.views.flush();
  };
  const accepted = (by: User, registration: string) =>
    insertAccepted(t, by.id, { id: screener.id, username: 's', level: 1 }, { registration });
  const names = (list: RankingsResponse['liked']) => list.map((r) => [r.user.username, r.count]);
  const DAY = 86_400_000;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  let Y = 0;
  /** 00:00 UTC of that Thursday: the weeks are from the Monday three days before it. */
  let thursday = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    Y = new Date(t.clock.now()).getUTCFullYear() + 1;
    thursday = Date.UTC(Y, 0, 7);
    while (new Date(thursday).getUTCDay() !== 4) thursday += DAY;
    t.clock.advance(thursday + 2 * 3_600_000 - t.clock.now());
    await importReferenceData(t.database.db, t.clock.now());
    [alice, bob, carol, screener] = [await makeUser(t), await makeUser(t), await makeUser(t), await makeUser(t, 1)];
    ids.a = await accepted(alice, 'B-7001');
    ids.b = await accepted(alice, 'B-7002');
    ids.c = await accepted(alice, 'B-7003');
    ids.d = await accepted(bob, 'B-7001'); // the same aircraft: not 首张
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts a photographer’s views per week, likes and top photos', async () => {
    await view(ids.a!, 3);
    await view(ids.b!, 5);
    await like(bob, ids.a!);
    await like(carol, ids.a!);
    await like(carol, ids.b!);
    t.clock.advance(7 * DAY); // a week on: the next week's Thursday
    await view(ids.a!, 3);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/photos/${ids.c}/withdraw`, headers: bearer(alice.token) });
    expect(res.statusCode).toBe(200);

    const stats = (await get(`/users/${alice.id}/statistics`)).json<UserStatistics>();
    expect(stats.weeks).toHaveLength(12);
    expect(stats.weeks.slice(-3)).toEqual([
      { start: day(thursday - 10 * DAY), views: 0 },
      { start: day(thursday - 3 * DAY), views: 8 },
      { start: day(thursday + 4 * DAY), views: 3 },
    ]);
    // Most viewed first; the withdrawn photo is no longer shown.
    expect(stats.top.map((p) => p.id)).toEqual([ids.a, ids.b]);
    const profile = (await get(`/users/${alice.id}`)).json<PublicUser>();
    expect(profile.stats).toMatchObject({ likes: 3, views: 11, firsts: 2 });
    expect((await get('/users/999999/statistics')).statusCode).toBe(404);
  });

  it('ranks a month’s most liked photos and photographers and its 首张, by the site’s months', async () => {
    // 16:30 UTC on 31 January is already February at the site (UTC+8).
    t.clock.advance(Date.UTC(Y, 0, 31, 16, 30) - t.clock.now());
    await like(alice, ids.d!);
    await like(bob, ids.b!);
    ids.e = await accepted(bob, 'B-7009');

    const january = (await get(`/rankings/${Y}-01`)).json<RankingsResponse>();
    expect(january.month).toBe(`${Y}-01`);
    expect(january.photos.map((p) => [p.photo.id, p.likes])).toEqual([
      [ids.a, 2],
      [ids.b, 1],
    ]);
    expect(names(january.liked)).toEqual([[alice.username, 3]]);
    // a and b are alice's 首张 of January (c left the gallery); d is not the first of B-7001.
    expect(names(january.firsts)).toEqual([[alice.username, 2]]);

    const february = (await get(`/rankings/${Y}-02`)).json<RankingsResponse>();
    // A tie goes to the newer photo.
    expect(february.photos.map((p) => [p.photo.id, p.likes])).toEqual([
      [ids.d, 1],
      [ids.b, 1],
    ]);
    expect(names(february.liked)).toEqual([
      [alice.username, 1],
      [bob.username, 1],
    ]);
    expect(names(february.firsts)).toEqual([[bob.username, 1]]);
  });

  it('refuses a month that is not one, and has none before the site or after today', async () => {
    for (const month of [`${Y}-13`, `${Y}-1`, `${Y}01`]) {
      const res = await get(`/rankings/${month}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(STATISTICS_MESSAGES.badMonth);
    }
    for (const month of ['1999-12', `${Y}-03`]) {
      const res = await get(`/rankings/${month}`);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(STATISTICS_MESSAGES.noSuchMonth);
    }
  });
});

// The month's likes are gathered from their time index before photos are joined: left to itself, SQLite
// would walk every accepted photo and probe its likes.
describe('a month’s rankings on SQLite', () => {
  it('reads the month through the likes’ time index and the acceptances’ one', async () => {
    const t = await createTestApp('sqlite');
    onTestFinished(() => t.close());
    const db = t.database.db;
    const [from, to] = [Date.UTC(2027, 0, 1), Date.UTC(2027, 1, 1)];
    for (const query of [likedPhotosQuery(db, from, to, 10), likedMembersQuery(db, from, to, 10)]) {
      const plan = (await sqlitePlan(db, query)).join(' | ');
      expect(plan).toMatch(/SEARCH likes USING (COVERING )?INDEX likes_created_idx \(created_at>\? AND created_at<\?\)/);
      expect(plan).not.toMatch(/SCAN photos/);
    }
    const plan = (await sqlitePlan(db, firstsByMemberQuery(db, from, to, 10))).join(' | ');
    expect(plan).toMatch(/SEARCH photos USING (COVERING )?INDEX \w+ \(state=\? AND decided_at>\? AND decided_at<\?\)/);
  });
});
