import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENING_LIMITS, SCREENING_MESSAGES } from '../../../../contract/screening.js';
import { bearer, createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;
const UNDO_MS = SCREENING_LIMITS.undoSeconds * 1000;

// Issue 34, item 14: a decision taken with A or R by mistake could not be taken back but by a senior's
// revoke (acceptances only). The screener who decided may undo it for 10 seconds: the photo waits again
// where it waited, locked for them, the uploader's notification of it withdrawn, and the audit says so.
describe.each(databaseKinds())('undoing one’s own decision on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, user: User, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  const undo = (id: number, u: User) => call('POST', `/screening/photos/${id}/undo`, u);
  const photoRow = (id: number) =>
    t.database.db.selectFrom('photos').select(['state', 'decided_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const eventsOf = (id: number) =>
    t.database.db.selectFrom('screening_events').selectAll().where('photo_id', '=', id).orderBy('id').execute();

  /** A waiting photo decided by `s` now. */
  async function decided(s: User, body: object, state: 'pending' | 'escalated' = 'pending') {
    const uploader = await makeUser(t);
    const id = await insertPhoto(t, uploader.id, { state });
    expect((await call('POST', `/screening/photos/${id}/lock`, s)).statusCode).toBe(200);
    const answer = await call('POST', `/screening/photos/${id}/decision`, s, body);
    expect(answer.statusCode).toBe(200);
    // The answer says whether the page may offer 撤销.
    expect(answer.json().undoable).toBe((body as { decision: string }).decision !== 'escalate');
    return { id, uploader };
  }

  it('puts a photo its screener accepted back where it waited, locked for them, and withdraws the notification', async () => {
    const s = await makeUser(t, 1);
    const { id, uploader } = await decided(s, { decision: 'accept' });
    expect(await t.database.db.selectFrom('notifications').select('id').where('photo_id', '=', id).execute()).toHaveLength(1);
    t.clock.advance(UNDO_MS - 1);
    const res = await undo(id, s);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: SCREENING_MESSAGES.undone, photo: { id, state: 'pending' } });
    expect(await photoRow(id)).toEqual({ state: 'pending', decided_at: null });
    const events = await eventsOf(id);
    expect(events.at(-1)).toMatchObject({ actor_id: s.id, from_state: 'accepted', to_state: 'pending' });
    // Locked for the screener, who decides again at once; nobody else can claim it in between.
    const view = (await call('GET', `/screening/photos/${id}`, s)).json();
    expect(view.lock).toMatchObject({ mine: true });
    expect(view.allowed).toEqual(['accept', 'reject', 'escalate']);
    expect(await t.database.db.selectFrom('notifications').select('id').where('user_id', '=', uploader.id).execute()).toEqual([]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_id', '=', id)
      .where('target_type', '=', 'photo')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['photo.accept', 'photo.undo']);
    expect(
      (await call('POST', `/screening/photos/${id}/decision`, s, { decision: 'reject', reasons: ['blur'] })).statusCode,
    ).toBe(200);
  });

  it('puts a rejected escalation back among the escalations for the senior who rejected it', async () => {
    const senior = await makeUser(t, 2);
    const { id } = await decided(senior, { decision: 'reject', reasons: ['dust'] }, 'escalated');
    expect((await undo(id, senior)).statusCode).toBe(200);
    expect((await photoRow(id)).state).toBe('escalated');
  });

  it('refuses after 10 seconds, to another screener, and an escalation or a decision already undone', async () => {
    const s = await makeUser(t, 1);
    const other = await makeUser(t, 2);
    const late = await decided(s, { decision: 'accept' });
    t.clock.advance(UNDO_MS + 1);
    const tooLate = await undo(late.id, s);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(SCREENING_MESSAGES.undoTooLate);
    const mine = await decided(s, { decision: 'reject', reasons: ['blur'] });
    const notTheirs = await undo(mine.id, other);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe(SCREENING_MESSAGES.undoNotYours);
    const escalated = await decided(s, { decision: 'escalate', message: '请资深审图员判断' });
    expect((await undo(escalated.id, s)).statusCode).toBe(409);
    expect((await undo(mine.id, s)).statusCode).toBe(200);
    expect((await undo(mine.id, s)).statusCode).toBe(409);
    expect((await photoRow(late.id)).state).toBe('accepted');
  });

  it('lets one of two undos sent at once win, and one of an undo and the uploader’s appeal', async () => {
    const s = await makeUser(t, 1);
    const { id } = await decided(s, { decision: 'accept' });
    const both = await Promise.all([undo(id, s), undo(id, s)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await eventsOf(id)).filter((e) => e.from_state === 'accepted')).toHaveLength(1);

    const rejected = await decided(s, { decision: 'reject', reasons: ['blur'] });
    const [undone, appealed] = await Promise.all([
      undo(rejected.id, s),
      call('POST', `/photos/${rejected.id}/appeal`, rejected.uploader, { note: '请再看一下' }),
    ]);
    expect([undone.statusCode, appealed.statusCode].sort()).toEqual([200, 409]);
    const state = (await photoRow(rejected.id)).state;
    expect(state).toBe(undone.statusCode === 200 ? 'pending' : 'appealed');
    expect((await eventsOf(rejected.id)).filter((e) => e.from_state === 'rejected')).toHaveLength(1);
  });
});
