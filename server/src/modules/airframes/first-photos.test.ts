import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../../contract/accounts.js';
import type { PhotoCardItem } from '../../../../contract/gallery.js';
import type { PhotoResponse } from '../../../../contract/photos.js';
import type { NewPhoto } from '../../db/schema.js';
import { asAnotherFile, makeJpeg } from '../../testing/images.js';
import { importReferenceData } from '../reference/reference.import.js';
import {
  acceptPhoto,
  bearer,
  multipartBody,
  createTestApp,
  databaseKinds,
  insertAccepted,
  insertPhoto,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 39, item 4: 首张, the first accepted photo of an aircraft: marked on the photo and its card,
// counted for its photographer, passed on when it leaves, kept right through merges and acceptances at once.
describe.each(databaseKinds())('首张 on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let admin: User;
  let first: User;
  let second: User;

  const decider = () => ({ id: screener.id, username: 's', level: 1 });
  const accepted = (by: User, over: Partial<NewPhoto>) => insertAccepted(t, by.id, decider(), over);
  const isFirst = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/photos/${id}`, headers: bearer(admin.token) })).json<PhotoResponse>()
      .first;
  const cards = async (reg: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/photos?reg=${reg}&view=card` })).json<{ items: PhotoCardItem[] }>().items;
  const firstsOf = async (user: User) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/users/${user.id}` })).json<PublicUser>().stats.firsts;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReferenceData(t.database.db, t.clock.now());
    screener = await makeUser(t, 1);
    admin = await makeUser(t, 3);
    first = await makeUser(t);
    second = await makeUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('marks the first accepted photo of an aircraft on its page and card, and counts it for the photographer', async () => {
    const a = await accepted(first, { registration: 'B-6001', taken_on: '2024-05-01' });
    // Taken earlier but accepted later: 首张 is the site's first photo of the aircraft, not the oldest.
    const b = await accepted(second, { registration: 'B-6001', taken_on: '2020-01-01' });
    expect(await isFirst(a)).toBe(true);
    expect(await isFirst(b)).toBe(false);
    expect(Object.fromEntries((await cards('B-6001')).map((c) => [c.id, c.first]))).toEqual({ [a]: true, [b]: false });
    expect(await firstsOf(first)).toBe(1);
    expect(await firstsOf(second)).toBe(0);

    // The first one withdrawn: the next becomes 首张, and the counts follow.
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/photos/${a}/withdraw`, headers: bearer(first.token) });
    expect(res.statusCode).toBe(200);
    expect(await isFirst(b)).toBe(true);
    expect(await firstsOf(first)).toBe(0);
    expect(await firstsOf(second)).toBe(1);
  });

  it('keeps one 首张 when two aircraft are merged: the one accepted first', async () => {
    const early = await accepted(first, { registration: 'B-6002', msn: '7001' });
    const late = await accepted(second, { registration: 'B-6003', msn: '7002' });
    const airframeOf = async (id: number) =>
      (await t.database.db.selectFrom('photos').select('airframe_id').where('id', '=', id).executeTakeFirstOrThrow())
        .airframe_id!;
    expect([await isFirst(early), await isFirst(late)]).toEqual([true, true]);
    const merged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/airframes/${await airframeOf(early)}/merge`,
      headers: bearer(screener.token),
      payload: { intoId: await airframeOf(late) },
    });
    expect(merged.statusCode).toBe(200);
    expect([await isFirst(early), await isFirst(late)]).toEqual([true, false]);
  });

  it('marks exactly one of two photos of a new aircraft accepted at once', async () => {
    const ids = [
      await insertPhoto(t, first.id, { registration: 'B-6004', in_flight: 1 }),
      await insertPhoto(t, second.id, { registration: 'B-6004', in_flight: 1 }),
    ];
    await Promise.all(ids.map((id) => acceptPhoto(t, id, decider())));
    const marks = await Promise.all(ids.map(isFirst));
    expect(marks.filter(Boolean)).toHaveLength(1);
    const row = await t.database.db
      .selectFrom('airframes')
      .innerJoin('photos', 'photos.airframe_id', 'airframes.id')
      .select(['airframes.first_photo_id'])
      .where('photos.id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(ids[marks.indexOf(true)]).toBe(row.first_photo_id);
  });

  it('screens first the uploads that would be 首张, tells screeners so, and stops when the aircraft has one', async () => {
    const type = await t.database.db
      .selectFrom('aircraft_types')
      .select('id')
      .where('icao', '=', 'A320')
      .executeTakeFirstOrThrow();
    const jpeg = await makeJpeg({ seed: 39 });
    let copies = 0;
    const upload = async (registration: string) => {
      const meta = {
        registration,
        aircraftTypeId: type.id,
        inFlight: true,
        takenOn: '2024-05-01',
        categories: ['airliner'],
        queue: 'normal',
        watermark: null,
      };
      const { payload, headers } = await multipartBody({ file: asAnotherFile(jpeg, ++copies), meta });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/photos',
        payload,
        headers: { ...headers, ...bearer(first.token) },
      });
      expect(res.statusCode).toBe(201);
      t.clock.advance(1000);
      return res.json<{ photo: PhotoResponse }>().photo;
    };
    const known = await upload('B-6002');
    const fresh = await upload('B-6100');
    // The owner sees it too; the public never does (a private fact).
    expect([known.firstCandidate, fresh.firstCandidate]).toEqual([false, true]);
    const view = async (id: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/screening/photos/${id}`, headers: bearer(screener.token) })).json<{
        photo: PhotoResponse;
      }>().photo;
    const next = await t.app.inject({ method: 'POST', url: '/api/v1/screening/next', headers: bearer(screener.token) });
    // The older upload of a known aircraft waits behind the one of an aircraft the gallery has no photo of.
    expect(next.json()).toEqual({ photoId: fresh.id });
    expect((await view(fresh.id)).firstCandidate).toBe(true);
    await accepted(second, { registration: 'B-6100' });
    expect((await view(fresh.id)).firstCandidate).toBe(false);
    const publicView = await t.app.inject({ method: 'GET', url: `/api/v1/photos/${known.id}` });
    expect(publicView.json<PhotoResponse>().firstCandidate).toBeUndefined();
  });
});
