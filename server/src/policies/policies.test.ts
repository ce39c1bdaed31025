import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEVELS } from '../../../contract/limits.js';
import { SCREENING_MESSAGES } from '../../../contract/screening.js';
import { bearer, createTestApp, databaseKinds, insertAccepted, insertPhoto, makeUser, type TestApp } from '../testing/harness.js';
import { members, photos, screening } from './index.js';

// One policy per resource (issue 35, item 3): the answers the services act on are the ones the API hands
// the web, which no longer works them out from levels.

describe('the policies', () => {
  const member = { id: 1, level: LEVELS.member };
  const screener = { id: 2, level: LEVELS.screener };
  const senior = { id: 3, level: LEVELS.senior };
  const admin = { id: 4, level: LEVELS.admin };

  it('let owners and screeners see a photo that is not public, nobody else', () => {
    expect(photos.maySeeUnpublished(null, { uploaderId: 1 })).toBe(false);
    expect(photos.maySeeUnpublished(member, { uploaderId: 1 })).toBe(true);
    expect(photos.maySeeUnpublished({ id: 9, level: LEVELS.member }, { uploaderId: 1 })).toBe(false);
    expect(photos.maySeeUnpublished(screener, { uploaderId: 1 })).toBe(true);
  });

  it('offer a vote to screeners and photo of the week to seniors, never on their own or a photo not accepted', () => {
    const accepted = { uploader: { id: 1 }, state: 'accepted' as const };
    expect(photos.permissions(member, accepted)).toEqual({ screeningHistory: false, openVote: false, pickPotw: false });
    expect(photos.permissions(screener, accepted)).toEqual({ screeningHistory: true, openVote: true, pickPotw: false });
    expect(photos.permissions(senior, accepted)).toEqual({ screeningHistory: true, openVote: true, pickPotw: true });
    expect(photos.permissions(senior, { ...accepted, uploader: { id: senior.id } })).toMatchObject({
      openVote: false,
      pickPotw: false,
    });
    expect(photos.permissions(senior, { ...accepted, state: 'pending' })).toMatchObject({ openVote: false, pickPotw: false });
  });

  it('keep escalations and appeals for seniors, and say why a page is read-only', () => {
    expect(screening.claimableStates(screener)).toEqual(['pending']);
    expect(screening.claimableStates(senior)).toEqual(['pending', 'escalated', 'appealed']);
    const escalated = { state: 'escalated' as const, uploaderId: 1 };
    expect(screening.readOnlyReason(screener, escalated, [])).toBe(SCREENING_MESSAGES.seniorOnly);
    expect(screening.readOnlyReason(screener, { ...escalated, uploaderId: screener.id }, [])).toBe(SCREENING_MESSAGES.ownPhoto);
    expect(screening.readOnlyReason(senior, escalated, ['accept'])).toBeNull();
    expect(screening.readOnlyReason(senior, { ...escalated, state: 'withdrawn' }, [])).toBe('这张照片已撤回，无需审核');
  });

  it('never let an administrator lower their own level or suspend themself', () => {
    expect(members.maySetLevel(admin, admin.id, LEVELS.senior)).toBe(false);
    expect(members.maySetLevel(admin, member.id, LEVELS.senior)).toBe(true);
    expect(members.maySetLevel(screener, member.id, LEVELS.senior)).toBe(false);
    expect(members.maySuspend(admin, admin.id)).toBe(false);
    expect(members.dashboard(screener)).toEqual({ manageUsers: false, manageSite: false, jobs: false, importFleets: false });
    expect(members.dashboard(admin)).toEqual({ manageUsers: true, manageSite: true, jobs: true, importFleets: true });
  });
});

describe.each(databaseKinds())('the viewer’s permissions in the API on %s', (kind) => {
  let t: TestApp;
  let users: Record<'owner' | 'member' | 'screener' | 'senior' | 'admin', Awaited<ReturnType<typeof makeUser>>>;
  let photoId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    users = {
      owner: await makeUser(t),
      member: await makeUser(t),
      screener: await makeUser(t, LEVELS.screener),
      senior: await makeUser(t, LEVELS.senior),
      admin: await makeUser(t, LEVELS.admin),
    };
    photoId = await insertAccepted(t, users.owner.id, { ...users.screener, level: LEVELS.screener });
  });
  afterAll(async () => {
    await t.close();
  });
  const get = async (url: string, who?: keyof typeof users) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who ? bearer(users[who].token) : {} })).json();

  it('gives a photo its viewer’s `can`, and none to a visitor', async () => {
    expect((await get(`/photos/${photoId}`)).can).toBeUndefined();
    expect((await get(`/photos/${photoId}`, 'member')).can).toEqual({
      screeningHistory: false,
      openVote: false,
      pickPotw: false,
    });
    expect((await get(`/photos/${photoId}`, 'owner')).can).toEqual({ screeningHistory: false, openVote: false, pickPotw: false });
    expect((await get(`/photos/${photoId}`, 'screener')).can).toEqual({
      screeningHistory: true,
      openVote: true,
      pickPotw: false,
    });
    expect((await get(`/photos/${photoId}`, 'senior')).can).toEqual({ screeningHistory: true, openVote: true, pickPotw: true });
  });

  it('says on votes, the photo-of-the-week archive and the dashboard what the viewer may do', async () => {
    expect((await get('/votes?state=open', 'screener')).can).toEqual({ cancel: false });
    expect((await get('/votes?state=open', 'senior')).can).toEqual({ cancel: true });
    expect((await get('/potw')).can).toEqual({ pick: false });
    expect((await get('/potw', 'screener')).can).toEqual({ pick: false });
    expect((await get('/potw', 'senior')).can).toEqual({ pick: true });
    expect((await get('/manage/summary', 'senior')).can).toEqual({
      manageUsers: false,
      manageSite: false,
      jobs: false,
      importFleets: false,
    });
    expect((await get('/manage/summary', 'admin')).can).toEqual({
      manageUsers: true,
      manageSite: true,
      jobs: true,
      importFleets: true,
    });
  });

  it('tells a screener on the screening page why they cannot decide an escalated photo', async () => {
    const escalated = await insertPhoto(t, users.owner.id, { state: 'escalated' });
    const view = await get(`/screening/photos/${escalated}`, 'screener');
    expect(view.allowed).toEqual([]);
    expect(view.readOnlyReason).toBe(SCREENING_MESSAGES.seniorOnly);
    expect((await get(`/screening/photos/${escalated}`, 'senior')).readOnlyReason).toBeNull();
  });
});
