import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrendingResponse } from '../../../../contract/gallery.js';
import { bearer, createTestApp, databaseKinds, insertAccepted, makeUser, type TestApp } from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 39, item 6: views are kept per day by the batch writer, and 今日热门 is the site's day's most viewed
// photos still in the gallery, then yesterday's while today has few.
describe.each(databaseKinds())('views per day and 今日热门 on %s', (kind) => {
  let t: TestApp;
  let member: User;
  const photos: number[] = [];
  const trending = async () => {
    t.clock.advance(61_000); // past the minute the answer is kept
    return (await t.app.inject({ method: 'GET', url: '/api/v1/photos/trending' })).json<TrendingResponse>();
  };
  const view = async (counts: [number, number][]) => {
    for (const [id, n] of counts) t.services.views.count(id, n);
    await t.services.views.flush();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    member = await makeUser(t);
    const screener = await makeUser(t, 1);
    for (const registration of ['B-2001', 'B-2002', 'B-2003'])
      photos.push(await insertAccepted(t, member.id, { id: screener.id, username: 's', level: 1 }, { registration }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts views per day beside the total, and ranks the day’s most viewed', async () => {
    const [a, b, c] = photos as [number, number, number];
    await view([
      [a, 2],
      [b, 5],
    ]);
    await view([[a, 1]]);
    const day = new Date(t.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const rows = await t.database.db.selectFrom('photo_views_daily').selectAll().orderBy('photo_id').execute();
    expect(rows).toEqual([
      { day, photo_id: a, views: 3 },
      { day, photo_id: b, views: 5 },
    ]);
    const totals = await t.database.db
      .selectFrom('photos')
      .select(['id', 'views'])
      .where('id', 'in', [a, b, c])
      .orderBy('id')
      .execute();
    expect(totals.map((r) => Number(r.views))).toEqual([3, 5, 0]);
    const top = await trending();
    expect(top).toMatchObject({ day });
    expect(top.items.map((p) => p.id)).toEqual([b, a]);
  });

  it('leaves out a photo that left the gallery, and follows yesterday’s while today has few', async () => {
    const [a, b, c] = photos as [number, number, number];
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/photos/${b}/withdraw`, headers: bearer(member.token) });
    expect(res.statusCode).toBe(200);
    expect((await trending()).items.map((p) => p.id)).toEqual([a]);
    // The next day: only c is viewed yet; yesterday's a follows it.
    t.clock.advance(86_400_000);
    await view([[c, 1]]);
    expect((await trending()).items.map((p) => p.id)).toEqual([c, a]);
  });
});
