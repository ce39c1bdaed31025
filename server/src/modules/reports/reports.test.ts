import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_LIMITS, REPORT_TEXTS, type ReportsResponse } from '../../../../contract/reports.js';
import { SCREENING_MESSAGES } from '../../../../contract/screening.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertAccepted,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';

const DAY = 86_400_000;
type User = Awaited<ReturnType<typeof makeUser>>;

describe.each(databaseKinds())('举报 on %s', (kind) => {
  let t: TestApp;
  let owner: User;
  let screener: User;
  let senior: User;
  const call = (method: 'GET' | 'POST', url: string, who: User | null, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });
  const report = (who: User, targetId: number, targetType = 'photo', reason = 'infringement') =>
    call('POST', '/reports', who, { targetType, targetId, reason, body: '这是我在某机场拍的照片，被盗用了' });
  const stateOf = async (id: number) =>
    (await t.database.db.selectFrom('photos').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
  const inbox = async (who: User) =>
    (await call('GET', '/notifications', who)).json().items as { kind: string; title: string; body: string }[];
  const queue = async (who: User) => (await call('GET', '/manage/reports', who)).json() as ReportsResponse;
  const photo = () => insertAccepted(t, owner.id, { id: screener.id, username: screener.username, level: 1 });
  /** Members whose accounts are old enough to count towards hiding a photo. */
  const established = async (n: number) => {
    const made = [];
    for (let i = 0; i < n; i += 1) made.push(await makeUser(t));
    t.clock.advance((REPORT_LIMITS.establishedDays + 1) * DAY);
    return made;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await makeUser(t);
    screener = await makeUser(t, 1);
    senior = await makeUser(t, 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes one report per member per thing, of what they can see, and caps a day', async () => {
    const reporter = await makeUser(t);
    const id = await photo();
    expect((await report(owner, id)).json().message).toBe(REPORT_TEXTS.self);
    expect((await report(reporter, 2_000_000_000)).statusCode).toBe(404);
    expect((await call('POST', '/reports', reporter, { targetType: 'photo', targetId: id })).statusCode).toBe(400);
    const long = await call('POST', '/reports', reporter, {
      targetType: 'photo',
      targetId: id,
      reason: 'other',
      body: '长'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expectChineseError(long.json());
    expect((await report(reporter, id)).json()).toEqual({ message: REPORT_TEXTS.sent });
    const again = await report(reporter, id);
    expect([again.statusCode, again.json().message]).toEqual([409, REPORT_TEXTS.again]);
    // A photo still waiting is not in the gallery: nobody but its owner and the screeners sees it.
    const waiting = await photo();
    await t.database.db.updateTable('photos').set({ state: 'pending' }).where('id', '=', waiting).execute();
    expect((await report(reporter, waiting)).json().message).toBe(REPORT_TEXTS.photoGone);

    // Members: not oneself; messages: only the recipient's.
    expect((await report(reporter, reporter.id, 'member')).json().message).toBe(REPORT_TEXTS.self);
    expect((await report(reporter, owner.id, 'member', 'harassment')).statusCode).toBe(200);
    await call('POST', '/messages', owner, { toUserId: reporter.id, reason: 'other', contact: 'qq 123', body: '骚扰内容' });
    const [message] = (await call('GET', '/messages', reporter)).json().items as { id: number }[];
    expect((await report(screener, message!.id, 'message')).statusCode).toBe(404);
    expect((await report(reporter, message!.id, 'message', 'harassment')).statusCode).toBe(200);

    // Ten a day (three taken above).
    for (let i = 0; i < REPORT_LIMITS.perDay - 3; i += 1) expect((await report(reporter, await photo())).statusCode).toBe(200);
    const over = await report(reporter, await photo());
    expect([over.statusCode, over.json().message]).toEqual([429, REPORT_TEXTS.perDay]);
    t.clock.advance(DAY + 1000);
    expect((await report(reporter, await photo())).statusCode).toBe(200);
  });

  it('withholds a photo: its owner reads why and appeals, the reporter is told, and told again when the appeal wins', async () => {
    const reporter = await makeUser(t);
    const id = await photo();
    await report(reporter, id, 'photo', 'military');
    const item = (await queue(screener)).items.find((i) => i.targetType === 'photo' && i.targetId === id)!;
    expect(item).toMatchObject({
      label: expect.any(String),
      photoState: 'accepted',
      owner: { id: owner.id },
      hiddenByReports: false,
    });
    expect(item.reports).toEqual([
      expect.objectContaining({ reason: 'military', reporter: { id: reporter.id, username: reporter.username } }),
    ]);
    expect(item.actions).toEqual(['withhold', 'handled', 'dismiss']);
    expect((await call('GET', '/manage/reports', reporter)).statusCode).toBe(403);
    expect((await call('GET', '/manage/summary', screener)).json().openReports).toBeGreaterThan(0);

    const noReason = await call('POST', `/manage/reports/${item.id}/resolve`, screener, { action: 'withhold' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, REPORT_TEXTS.reasonRequired]);
    const withheld = await call('POST', `/manage/reports/${item.id}/resolve`, screener, {
      action: 'withhold',
      reasons: ['military'],
      message: '跑道尽头的军机不宜公开',
    });
    expect(withheld.json()).toEqual({ message: REPORT_TEXTS.resolved });
    expect(await stateOf(id)).toBe('rejected');
    expect((await call('POST', `/manage/reports/${item.id}/resolve`, screener, { action: 'dismiss' })).statusCode).toBe(409);
    expect((await queue(screener)).items.some((i) => i.targetType === 'photo' && i.targetId === id)).toBe(false);

    // The owner: a notice, the photo among their rejected ones with the reason and the note, an appeal.
    expect((await inbox(owner))[0]).toMatchObject({ kind: 'rejected', title: expect.stringContaining('因举报被下架') });
    const rejected = (await call('GET', '/queue/reject', owner)).json().items as { photo: { id: number } }[];
    const mine = rejected.find((r) => r.photo.id === id) as unknown as { reasons: string[]; message: string };
    expect(mine).toMatchObject({ reasons: [expect.objectContaining({ code: 'military' })], message: '跑道尽头的军机不宜公开' });
    expect((await call('POST', `/photos/${id}/appeal`, owner, { note: '这是民用机场的公开观景台' })).statusCode).toBe(200);
    // The reporter's outcome.
    expect((await inbox(reporter))[0]).toMatchObject({ kind: 'report', body: expect.stringContaining('已下架') });

    // The screener who withheld it may not decide the appeal; a senior puts it back, and the reporter hears.
    expect((await call('POST', `/screening/photos/${id}/lock`, senior)).statusCode).toBe(200);
    const overturned = await call('POST', `/screening/photos/${id}/decision`, senior, { decision: 'accept' });
    expect(overturned.json().message).toBe(SCREENING_MESSAGES.accepted);
    expect((await inbox(reporter))[0]).toMatchObject({ kind: 'report', title: expect.stringContaining('经申诉复核已恢复') });
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('target_id', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['report.create', 'report.withhold']));
  });

  it('hides a photo after three established members report it, until a screener decides', async () => {
    const id = await photo();
    const [a, b, c] = await established(3);
    const fresh = [await makeUser(t), await makeUser(t)];
    // Two new accounts count for nothing; the established count from one.
    for (const m of fresh) await report(m, id);
    await report(a!, id);
    await report(b!, id);
    expect(await stateOf(id)).toBe('accepted');
    await report(c!, id);
    expect(await stateOf(id)).toBe('pending');
    expect((await call('GET', `/photos/${id}`, null)).statusCode).toBe(404);
    expect((await inbox(owner))[0]).toMatchObject({ kind: 'revoked', title: expect.stringContaining('已暂时隐藏') });
    const events = await t.database.db
      .selectFrom('screening_events')
      .select(['actor_id', 'to_state'])
      .where('photo_id', '=', id)
      .execute();
    expect(events.at(-1)).toEqual({ actor_id: null, to_state: 'pending' });

    const item = (await queue(screener)).items.find((i) => i.targetType === 'photo' && i.targetId === id)!;
    // Withheld or put back: never 已处理, which would leave it hidden with nobody deciding.
    expect(item).toMatchObject({ hiddenByReports: true, photoState: 'pending', actions: ['withhold', 'dismiss'] });
    expect(item.reports).toHaveLength(5);
    // Not by the photo's owner, were they a screener.
    await t.database.db.updateTable('users').set({ level: 1 }).where('id', '=', owner.id).execute();
    // The reported never see the reports about them (nor who made them).
    expect((await queue(owner)).items.find((i) => i.targetId === id && i.targetType === 'photo')).toBeUndefined();
    const own = await call('POST', `/manage/reports/${item.id}/resolve`, owner, { action: 'dismiss' });
    expect([own.statusCode, own.json().message]).toEqual([403, REPORT_TEXTS.involved]);
    await t.database.db.updateTable('users').set({ level: 0 }).where('id', '=', owner.id).execute();

    // Dismissed: back in the gallery; every reporter told; the owner too.
    expect((await call('POST', `/manage/reports/${item.id}/resolve`, screener, { action: 'dismiss' })).json().message).toBe(
      REPORT_TEXTS.dismissed,
    );
    expect(await stateOf(id)).toBe('accepted');
    for (const m of [...fresh, a!, b!, c!]) {
      expect((await inbox(m))[0]).toMatchObject({ kind: 'report', body: expect.stringContaining('举报未被采纳') });
    }
    expect((await inbox(owner))[0]).toMatchObject({ kind: 'accepted', title: expect.stringContaining('已恢复展示') });
    // Its reporters have spent their one report each: it stays up.
    expect((await report(a!, id)).statusCode).toBe(409);
  });

  it('leaves a hidden photo its owner edited meanwhile to the screening queue when its reports are dismissed', async () => {
    const id = await photo();
    for (const m of await established(3)) await report(m, id);
    expect(await stateOf(id)).toBe('pending');
    // The owner edits its facts while it waits (an edit of a waiting photo moves its updated_at).
    await t.database.db
      .updateTable('photos')
      .set((eb) => ({ updated_at: eb('updated_at', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const item = (await queue(screener)).items.find((i) => i.targetType === 'photo' && i.targetId === id)!;
    expect((await call('POST', `/manage/reports/${item.id}/resolve`, screener, { action: 'dismiss' })).statusCode).toBe(200);
    expect(await stateOf(id)).toBe('pending');
  });

  it('never lets a screener decide what they reported themself', async () => {
    const other = await makeUser(t, 1);
    const id = await photo();
    await report(other, id);
    expect((await queue(other)).items.some((i) => i.targetType === 'photo' && i.targetId === id)).toBe(false);
    const item = (await queue(screener)).items.find((i) => i.targetType === 'photo' && i.targetId === id)!;
    const own = await call('POST', `/manage/reports/${item.id}/resolve`, other, { action: 'withhold', reasons: ['military'] });
    expect([own.statusCode, own.json().message]).toEqual([403, REPORT_TEXTS.involved]);
  });

  it('hides a reported message from its recipient; a member report is marked handled', async () => {
    const recipient = await makeUser(t);
    const sender = await makeUser(t);
    await call('POST', '/messages', sender, { toUserId: recipient.id, reason: 'other', contact: 'x', body: '不友善的话' });
    const [message] = (await call('GET', '/messages', recipient)).json().items as { id: number }[];
    await report(recipient, message!.id, 'message', 'harassment');
    await report(recipient, sender.id, 'member', 'harassment');
    const items = (await queue(screener)).items;
    const m = items.find((i) => i.targetType === 'message' && i.targetId === message!.id)!;
    expect(m).toMatchObject({ body: '不友善的话', owner: { id: sender.id }, actions: ['hide', 'handled', 'dismiss'] });
    const withheld = await call('POST', `/manage/reports/${m.id}/resolve`, screener, {
      action: 'withhold',
      reasons: ['military'],
    });
    expect([withheld.statusCode, withheld.json().message]).toEqual([409, REPORT_TEXTS.actionTarget]);
    expect((await call('POST', `/manage/reports/${m.id}/resolve`, screener, { action: 'hide' })).statusCode).toBe(200);
    expect((await call('GET', '/messages', recipient)).json().items).toEqual([]);
    const member = items.find((i) => i.targetType === 'member' && i.targetId === sender.id)!;
    expect(member.actions).toEqual(['handled', 'dismiss']);
    expect(
      (await call('POST', `/manage/reports/${member.id}/resolve`, screener, { action: 'handled', message: '已警告' })).statusCode,
    ).toBe(200);
    const notices = await inbox(recipient);
    expect(notices.map((n) => n.body)).toEqual(
      expect.arrayContaining([expect.stringContaining('该消息已隐藏'), expect.stringContaining('已警告')]),
    );
  });

  it('lets one of two screeners decide, and one of two reports at the threshold hide', async () => {
    const id = await photo();
    const reporters = await established(4);
    await report(reporters[0]!, id);
    await report(reporters[1]!, id);
    // The later of the two may find the photo hidden already (it is then out of the gallery: 404).
    const both = await Promise.all([report(reporters[2]!, id), report(reporters[3]!, id)]);
    expect(both.map((r) => r.statusCode)).toContain(200);
    for (const r of both) expect([200, 404]).toContain(r.statusCode);
    const hides = await t.database.db
      .selectFrom('screening_events')
      .select('id')
      .where('photo_id', '=', id)
      .where('actor_id', 'is', null)
      .execute();
    expect(hides).toHaveLength(1);
    const other = await makeUser(t, 1);
    const item = (await queue(screener)).items.find((i) => i.targetType === 'photo' && i.targetId === id)!;
    const decided = await Promise.all([
      call('POST', `/manage/reports/${item.id}/resolve`, screener, { action: 'withhold', reasons: ['military'] }),
      call('POST', `/manage/reports/${item.id}/resolve`, other, { action: 'dismiss' }),
    ]);
    expect(decided.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(['rejected', 'accepted']).toContain(await stateOf(id));
  });
});
