import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FOLLOW_LIMITS,
  FOLLOW_MESSAGES,
  type Follow,
  type FollowingResponse,
  type FollowsResponse,
} from '../../../../contract/follows.js';
import type { NotificationsResponse } from '../../../../contract/screening.js';
import { buildServices } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import type { NewPhoto } from '../../db/schema.js';
import {
  acceptPhoto,
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertPhoto,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';
import { seedFollowers } from '../../testing/followers.js';
import { importReferenceData } from '../reference/reference.import.js';
import { SCREENING_LIMITS } from '../../../../contract/screening.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 23, items 1 and 2: follows with their limit, one notification per member and photo however
// many of their follows it matches, mail as each follow asks, and the fan-out done once across processes.
const UNDO_MS = SCREENING_LIMITS.undoSeconds * 1000;

describe.each(databaseKinds())('follows on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let photographer: User;
  let fan: User;
  let airlineId: number;
  let otherAirlineId: number;

  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: User, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user ? bearer(user.token) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: res.json<T>() };
  };
  const follow = (user: User, body: object) => call<{ message: string; follow: Follow }>('POST', '/follows', user, body);
  async function accepted(over: Partial<NewPhoto>, by = photographer): Promise<number> {
    const id = await insertPhoto(t, by.id, { in_flight: 1, ...over });
    await acceptPhoto(t, id, { id: screener.id, username: 's', level: 1 });
    // Past the acceptance's 撤销: its followers are told from now on.
    t.clock.advance(UNDO_MS + 1000);
    return id;
  }
  const noticesOf = (userId: number, photoId: number) =>
    t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('photo_id', '=', photoId)
      .where('kind', '=', 'followed')
      .execute();
  const mailsTo = (email: string) =>
    t.database.db.selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReferenceData(t.database.db, t.clock.now());
    const airline = (icao: string) =>
      t.database.db.selectFrom('airlines').select('id').where('icao', '=', icao).orderBy('id').executeTakeFirstOrThrow();
    airlineId = (await airline('CSC')).id;
    otherAirlineId = (await airline('CCA')).id;
    screener = await makeUser(t, 1);
    photographer = await makeUser(t);
    fan = await makeUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('follows a registration in any spelling, an airline and a photographer; refuses twice, unknown targets and strangers', async () => {
    const reg = await follow(fan, { kind: 'registration', target: 'b30ee', mail: 'instant' });
    expect(reg.status).toBe(200);
    expect(reg.body.message).toBe(FOLLOW_MESSAGES.followed);
    expect(reg.body.follow).toMatchObject({
      kind: 'registration',
      target: 'B30EE',
      label: 'B30EE',
      mail: 'instant',
      muted: false,
    });
    const again = await follow(fan, { kind: 'registration', target: 'B-30EE' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(FOLLOW_MESSAGES.already);
    const airline = await follow(fan, { kind: 'airline', target: String(airlineId) });
    expect(airline.body.follow.label).toContain('四川航空');
    expect(airline.body.follow.href).toBe(`/search?airline=${airlineId}`);
    const person = await follow(fan, { kind: 'photographer', target: String(photographer.id) });
    expect(person.body.follow).toMatchObject({ label: photographer.username, href: `/user/${photographer.id}` });

    for (const [body, status] of [
      [{ kind: 'photographer', target: '999999' }, 404],
      // Past the 32-bit ids and the stored search's length: refused in Chinese, not a database error.
      [{ kind: 'airline', target: '9999999999' }, 404],
      [{ kind: 'airframe', target: '9999999999' }, 404],
      [{ kind: 'search', target: `q=${'航'.repeat(100)}` }, 400],
      [{ kind: 'search', target: 'featured=0' }, 400],
      [{ kind: 'airport', target: 'PVG' }, 404],
      [{ kind: 'registration', target: '---' }, 400],
      [{ kind: 'search', target: 'sort=views' }, 400],
      [{ kind: 'search', target: 'airline=abc' }, 400],
      [{ kind: 'planet', target: '1' }, 400],
      [{ kind: 'airline', target: String(airlineId), extra: 1 }, 400],
    ] as const) {
      const res = await follow(fan, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expectChineseError(res.body as never);
    }
    expect((await call('GET', '/follows')).status).toBe(401);

    const mine = await call<FollowsResponse>('GET', '/follows', fan);
    expect(mine.body.limit).toBe(FOLLOW_LIMITS.perMember);
    expect(mine.body.items.map((f) => f.kind)).toEqual(['photographer', 'airline', 'registration']);
    // Another member can neither change nor remove them.
    const stranger = await makeUser(t);
    expect((await call('PUT', `/follows/${reg.body.follow.id}`, stranger, { muted: true })).status).toBe(404);
    expect((await call('DELETE', `/follows/${reg.body.follow.id}`, stranger)).status).toBe(404);
    const nothing = await call<{ message: string }>('PUT', `/follows/${reg.body.follow.id}`, fan, {});
    expect(nothing.status).toBe(400);
    expectChineseError(nothing.body);
  });

  it('gives one notification for a photo matching three follows, mails once, and never tells the photographer', async () => {
    const before = (await call<NotificationsResponse>('GET', '/notifications', fan)).body.unread;
    const photoId = await accepted({ registration: 'B-30EE', airline_id: airlineId });
    // The decision only queued it.
    expect(await noticesOf(fan.id, photoId)).toHaveLength(0);
    await t.services.fanout.run(10);
    const notices = await noticesOf(fan.id, photoId);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toContain('B-30EE');
    expect((await call<NotificationsResponse>('GET', '/notifications', fan)).body.unread).toBe(before + 1);
    // The registration follow asks for a mail at once: one, whatever else matched.
    const mails = await mailsTo(fan.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`/photo/${photoId}`);
    // Running again (or after a revoke and a new acceptance) tells nobody twice.
    await t.services.fanout.run(10);
    expect(await noticesOf(fan.id, photoId)).toHaveLength(1);
    expect(await noticesOf(photographer.id, photoId)).toHaveLength(0);
    // The registration follow's label now reads as photos write it.
    const mine = await call<FollowsResponse>('GET', '/follows', fan);
    expect(mine.body.items.find((f) => f.kind === 'registration')?.label).toBe('B30EE');
    expect((await follow(fan, { kind: 'registration', target: 'B30EE' })).status).toBe(409);
  });

  it('tells nobody while the acceptance may be taken back, and nobody at all once it is', async () => {
    const watcher = await makeUser(t);
    expect((await follow(watcher, { kind: 'registration', target: 'B-30UN' })).status).toBe(200);
    await t.services.fanout.run(100); // what earlier tests queued
    const photoId = await insertPhoto(t, photographer.id, { in_flight: 1, registration: 'B-30UN' });
    await acceptPhoto(t, photoId, { id: screener.id, username: 's', level: 1 });
    t.clock.advance(UNDO_MS - 1000);
    await t.services.fanout.run(10);
    expect(await noticesOf(watcher.id, photoId)).toHaveLength(0);
    // Taken back within the window: the photo waits again, and its fan-out ends without a word.
    await t.database.db.updateTable('photos').set({ state: 'pending' }).where('id', '=', photoId).execute();
    t.clock.advance(2000);
    await t.services.fanout.run(10);
    expect(await noticesOf(watcher.id, photoId)).toHaveLength(0);
  });

  it('sends nothing to a member whose follows say no mail, and a daily digest to one who asked for it', async () => {
    const quiet = await makeUser(t);
    const daily = await makeUser(t);
    await follow(quiet, { kind: 'airline', target: String(otherAirlineId), mail: 'off' });
    await follow(daily, { kind: 'airline', target: String(otherAirlineId), mail: 'daily' });
    const first = await accepted({ airline_id: otherAirlineId });
    const second = await accepted({ airline_id: otherAirlineId });
    await t.services.fanout.run(10);
    expect(await noticesOf(quiet.id, first)).toHaveLength(1);
    expect(await noticesOf(daily.id, second)).toHaveLength(1);
    // The screening digest leaves followed photos alone; the follows digest sends them in one mail a day.
    await t.services.notifications.sendDigests();
    expect(await mailsTo(daily.email)).toHaveLength(0);
    expect(await t.services.fanout.sendDigests()).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo(daily.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('2 张');
    expect(await mailsTo(quiet.email)).toHaveLength(0);
    const third = await accepted({ airline_id: otherAirlineId });
    await t.services.fanout.run(10);
    await t.services.fanout.sendDigests();
    expect(await mailsTo(daily.email)).toHaveLength(1);
    expect(await noticesOf(daily.id, third)).toHaveLength(1);
    t.clock.advance(24 * 3_600_000);
    await t.services.fanout.sendDigests();
    expect(await mailsTo(daily.email)).toHaveLength(2);
    expect(await mailsTo(quiet.email)).toHaveLength(0);
  });

  it('tells a saved search’s follower only of photos the search finds; a muted follow tells nobody', async () => {
    const searcher = await makeUser(t);
    const saved = await follow(searcher, { kind: 'search', target: `/search?airline=${airlineId}&q=B-77&sort=views` });
    expect(saved.status).toBe(200);
    expect(saved.body.follow.target).toBe(`q=B-77&airline=${airlineId}`);
    expect(saved.body.follow.label).toContain('搜索');
    const found = await accepted({ registration: 'B-7788', airline_id: airlineId });
    const other = await accepted({ registration: 'B-7788', airline_id: otherAirlineId });
    await t.services.fanout.run(10);
    expect(await noticesOf(searcher.id, found)).toHaveLength(1);
    expect(await noticesOf(searcher.id, other)).toHaveLength(0);

    const muted = await call<{ follow: Follow }>('PUT', `/follows/${saved.body.follow.id}`, searcher, { muted: true });
    expect(muted.body.follow.muted).toBe(true);
    const later = await accepted({ registration: 'B-7789', airline_id: airlineId });
    await t.services.fanout.run(10);
    expect(await noticesOf(searcher.id, later)).toHaveLength(0);
  });

  it('tells a saved search of 编辑精选 when a photo becomes one, and nobody twice', async () => {
    const picky = await makeUser(t);
    const spotter = await makeUser(t);
    expect((await follow(picky, { kind: 'search', target: `/search?featured=1&airline=${airlineId}` })).status).toBe(200);
    expect((await follow(spotter, { kind: 'registration', target: 'B-6611' })).status).toBe(200);
    const photo = await accepted({ registration: 'B-6611', airline_id: airlineId });
    await t.services.fanout.run(10);
    // Not an editor's choice when accepted: the search does not find it yet.
    expect(await noticesOf(picky.id, photo)).toHaveLength(0);
    expect(await noticesOf(spotter.id, photo)).toHaveLength(1);
    await t.database.db.transaction().execute((trx) => t.services.photos.feature(trx, photo, t.clock.now()));
    t.clock.advance(UNDO_MS);
    await t.services.fanout.run(10);
    expect(await noticesOf(picky.id, photo)).toHaveLength(1);
    expect(await noticesOf(spotter.id, photo)).toHaveLength(1);
  });

  it('shows on /following the newest accepted photos of what is followed, page by page', async () => {
    const reader = await makeUser(t);
    const spotter = await makeUser(t);
    await follow(reader, { kind: 'photographer', target: String(spotter.id) });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await accepted({ registration: `B-60${i}0` }, spotter));
    await accepted({ registration: 'B-6999' }); // someone else's
    const first = await call<FollowingResponse>('GET', '/following?limit=3', reader);
    expect(first.body.items.map((p) => p.id)).toEqual(ids.slice(2).reverse());
    const second = await call<FollowingResponse>('GET', `/following?limit=3&cursor=${first.body.nextCursor}`, reader);
    expect(second.body.items.map((p) => p.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.body.nextCursor).toBeNull();
    expect((await call('GET', '/following?cursor=nonsense', reader)).status).toBe(400);
    expect((await call('GET', '/following?cursor=1.9999999999', reader)).status).toBe(400);
  });

  it(`refuses follow number ${FOLLOW_LIMITS.perMember + 1} with its reason`, async () => {
    const collector = await makeUser(t);
    await t.database.db
      .insertInto('follows')
      .values(
        Array.from({ length: FOLLOW_LIMITS.perMember - 1 }, (_, i) => ({
          user_id: collector.id,
          kind: 'registration' as const,
          target: `B${5000 + i}`,
          label: `B-${5000 + i}`,
          mail: 'off' as const,
          muted: 0,
          created_at: t.clock.now(),
        })),
      )
      .execute();
    expect((await follow(collector, { kind: 'registration', target: 'B-4000' })).status).toBe(200);
    const refused = await follow(collector, { kind: 'registration', target: 'B-4001' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(FOLLOW_MESSAGES.limit);
    const id = (await call<FollowsResponse>('GET', '/follows', collector)).body.items[0]!.id;
    expect((await call('DELETE', `/follows/${id}`, collector)).status).toBe(200);
    expect((await follow(collector, { kind: 'registration', target: 'B-4001' })).status).toBe(200);
  });

  it('tells 2,500 followers once each, with one mail each, when two processes run the fan-out together', async () => {
    // A second process on the same database (on SQLite its turns alternate with the first: one thread
    // cannot wait for a lock its own other connection holds).
    const other = await buildServices(t.config, { clock: t.clock, database: openDatabase(t.config) });
    try {
      await t.services.fanout.run(100); // what earlier tests queued
      await seedFollowers(t, 2_500, { mail: 'instant', registration: 'B-8888', prefix: 'crowd' });
      const photoId = await accepted({ registration: 'B-8888' });
      if (kind === 'postgres') {
        await Promise.all([t.services.fanout.run(10), other.services.fanout.run(10)]);
      } else {
        for (let i = 0; i < 4; i++) await (i % 2 ? other : t).services.fanout.run(1);
      }
      const notices = await t.database.db
        .selectFrom('notifications')
        .innerJoin('users', 'users.id', 'notifications.user_id')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('user_id').distinct().as('members')])
        .where('photo_id', '=', photoId)
        .where('users.email', 'like', 'crowd%')
        .executeTakeFirstOrThrow();
      expect(Number(notices.n)).toBe(2_500);
      expect(Number(notices.members)).toBe(2_500);
      const mails = await t.database.db
        .selectFrom('outbox')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('to_address').distinct().as('to')])
        .where('to_address', 'like', 'crowd%')
        .executeTakeFirstOrThrow();
      expect(Number(mails.n)).toBe(2_500);
      expect(Number(mails.to)).toBe(2_500);
      expect(await t.database.db.selectFrom('follow_fanouts').selectAll().execute()).toEqual([]);
    } finally {
      await other.database.destroy();
    }
  });
});
