import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekOf, weekStart } from '../../../../contract/potw.js';
import { acceptPhoto, bearer, createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;
const DAY = 86_400_000;
const WEEK = 7 * DAY;

describe('weeks', () => {
  it('names a week by its Monday in Beijing time', () => {
    // Sunday 2026-11-29 23:30 in Beijing is still the week of Monday the 23rd; 00:30 on Monday the 30th is the next.
    expect(weekOf(Date.parse('2026-11-29T15:30:00Z'))).toBe('2026-11-23');
    expect(weekOf(Date.parse('2026-11-29T16:30:00Z'))).toBe('2026-11-30');
    expect(weekOf(Date.parse('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(weekStart('2026-11-30')).toBe(Date.parse('2026-11-29T16:00:00Z'));
    expect(weekOf(Date.parse('1969-12-31T12:00:00Z'))).toBe('1969-12-29');
  });
});

describe.each(databaseKinds())('photo of the week on %s', (kind) => {
  let t: TestApp;
  let photographer: User;
  let seniors: User[];
  let screener: User;
  beforeAll(async () => {
    t = await createTestApp(kind);
    photographer = await makeUser(t);
    seniors = await Promise.all([1, 2].map(() => makeUser(t, 2)));
    screener = await makeUser(t, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: User | null, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user ? bearer(user.token) : {}, ...(payload ? { payload } : {}) });
  async function acceptedPhoto(owner: User = photographer) {
    const id = await insertPhoto(t, owner.id, { in_flight: 1 });
    await acceptPhoto(t, id, { ...screener, level: 1 });
    return id;
  }
  const thisWeek = () => weekOf(t.clock.now());
  const weekAhead = (n: number) => weekOf(weekStart(thisWeek()) + n * WEEK);
  const pick = (photoId: number, comment: string, week?: string, by: User = seniors[0]!) =>
    call('POST', '/potw', by, { photoId, comment, ...(week ? { week } : {}) });

  it('lets senior screeners pick an accepted photo for this week, heads the home page and tells the photographer', async () => {
    expect((await call('GET', '/potw/current', null)).json()).toEqual({ entry: null });
    const photo = await acceptedPhoto();
    // Screeners below level 2 and members may not pick.
    expect((await pick(photo, '好图', undefined, screener)).statusCode).toBe(403);
    expect((await pick(photo, '好图', undefined, photographer)).statusCode).toBe(403);
    expect((await call('POST', '/potw', null, { photoId: photo, comment: '好图' })).statusCode).toBe(401);
    const res = await pick(photo, '  晨光里的 B-30EE，逆光处理得干净利落。  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: '已选为每周图片',
      entry: {
        week: thisWeek(),
        comment: '晨光里的 B-30EE，逆光处理得干净利落。',
        pickedBy: { id: seniors[0]!.id },
        photo: { id: photo },
      },
    });
    const current = (await call('GET', '/potw/current', null)).json();
    expect(current.entry).toMatchObject({ week: thisWeek(), photo: { id: photo, state: 'accepted' } });
    const notices = await t.database.db.selectFrom('notifications').selectAll().where('kind', '=', 'potw').execute();
    expect(notices.map((n) => [n.user_id, n.photo_id])).toEqual([[photographer.id, photo]]);
    expect(notices[0]!.body).toContain('晨光里的 B-30EE');
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'potw.pick').execute();
    expect(audit.map((a) => [a.actor_id, a.target_id])).toEqual([[seniors[0]!.id, photo]]);
  });

  it('keeps one photo a week and each photo once, also when two seniors pick at once', async () => {
    const [a, b, c] = [await acceptedPhoto(), await acceptedPhoto(), await acceptedPhoto()];
    const week = weekAhead(1);
    expect((await pick(a, '第一张', week)).statusCode).toBe(200);
    const sameWeek = await pick(b, '第二张', week);
    expect(sameWeek.statusCode).toBe(409);
    expect(sameWeek.json().message).toContain('已有每周图片');
    const samePhoto = await pick(a, '再来一次', weekAhead(2));
    expect(samePhoto.statusCode).toBe(409);
    expect(samePhoto.json().message).toBe('这张图片已当选过每周图片：每张图片只能当选一次');
    // Two seniors, one free week: the table's key keeps one and the other hears why.
    const both = await Promise.all([pick(b, '甲选', weekAhead(3), seniors[0]), pick(c, '乙选', weekAhead(3), seniors[1])]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toContain('已有每周图片');
    // Two seniors, one photo, two weeks: it is picked once.
    const d = await acceptedPhoto();
    const twice = await Promise.all([pick(d, '甲选', weekAhead(5), seniors[0]), pick(d, '乙选', weekAhead(6), seniors[1])]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(twice.find((r) => r.statusCode === 409)!.json().message).toBe('这张图片已当选过每周图片：每张图片只能当选一次');
    const rows = await t.database.db.selectFrom('photos_of_week').select('photo_id').where('photo_id', '=', d).execute();
    expect(rows).toHaveLength(1);
    // Picked ahead: the seniors see them; the archive does not show weeks to come.
    const upcoming = (await call('GET', '/potw/upcoming', seniors[1]!)).json();
    expect(upcoming.items.map((e: { week: string }) => e.week)).toEqual([weekAhead(1), weekAhead(3), expect.any(String)]);
    expect((await call('GET', '/potw/upcoming', screener)).statusCode).toBe(403);
    const archive = (await call('GET', '/potw', null)).json();
    expect(archive.items.map((e: { week: string }) => e.week)).toEqual([thisWeek()]);
  });

  it('refuses photos not accepted, one’s own, past weeks, weeks too far ahead and days that are not Mondays', async () => {
    const pending = await insertPhoto(t, photographer.id);
    expect((await pick(pending, '待审', weekAhead(6))).json().message).toBe('只能选择已通过审核的图片');
    const own = await acceptedPhoto(seniors[0]);
    const ownRes = await pick(own, '自己的', weekAhead(6));
    expect([ownRes.statusCode, ownRes.json().message]).toEqual([403, '不能选自己的图片：请另一位资深审图员来选']);
    const photo = await acceptedPhoto();
    for (const week of [weekAhead(-1), weekAhead(8), '2026-11-24', '2026-02-30', '2026-1-5']) {
      const res = await pick(photo, '好图', week);
      expect(res.statusCode, week).toBe(400);
      expect(res.json().message).toContain('周次须为某周的星期一');
    }
    expect((await pick(photo, '   ')).json().message).toBe('请写下推荐语');
    const long = await pick(photo, '好'.repeat(301), weekAhead(6));
    expect(long.statusCode).toBe(400);
    expect((await pick(2_000_000_000, '好图', weekAhead(6))).statusCode).toBe(404);
    // Any week in the path: a Chinese 4xx, never a 500.
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40, unit: 'binary' }), async (week) => {
        const res = await call('DELETE', `/potw/${encodeURIComponent(week)}`, seniors[0]!);
        expect(res.statusCode, week).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, week).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('lets a photo leaving the gallery free its weeks ahead, and respects a photographer who keeps theirs out of picks', async () => {
    const photo = await acceptedPhoto();
    expect((await pick(photo, '先选上', weekAhead(2))).statusCode).toBe(200);
    // The photographer withdraws it: the week is free again, for another photo.
    const withdrawn = await call('POST', `/photos/${photo}/withdraw`, photographer);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const other = await acceptedPhoto();
    expect((await pick(other, '换一张', weekAhead(2))).statusCode).toBe(200);
    // A senior screener revokes the acceptance of a picked photo: the same.
    const revoked = await call('POST', `/screening/photos/${other}/revoke`, seniors[1]!, { message: '注册号有误' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const upcoming = (await call('GET', '/potw/upcoming', seniors[0]!)).json();
    expect(upcoming.items.map((e: { week: string }) => e.week)).not.toContain(weekAhead(2));
    expect(await t.database.db.selectFrom('photos_of_week').select('week').where('week', '=', weekAhead(2)).execute()).toEqual(
      [],
    );
    // A photographer who does not allow the site to feature their photos is not picked.
    const shy = await makeUser(t);
    await call('PUT', '/user/me', shy, { settings: { allowFeature: false } });
    const shyPhoto = await acceptedPhoto(shy);
    const refused = await pick(shyPhoto, '很好', weekAhead(2));
    expect([refused.statusCode, refused.json().message]).toEqual([409, '摄影师在设置中不允许本站精选其图片']);
  });

  it('keeps an archive by week; a week gone by stays, one ahead can be taken back; a withdrawn photo leaves its week', async () => {
    const start = t.clock.now();
    const photo = await acceptedPhoto();
    expect((await pick(photo, '下周的', weekAhead(7))).statusCode).toBe(200);
    expect((await call('DELETE', `/potw/${weekAhead(7)}`, screener)).statusCode).toBe(403);
    const removed = await call('DELETE', `/potw/${weekAhead(7)}`, seniors[1]!);
    expect(removed.json()).toEqual({ message: '已撤销这一周的每周图片' });
    expect((await call('DELETE', `/potw/${weekAhead(7)}`, seniors[1]!)).statusCode).toBe(404);
    expect((await pick(photo, '改到这一周', weekAhead(4))).statusCode).toBe(200);
    // Four weeks on: the weeks picked so far are in the archive, newest first, page by page.
    t.clock.advance(4 * WEEK);
    const past = weekAhead(-4);
    const late = await call('DELETE', `/potw/${past}`, seniors[0]!);
    expect([late.statusCode, late.json().message]).toEqual([409, '已经过去的一周不能再改']);
    const first = (await call('GET', '/potw?limit=2', null)).json();
    expect(first.items.map((e: { week: string }) => e.week)).toEqual([weekAhead(0), weekAhead(-1)]);
    expect(first.items[0]).toMatchObject({ comment: '改到这一周', photo: { id: photo } });
    const rest = (await call('GET', `/potw?limit=2&cursor=${first.nextCursor}`, null)).json();
    expect(rest).toMatchObject({ items: [{ week: weekAhead(-3) }, { week: past }], nextCursor: null });
    expect((await call('GET', '/potw/current', null)).json().entry).toMatchObject({
      photo: { id: photo },
      comment: '改到这一周',
    });
    // The photographer withdraws it: the week is empty on the home page and in the archive.
    await t.database.db.updateTable('photos').set({ state: 'withdrawn' }).where('id', '=', photo).execute();
    // Each process keeps this week's pick for a second of its clock: the change shows once it has passed.
    t.clock.advance(1_000);
    expect((await call('GET', '/potw/current', null)).json()).toEqual({ entry: null });
    expect((await call('GET', '/potw?limit=1', null)).json().items[0].week).toBe(weekAhead(-1));
    expect((await call('GET', '/potw?cursor=2026-13-99', null)).statusCode).toBe(200);
    expect((await call('GET', '/potw?cursor=11-30', null)).statusCode).toBe(400);
    t.clock.advance(start - t.clock.now());
  });
});
