import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_STATES } from '../../../../contract/photos.js';
import { lockHeldByMessage, SCREENING_MESSAGES, SCREENING_LIMITS } from '../../../../contract/screening.js';
import { SHELL } from '../../../../contract/texts.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertPhoto,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

describe.each(databaseKinds())('screening API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: User | null, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: user ? bearer(user.token) : {}, ...(payload ? { payload } : {}) });
  const lock = (id: number, u: User) => call('POST', `/screening/photos/${id}/lock`, u);
  const decide = (id: number, u: User, body: unknown) => call('POST', `/screening/photos/${id}/decision`, u, body);
  const eventsOf = (id: number) =>
    t.database.db.selectFrom('screening_events').selectAll().where('photo_id', '=', id).orderBy('id').execute();
  const stateOf = async (id: number) =>
    (await t.database.db.selectFrom('photos').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

  /** Clears the waiting queue so each test claims only its own photos. */
  const emptyQueue = () =>
    t.database.db
      .updateTable('photos')
      .set({ state: 'withdrawn' })
      .where('state', 'in', ['pending', 'escalated', 'appealed'])
      .execute();

  it('hands 10 parallel claims by 10 screeners distinct photos, never their own', async () => {
    await emptyQueue();
    const member = await makeUser(t);
    const screeners = await Promise.all(Array.from({ length: 10 }, () => makeUser(t, 1)));
    const own = new Map<number, number>();
    for (const s of screeners) own.set(await insertPhoto(t, s.id), s.id);
    for (let i = 0; i < 5; i++) await insertPhoto(t, member.id, { queue: i % 2 ? 'priority' : 'normal' });

    const claims = await Promise.all(screeners.map((s) => call('POST', '/screening/next', s)));
    const ids = claims.map((c) => c.json().photoId as number | null);
    expect(claims.every((c) => c.statusCode === 200)).toBe(true);
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(new Set(ids).size).toBe(10);
    ids.forEach((id, i) => expect(own.get(id!)).not.toBe(screeners[i]!.id));
    // Priority photos were handed out first.
    const queues = await t.database.db
      .selectFrom('photos')
      .select(['id', 'queue'])
      .where('id', 'in', ids as number[])
      .execute();
    expect(queues.filter((q) => q.queue === 'priority')).toHaveLength(2);
    // Each claim holds a lock: nobody else may take those photos now.
    const late = await makeUser(t, 1);
    const rest = await call('POST', '/screening/next', late);
    expect(ids).not.toContain(rest.json().photoId);
  });

  it('answers null when nothing is left for this screener', async () => {
    await emptyQueue();
    const s = await makeUser(t, 1);
    await insertPhoto(t, s.id);
    await insertPhoto(t, (await makeUser(t)).id, { state: 'escalated' });
    expect((await call('POST', '/screening/next', s)).json()).toEqual({ photoId: null });
    const senior = await makeUser(t, 2);
    expect((await call('POST', '/screening/next', senior)).json().photoId).not.toBeNull();
  });

  it('refuses decisions from a non-holder, a member, on a withdrawn photo or without the lock, and bad bodies', async () => {
    const uploader = await makeUser(t);
    const [a, b] = [await makeUser(t, 1), await makeUser(t, 1)];
    const id = await insertPhoto(t, uploader.id);
    expect((await decide(id, a, { decision: 'accept' })).json()).toMatchObject({ message: SCREENING_MESSAGES.noLock });
    expect((await lock(id, a)).statusCode).toBe(200);
    const taken = await lock(id, b);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain(SCREENING_MESSAGES.lockedByOther);
    const byOther = await decide(id, b, { decision: 'accept' });
    expect(byOther.statusCode).toBe(409);
    expect(byOther.json().message).toBe(SCREENING_MESSAGES.lockedByOther);
    const byMember = await decide(id, uploader, { decision: 'accept' });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(SHELL.noPermission);
    expect((await call('POST', `/screening/photos/${id}/decision`, null, { decision: 'accept' })).statusCode).toBe(401);

    for (const [body, field] of [
      [{ decision: 'reject', reasons: [] }, 'reasons'],
      [{ decision: 'reject', reasons: ['exposure', 'no-such-reason'] }, 'reasons'],
      [{ decision: 'escalate' }, 'message'],
      [{ decision: 'approve' }, 'decision'],
      [{ decision: 'reject', reasons: ['blur'], message: '长'.repeat(301) }, 'message'],
      [{ decision: 42, reasons: 'blur' }, 'decision'],
    ] as const) {
      const res = await decide(id, a, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { path: string[] }) => i.path[0])).toContain(field);
      expectChineseError(res.json());
    }
    expect(await stateOf(id)).toBe('pending');

    const gone = await insertPhoto(t, uploader.id);
    await lock(gone, a);
    expect((await call('POST', `/photos/${gone}/withdraw`, uploader)).statusCode).toBe(200);
    const onWithdrawn = await decide(gone, a, { decision: 'accept' });
    expect(onWithdrawn.statusCode).toBe(409);
    expect(onWithdrawn.json().message).toBe(SCREENING_MESSAGES.notDecidable);
    expect((await decide(2_000_000_000, a, { decision: 'accept' })).statusCode).toBe(404);

    // The holder decides; the lock ends with the decision.
    const ok = await decide(id, a, { decision: 'reject', reasons: ['blur', 'blur', 'horizon'], message: '机头有抖动' });
    expect(ok.json()).toMatchObject({ message: SCREENING_MESSAGES.rejected, photo: { state: 'rejected' } });
    const last = (await eventsOf(id)).at(-1);
    expect(last).toMatchObject({ actor_id: a.id, from_state: 'pending', to_state: 'rejected', message: '机头有抖动' });
    expect(JSON.parse(last!.reasons)).toEqual(['blur', 'horizon']);
    expect(await t.database.db.selectFrom('screening_locks').selectAll().where('photo_id', '=', id).execute()).toEqual([]);
  });

  it('lets another screener take an expired lock, and the old holder can no longer decide', async () => {
    const uploader = await makeUser(t);
    const [a, b] = [await makeUser(t, 1), await makeUser(t, 1)];
    const id = await insertPhoto(t, uploader.id);
    expect((await lock(id, a)).statusCode).toBe(200);
    t.clock.advance(4 * 60_000);
    expect((await call('PUT', `/screening/photos/${id}/lock`, a)).statusCode).toBe(200);
    t.clock.advance(4 * 60_000);
    expect((await lock(id, b)).statusCode).toBe(409);
    t.clock.advance(2 * 60_000);
    expect((await lock(id, b)).json().lock).toMatchObject({ holder: { id: b.id }, mine: true });
    expect((await call('PUT', `/screening/photos/${id}/lock`, a)).statusCode).toBe(409);
    expect((await decide(id, a, { decision: 'accept' })).statusCode).toBe(409);
    expect((await call('DELETE', `/screening/photos/${id}/lock`, b)).statusCode).toBe(200);
    expect((await lock(id, a)).statusCode).toBe(200);
  });

  // Issue 34, item 6: releasing another's lock answered 200 "已释放" and the lock stayed.
  it('refuses to release another screener’s live lock with 409 naming the holder, and keeps it', async () => {
    const uploader = await makeUser(t);
    const [a, b] = [await makeUser(t, 1), await makeUser(t, 2)];
    const id = await insertPhoto(t, uploader.id);
    expect((await lock(id, a)).statusCode).toBe(200);
    const refused = await call('DELETE', `/screening/photos/${id}/lock`, b);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(lockHeldByMessage(a.username));
    expectChineseError(refused.json());
    const view = await call('GET', `/screening/photos/${id}`, a);
    expect(view.json().lock).toMatchObject({ holder: { id: a.id }, mine: true });
    expect((await lock(id, b)).statusCode).toBe(409);
    // The holder releases it; then anyone's release of the free photo is answered as done.
    const released = await call('DELETE', `/screening/photos/${id}/lock`, a);
    expect(released.statusCode).toBe(200);
    expect(released.json().message).toBe(SCREENING_MESSAGES.lockReleased);
    expect((await call('DELETE', `/screening/photos/${id}/lock`, b)).statusCode).toBe(200);
    expect((await lock(id, b)).statusCode).toBe(200);
    // A lock that ran out is nobody's: releasing it is no refusal.
    t.clock.advance(6 * 60_000);
    expect((await call('DELETE', `/screening/photos/${id}/lock`, a)).statusCode).toBe(200);
  });

  it('records facts a screener corrects while deciding', async () => {
    const uploader = await makeUser(t);
    const s = await makeUser(t, 1);
    const id = await insertPhoto(t, uploader.id, { registration: 'B-1OO1' });
    await lock(id, s);
    const res = await decide(id, s, {
      decision: 'accept',
      facts: { registration: 'B-1001', msn: '2345', categories: ['airliner', 'night'] },
    });
    expect(res.json().photo).toMatchObject({ state: 'accepted', registration: 'B-1001', msn: '2345' });
    const last = (await eventsOf(id)).at(-1)!;
    expect(JSON.parse(last.facts)).toMatchObject({ registration: ['B-1OO1', 'B-1001'], msn: [null, '2345'] });
    // The history leaves the server in the contract's names and types, not as columns and JSON text.
    const senior = await makeUser(t, 2);
    const history = (await call('GET', `/screening/photos/${id}`, senior)).json().history as { facts: object }[];
    expect(history.at(-1)!.facts).toEqual({
      registration: ['B-1OO1', 'B-1001'],
      msn: [null, '2345'],
      categories: [['airliner'], ['airliner', 'night']],
    });
  });

  it('gives the quota slot back when a photo is decided', async () => {
    const uploader = await makeUser(t);
    await t.database.db.updateTable('users').set({ queue_slots: 1 }).where('id', '=', uploader.id).execute();
    const s = await makeUser(t, 1);
    const id = await insertPhoto(t, uploader.id);
    expect((await call('GET', '/queue/upload', uploader)).json().slots).toMatchObject({ normal: 1, normalUsed: 1 });
    await lock(id, s);
    await decide(id, s, { decision: 'escalate', message: '疑似 AI 生成，请资深审图员判断' });
    expect((await call('GET', '/queue/upload', uploader)).json().slots).toMatchObject({ normalUsed: 1 });
    const senior = await makeUser(t, 2);
    await lock(id, senior);
    await decide(id, senior, { decision: 'accept' });
    expect((await call('GET', '/queue/upload', uploader)).json().slots).toMatchObject({ normalUsed: 0 });
  });

  it('keeps the appeal rules: one per photo, within 14 days, 3 open, decided by another senior, final', async () => {
    const uploader = await makeUser(t);
    const [rejecter, other] = [await makeUser(t, 2), await makeUser(t, 2)];
    const rejectNow = async () => {
      const id = await insertPhoto(t, uploader.id);
      await lock(id, rejecter);
      expect((await decide(id, rejecter, { decision: 'reject', reasons: ['exposure'] })).statusCode).toBe(200);
      return id;
    };
    const appeal = (id: number, note = '曝光是按雪景处理的，请再看看') =>
      call('POST', `/photos/${id}/appeal`, uploader, { note });

    const id = await rejectNow();
    expect((await call('POST', `/photos/${id}/appeal`, other, { note: '不是我的' })).statusCode).toBe(404);
    expect((await call('POST', `/photos/${id}/appeal`, uploader, { note: ' ' })).statusCode).toBe(400);
    expect((await appeal(id)).json()).toEqual({ message: SCREENING_MESSAGES.appealed });
    expect(await stateOf(id)).toBe('appealed');
    expect((await appeal(id)).json().message).toBe(SCREENING_MESSAGES.appealExists);
    const listed = (await call('GET', '/queue/reject', uploader))
      .json()
      .items.find((i: { photo: { id: number } }) => i.photo.id === id);
    expect(listed).toMatchObject({ appeal: { state: 'open' }, appealUntil: null });

    // The senior who rejected it may not decide the appeal, and next() does not offer it to them.
    const lockByRejecter = await lock(id, rejecter);
    expect(lockByRejecter.statusCode).toBe(403);
    expect(lockByRejecter.json().message).toBe(SCREENING_MESSAGES.appealByRejecter);
    const byRejecter = await decide(id, rejecter, { decision: 'accept' });
    expect(byRejecter.statusCode).toBe(403);
    expect(byRejecter.json().message).toBe(SCREENING_MESSAGES.appealByRejecter);
    await call('DELETE', `/screening/photos/${id}/lock`, rejecter);
    await emptyQueue();
    await t.database.db.updateTable('photos').set({ state: 'appealed' }).where('id', '=', id).execute();
    expect((await call('POST', '/screening/next', rejecter)).json().photoId).toBeNull();
    expect((await call('POST', '/screening/next', other)).json().photoId).toBe(id);
    expect((await decide(id, other, { decision: 'reject', reasons: ['exposure'], message: '维持原判' })).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('appeals').select('state').where('photo_id', '=', id).executeTakeFirst()).toEqual({
      state: 'upheld',
    });
    // Final: no second appeal.
    expect((await appeal(id)).statusCode).toBe(409);

    // Three open appeals at most; and none after 14 days.
    const open = [await rejectNow(), await rejectNow(), await rejectNow(), await rejectNow()];
    for (const p of open.slice(0, 3)) expect((await appeal(p)).statusCode).toBe(200);
    expect((await appeal(open[3]!)).json().message).toBe(SCREENING_MESSAGES.appealsFull);
    const late = await rejectNow();
    t.clock.advance(15 * 86_400_000);
    expect((await appeal(late)).json().message).toBe(SCREENING_MESSAGES.appealTooLate);
  });

  it('keeps locks for those who may decide, facts still while a screener decides, and appeals closed with their photo', async () => {
    const uploader = await makeUser(t);
    const [s1, senior] = [await makeUser(t, 1), await makeUser(t, 2)];
    const escalated = await insertPhoto(t, uploader.id, { state: 'escalated' });
    expect((await lock(escalated, s1)).json().message).toBe(SCREENING_MESSAGES.seniorOnly);
    expect((await lock(escalated, senior)).statusCode).toBe(200);

    const pending = await insertPhoto(t, uploader.id, { registration: 'B-2468' });
    await lock(pending, s1);
    const edit = await call('PUT', `/photos/${pending}`, uploader, { registration: 'B-9999' });
    expect(edit.statusCode).toBe(409);
    await call('DELETE', `/screening/photos/${pending}/lock`, s1);
    expect((await call('PUT', `/photos/${pending}`, uploader, { registration: 'B-9999' })).statusCode).toBe(200);

    // Three appeals, then their photos withdrawn: the member may appeal again.
    const rejected = [];
    for (let i = 0; i < 4; i++) {
      const id = await insertPhoto(t, uploader.id);
      await lock(id, senior);
      await decide(id, senior, { decision: 'reject', reasons: ['blur'] });
      rejected.push(id);
    }
    for (const id of rejected.slice(0, 3))
      expect((await call('POST', `/photos/${id}/appeal`, uploader, { note: '请复核' })).statusCode).toBe(200);
    expect((await call('POST', `/photos/${rejected[3]}/appeal`, uploader, { note: '请复核' })).statusCode).toBe(409);
    expect((await call('POST', `/photos/${rejected[0]}/withdraw`, uploader)).statusCode).toBe(200);
    expect((await call('POST', `/photos/${rejected[3]}/appeal`, uploader, { note: '请复核' })).statusCode).toBe(200);

    // Cursors past the 32-bit id range are bad input on every list, never a database error.
    const big = Buffer.from('1700000000000:9999999999').toString('base64url');
    expect((await call('GET', `/screening/queue?cursor=${big}`, s1)).statusCode).toBe(400);
    expect((await call('GET', '/notifications?cursor=9999999999', uploader)).statusCode).toBe(400);
    expect((await call('GET', '/messages?cursor=9999999999', uploader)).statusCode).toBe(400);
    const galleryCursor = Buffer.from(JSON.stringify([1700000000000, 9999999999])).toString('base64url');
    expect((await call('GET', `/photos?cursor=${galleryCursor}`, null)).statusCode).toBe(400);
    const likesCursor = Buffer.from(JSON.stringify([9999999999, 5])).toString('base64url');
    expect((await call('GET', `/photos?sort=likes&cursor=${likesCursor}`, null)).statusCode).toBe(400);
  });

  it('revokes an acceptance: the photo leaves the gallery and waits again', async () => {
    const uploader = await makeUser(t);
    const [s, senior] = [await makeUser(t, 1), await makeUser(t, 2)];
    const id = await insertPhoto(t, uploader.id);
    await lock(id, s);
    await decide(id, s, { decision: 'accept' });
    expect((await call('GET', `/photos/${id}`, null)).statusCode).toBe(200);
    expect((await call('POST', `/screening/photos/${id}/revoke`, s, { message: '注册号有误' })).statusCode).toBe(403);
    const res = await call('POST', `/screening/photos/${id}/revoke`, senior, { message: '注册号有误' });
    expect(res.json()).toMatchObject({ message: SCREENING_MESSAGES.revoked, photo: { state: 'pending' } });
    expect((await call('GET', `/photos/${id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/photos/${id}`, uploader)).json().state).toBe('pending');
  });

  it('counts no view for a decision or a revoke, only for the photo page opened', async () => {
    const uploader = await makeUser(t);
    const [s, senior] = [await makeUser(t, 1), await makeUser(t, 2)];
    const id = await insertPhoto(t, uploader.id);
    const views = async () => {
      await t.services.views.flush();
      return (await t.database.db.selectFrom('photos').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views;
    };
    await lock(id, s);
    expect((await decide(id, s, { decision: 'accept' })).json().photo.state).toBe('accepted');
    expect(await views()).toBe(0);
    expect((await call('GET', `/photos/${id}`, null)).statusCode).toBe(200);
    expect(await views()).toBe(1);
    // The revoke's body is optional: none at all, or an empty one sent as JSON, is no message.
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/screening/photos/${id}/revoke`,
      headers: bearer(senior.token),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().photo.state).toBe('pending');
    expect(await views()).toBe(1);
    await lock(id, s);
    await decide(id, s, { decision: 'accept' });
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/v1/screening/photos/${id}/revoke`,
      headers: { ...bearer(senior.token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await views()).toBe(1);
    // A body that is required stays required: an empty one names the missing field.
    const appeal = await t.app.inject({
      method: 'POST',
      url: `/api/v1/photos/${id}/appeal`,
      headers: { ...bearer(uploader.token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(appeal.statusCode).toBe(400);
    expect(appeal.json().issues).toEqual([{ path: ['note'], message: '必填' }]);
  });

  it('notifies the uploader at once and mails a digest at most every 30 minutes, not with mails off', async () => {
    const [uploader, quiet] = [await makeUser(t), await makeUser(t)];
    await call('PUT', '/user/me', quiet, { settings: { screeningMails: false } });
    const s = await makeUser(t, 1);
    const decideOne = async (owner: User, decision: 'accept' | 'reject') => {
      const id = await insertPhoto(t, owner.id);
      await lock(id, s);
      await decide(id, s, decision === 'reject' ? { decision, reasons: ['blur', 'noise'], message: '请降噪' } : { decision });
      return id;
    };
    const mailsTo = (email: string) => t.database.db.selectFrom('outbox').selectAll().where('to_address', '=', email).execute();

    t.clock.advance(SCREENING_LIMITS.undoSeconds * 1000);
    await t.services.notifications.sendDigests(); // what earlier tests left
    t.clock.advance(31 * 60_000);
    const rejected = await decideOne(uploader, 'reject');
    await decideOne(quiet, 'accept');
    const inbox = (await call('GET', '/notifications', uploader)).json();
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]).toMatchObject({ kind: 'rejected', photoId: rejected, read: false });
    expect(inbox.items[0].body).toContain('模糊');
    expect(inbox.items[0].body).toContain('请降噪');

    // Not while the decision may still be taken back (撤销): an undone decision was never mailed.
    expect(await t.services.notifications.sendDigests()).toBe(0);
    t.clock.advance(SCREENING_LIMITS.undoSeconds * 1000);
    expect(await t.services.notifications.sendDigests()).toBe(1);
    expect(await mailsTo(uploader.email)).toHaveLength(1);
    await decideOne(uploader, 'accept');
    t.clock.advance(10 * 60_000);
    expect(await t.services.notifications.sendDigests()).toBe(0);
    t.clock.advance(19 * 60_000);
    expect(await t.services.notifications.sendDigests()).toBe(0);
    t.clock.advance(60_000);
    expect(await t.services.notifications.sendDigests()).toBe(1);
    const mails = await mailsTo(uploader.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body).toContain('已通过审核');
    expect(await mailsTo(quiet.email)).toEqual([]);
    expect((await call('GET', '/notifications', quiet)).json().unread).toBe(1);

    await call('POST', '/notifications/read', uploader);
    expect((await call('GET', '/notifications', uploader)).json().unread).toBe(0);
  });

  it('lists the queue tabs with counts, locks and the uploader’s acceptance rate, and the statistics', async () => {
    await emptyQueue();
    const uploader = await makeUser(t);
    const [s, s2] = [await makeUser(t, 1), await makeUser(t, 1)];
    const old = await insertPhoto(t, uploader.id, { created_at: t.clock.now() - 8 * 86_400_000 });
    await insertPhoto(t, uploader.id, { queue: 'priority' });
    const decided = await insertPhoto(t, uploader.id);
    await lock(decided, s);
    await decide(decided, s, { decision: 'accept' });
    await lock(old, s2);

    const normal = (await call('GET', '/screening/queue?tab=normal', s)).json();
    expect(normal.counts).toMatchObject({ normal: 1, priority: 1, escalated: 0, appeals: 0, overdue: 1 });
    expect(normal.items[0]).toMatchObject({
      photo: { id: old },
      overdue: true,
      lock: { holder: { id: s2.id }, mine: false },
      uploader: { id: uploader.id, acceptanceRate: 1, decided: 1 },
    });
    const done = (await call('GET', '/screening/queue?tab=decided', s)).json();
    expect(done.items[0]).toMatchObject({ photo: { id: decided }, lastEvent: { actor: { id: s.id }, to: 'accepted' } });
    expect((await call('GET', '/screening/queue?tab=nope', s)).statusCode).toBe(400);
    expect((await call('GET', '/screening/queue', uploader)).statusCode).toBe(403);

    const stats = (await call('GET', '/screening/stats', s)).json();
    expect(stats.mine).toMatchObject({ today: 1, last30Days: 1, allTime: 1 });
    expect(stats.team.waiting).toBe(2);

    const view = (await call('GET', `/screening/photos/${old}`, s)).json();
    expect(view).toMatchObject({ lock: { holder: { id: s2.id }, mine: false }, allowed: ['accept', 'reject', 'escalate'] });
    const real = (await call('GET', `/screening/photos/${decided}`, s)).json();
    expect(real.history.at(-1)).toMatchObject({ actor: { id: s.id }, from: 'pending', to: 'accepted' });
    expect(real.allowed).toEqual([]);
  });

  // ---- every (state × action × level) against the lifecycle of PRODUCT.md §4.1 ----

  // Written out from the specification, independently of the server's table: the minimum level of
  // each legal step. Owner steps are taken by the uploader, screener steps by someone else.
  const LEGAL: Record<string, number> = {
    'pending accept': 1,
    'pending reject': 1,
    'pending escalate': 1,
    'escalated accept': 2,
    'escalated reject': 2,
    'appealed accept': 2,
    'appealed reject': 2,
    'accepted revoke': 2,
    'rejected appeal': 0,
    'accepted edit-key-facts': 0,
    ...Object.fromEntries(['pending', 'escalated', 'accepted', 'rejected', 'appealed'].map((s) => [`${s} withdraw`, 0])),
    ...Object.fromEntries(
      ['pending', 'escalated', 'accepted', 'rejected', 'appealed', 'withdrawn'].map((s) => [`${s} delete`, 0]),
    ),
  };
  const ACTIONS = ['accept', 'reject', 'escalate', 'revoke', 'appeal', 'withdraw', 'delete', 'edit-key-facts'] as const;
  const OWNER_ACTIONS = new Set(['appeal', 'withdraw', 'delete', 'edit-key-facts']);

  it('allows exactly the legal transitions, each writing one event; the rest are 409 or 403', async () => {
    const usersByLevel = await Promise.all([0, 1, 2, 3].map((level) => makeUser(t, level)));
    const owner = await makeUser(t);
    const outcomes: string[] = [];
    for (const state of PHOTO_STATES) {
      for (const action of ACTIONS) {
        for (const level of [0, 1, 2, 3]) {
          const actor = OWNER_ACTIONS.has(action) ? await makeUser(t, level) : usersByLevel[level]!;
          const id = await insertPhoto(t, OWNER_ACTIONS.has(action) ? actor.id : owner.id, { state });
          if (state === 'appealed') {
            await t.database.db
              .insertInto('appeals')
              .values({
                photo_id: id,
                user_id: owner.id,
                note: '请复核',
                state: 'open',
                rejected_by: null,
                decided_by: null,
                created_at: 0,
                decided_at: null,
              })
              .execute();
          }
          if (level >= 1 && !OWNER_ACTIONS.has(action)) await lock(id, actor);
          const before = (await eventsOf(id)).length;
          const res = await perform(action, id, actor);
          const written = (await eventsOf(id)).length - before;

          const min = LEGAL[`${state} ${action}`];
          let expected: number;
          // The route's level is checked first (the auth hook), then whether the photo exists.
          if (action === 'revoke' && level < 2) expected = 403;
          else if (!OWNER_ACTIONS.has(action) && level < 1) expected = 403;
          else if (state === 'deleted') expected = 404;
          else if (action === 'edit-key-facts' && state === 'pending') expected = 200;
          else if (min === undefined) expected = 409;
          else if (level < min) expected = 403;
          else expected = 200;
          const events = expected === 200 && !(action === 'edit-key-facts' && state === 'pending') ? 1 : 0;
          outcomes.push(`${state} ${action} L${level}: ${res.statusCode} ${written}`);
          expect(`${state} ${action} L${level}: ${res.statusCode} ${written}`).toBe(
            `${state} ${action} L${level}: ${expected} ${events}`,
          );
          if (expected === 200 && events === 1) {
            const last = (await eventsOf(id)).at(-1)!;
            expect(last).toMatchObject({ from_state: state, actor_id: actor.id });
          }
        }
      }
    }
    expect(outcomes).toHaveLength(PHOTO_STATES.length * ACTIONS.length * 4);
  }, 240_000);

  function perform(action: (typeof ACTIONS)[number], id: number, actor: User) {
    switch (action) {
      case 'accept':
        return decide(id, actor, { decision: 'accept' });
      case 'reject':
        return decide(id, actor, { decision: 'reject', reasons: ['quality'] });
      case 'escalate':
        return decide(id, actor, { decision: 'escalate', message: '请资深审图员判断' });
      case 'revoke':
        return call('POST', `/screening/photos/${id}/revoke`, actor, {});
      case 'appeal':
        return call('POST', `/photos/${id}/appeal`, actor, { note: '请复核' });
      case 'withdraw':
        return call('POST', `/photos/${id}/withdraw`, actor);
      case 'delete':
        return call('DELETE', `/photos/${id}`, actor);
      case 'edit-key-facts':
        return call('PUT', `/photos/${id}`, actor, { registration: 'B-7777' });
    }
  }

  it("names the photo by its corrected facts in an appeal's decision, and counts it once in the uploader's rate", async () => {
    const uploader = await makeUser(t);
    const [rejecter, other] = [await makeUser(t, 2), await makeUser(t, 2)];
    const id = await insertPhoto(t, uploader.id, { registration: 'B-3OEE', registration_key: 'B3OEE' });
    await lock(id, rejecter);
    expect((await decide(id, rejecter, { decision: 'reject', reasons: ['exposure'] })).statusCode).toBe(200);
    expect((await call('POST', `/photos/${id}/appeal`, uploader, { note: '注册号应为 B-30EE，曝光没有问题' })).statusCode).toBe(
      200,
    );
    expect((await lock(id, other)).statusCode).toBe(200);
    expect((await decide(id, other, { decision: 'accept', facts: { registration: 'B-30EE' } })).statusCode).toBe(200);
    const inbox = (await call('GET', '/notifications', uploader)).json();
    expect(inbox.items[0]).toMatchObject({ kind: 'appeal-overturned', photoId: id, title: '申诉成功：照片 B-30EE 已通过' });
    // Rejected, then accepted on appeal: one photo, accepted, in the uploader's rate.
    expect(await t.services.screeningQueue.acceptance(uploader.id)).toEqual({ decided: 1, acceptanceRate: 1 });
  });
});
