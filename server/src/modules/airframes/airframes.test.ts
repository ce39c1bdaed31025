import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AirframeResponse, AirframesResponse, LiveryResponse } from '../../../../contract/airframes.js';
import type { RelatedResponse, SearchResponse } from '../../../../contract/gallery.js';
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
import { importReferenceData } from '../reference/reference.import.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 22: one aircraft across its registrations (B-1234 → 9H-ABC), a registration given again to
// another aircraft, merges and splits with their audit entries, liveries, and the walk linking photos
// accepted before airframes existed.
describe.each(databaseKinds())('airframes on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let member: User;
  const types: Record<string, number> = {};
  let airlineId: number;

  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, user?: User, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user ? bearer(user.token) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: res.json<T>() };
  };
  /** An accepted photo, accepted through the lifecycle as a screener's decision is. */
  async function accepted(over: Partial<NewPhoto>): Promise<number> {
    const id = await insertPhoto(t, member.id, { in_flight: 1, ...over });
    await acceptPhoto(t, id, { id: screener.id, username: 's', level: 1 });
    t.clock.advance(1000);
    return id;
  }
  const airframeOf = async (photoId: number) =>
    (await t.database.db.selectFrom('photos').select('airframe_id').where('id', '=', photoId).executeTakeFirstOrThrow())
      .airframe_id;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReferenceData(t.database.db, t.clock.now());
    for (const icao of ['A320', 'B738']) {
      types[icao] = (
        await t.database.db
          .selectFrom('aircraft_types')
          .select('id')
          .where('icao', '=', icao)
          .where('status', '=', 'available')
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    airlineId = (await t.database.db.selectFrom('airlines').select('id').where('icao', '=', 'CSC').executeTakeFirstOrThrow()).id;
    screener = await makeUser(t, 1);
    member = await makeUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const photo = {} as Record<'b1234' | 'b1234Later' | 'nineH' | 'b737', number>;

  it('follows one aircraft from B-1234 to 9H-ABC by its MSN, and tells a registration given again to a 737 apart', async () => {
    photo.b1234 = await accepted({ registration: 'B-1234', aircraft_type_id: types.A320!, msn: '4321', taken_on: '2015-05-01' });
    photo.b1234Later = await accepted({ registration: 'B-1234', aircraft_type_id: types.A320!, taken_on: '2016-08-01' });
    photo.nineH = await accepted({
      registration: '9H-ABC',
      aircraft_type_id: types.A320!,
      msn: 'msn 4321',
      taken_on: '2019-03-01',
    });
    photo.b737 = await accepted({ registration: 'B-1234', aircraft_type_id: types.B738!, msn: '555', taken_on: '2023-06-01' });

    const a320 = await airframeOf(photo.b1234);
    expect(a320).not.toBeNull();
    expect(await airframeOf(photo.b1234Later)).toBe(a320);
    expect(await airframeOf(photo.nineH)).toBe(a320);
    const b737 = await airframeOf(photo.b737);
    expect(b737).not.toBeNull();
    expect(b737).not.toBe(a320);

    const page = await call<AirframeResponse>('GET', `/airframes/${a320}`);
    expect(page.status).toBe(200);
    expect(page.body.msn).toBe('4321');
    expect(page.body.aircraftType?.id).toBe(types.A320);
    expect(page.body.registrations).toEqual(['9H-ABC', 'B-1234']);
    expect(page.body.periods.map((p) => [p.registration, p.from, p.to, p.photos.map((x) => x.id)])).toEqual([
      ['B-1234', '2015-05-01', '2016-08-01', [photo.b1234, photo.b1234Later]],
      ['9H-ABC', '2019-03-01', '2019-03-01', [photo.nineH]],
    ]);
    expect(page.body.firstPhoto?.id).toBe(photo.b1234);
    expect(page.body.latestPhoto?.id).toBe(photo.nineH);
    expect(page.body.photographers).toEqual([{ id: member.id, username: expect.any(String), photos: 3 }]);

    // The registration's aircraft, the one that carried it last first.
    const reg = await call<AirframesResponse>('GET', '/airframes?reg=b1234');
    expect(reg.body.items.map((a) => a.id)).toEqual([b737, a320]);
    expect((await call<AirframesResponse>('GET', '/airframes?msn=4321')).body.items.map((a) => a.id)).toEqual([a320]);

    // The photo names its airframe, and its relations are the aircraft's history across registrations.
    expect((await call<{ airframeId: number }>('GET', `/photos/${photo.b1234}`)).body.airframeId).toBe(a320);
    const related = await call<RelatedResponse>('GET', `/photos/${photo.b1234}/related`);
    expect(related.body.sameRegistration.map((p) => p.id)).toEqual([photo.b1234Later, photo.nineH]);

    // msn:4321 finds the aircraft's photos under both registrations.
    const bySearch = await call<SearchResponse>('GET', `/photos?q=${encodeURIComponent('msn:4321')}&sort=taken`);
    expect(bySearch.body.items.map((p) => p.id).sort()).toEqual([photo.b1234, photo.b1234Later, photo.nineH].sort());
    const byFilter = await call<SearchResponse>('GET', `/photos?airframe=${b737}`);
    expect(byFilter.body.items.map((p) => p.id)).toEqual([photo.b737]);
    // A bare MSN is a word of its photos: found without the prefix too.
    const bare = await call<SearchResponse>('GET', '/photos?q=4321');
    expect(bare.body.items.map((p) => p.id).sort()).toEqual([photo.b1234, photo.nineH].sort());

    // Shared links and crawlers: the page's own title, the sitemap, the OpenAPI document.
    const meta = await t.services.pageMeta.pageMeta(`/airframe/${a320}`);
    expect(meta?.title).toBe('9H-ABC / B-1234 · 空客 A320（A320） · MSN 4321 · 航迹');
    expect((await t.services.pageMeta.pageMeta('/reg/B-1234'))?.title).toBe('B-1234 的机身 · 航迹');
    // The address in any spelling: titled as its country writes it, as the page is.
    expect((await t.services.pageMeta.pageMeta('/reg/b1234'))?.title).toBe('B-1234 的机身 · 航迹');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemaps/airframes-1.xml' });
    expect(sitemap.body).toContain(`/airframe/${a320}</loc>`);
    expect(sitemap.body).toContain(`/airframe/${b737}</loc>`);
    const openapi = (await call<{ paths: Record<string, unknown> }>('GET', '/openapi.json')).body;
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/v1/airframes', '/api/v1/airframes/{id}', '/api/v1/liveries/{id}']),
    );
  });

  it('leaves a photo two aircraft fit for a screener, and answers which ones fit', async () => {
    const first = await accepted({ registration: 'B-7777', aircraft_type_id: types.A320!, msn: '1111', taken_on: '2010-01-01' });
    const second = await accepted({ registration: 'B-7777', aircraft_type_id: types.A320!, msn: '2222', taken_on: '2015-01-01' });
    expect(await airframeOf(first)).not.toBe(await airframeOf(second));
    // Inside one aircraft's days under the registration: that one.
    const inside = await accepted({ registration: 'B-7777', aircraft_type_id: types.A320!, taken_on: '2015-01-01' });
    expect(await airframeOf(inside)).toBe(await airframeOf(second));
    // Between them: nobody can tell.
    const between = await accepted({ registration: 'B-7777', aircraft_type_id: types.A320!, taken_on: '2012-06-01' });
    expect(await airframeOf(between)).toBeNull();

    const unlinked = await call<{ items: { id: number }[]; total: number }>('GET', '/airframes/unlinked', screener);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.items.map((p) => p.id)).toContain(between);
    expect((await call('GET', '/airframes/unlinked', member)).status).toBe(403);

    const resolved = await call<{ outcome: string; candidates: { id: number }[] }>(
      'GET',
      `/airframes/resolve?reg=B-7777&type=${types.A320}&takenOn=2012-06-01`,
    );
    expect(resolved.body.outcome).toBe('ambiguous');
    expect(resolved.body.candidates.map((c) => c.id).sort()).toEqual([await airframeOf(first), await airframeOf(second)].sort());
    const fresh = await call<{ outcome: string }>('GET', `/airframes/resolve?reg=B-6001&type=${types.A320}`);
    expect(fresh.body.outcome).toBe('new');

    // A screener places it; it leaves the list, with an audit entry.
    const target = (await airframeOf(first))!;
    expect((await call('POST', `/airframes/${target}/photos`, member, { photoIds: [between] })).status).toBe(403);
    const pending = await insertPhoto(t, member.id, { registration: 'B-7777', aircraft_type_id: types.A320! });
    expect((await call('POST', `/airframes/${target}/photos`, screener, { photoIds: [between, pending] })).status).toBe(409);
    expect(await airframeOf(between)).toBeNull();
    const placed = await call('POST', `/airframes/${target}/photos`, screener, { photoIds: [between] });
    expect(placed.status).toBe(200);
    expect(await airframeOf(between)).toBe(target);
    const after = await call<{ items: { id: number }[] }>('GET', '/airframes/unlinked', screener);
    expect(after.body.items.map((p) => p.id)).not.toContain(between);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'airframe.place')
      .execute();
    expect(audit).toEqual([{ target_id: target }]);
  });

  it('merges two airframes with an audit entry, follows links to the merged one, and splits the photos back out', async () => {
    const a320 = (await airframeOf(photo.b1234))!;
    const b737 = (await airframeOf(photo.b737))!;
    expect((await call('POST', `/airframes/${b737}/merge`, member, { intoId: a320 })).status).toBe(403);
    const self = await call<{ message: string }>('POST', `/airframes/${b737}/merge`, screener, { intoId: b737 });
    expect(self.status).toBe(400);
    expectChineseError(self.body);
    expect((await call('POST', `/airframes/${b737}/merge`, screener, { intoId: 999_999 })).status).toBe(404);

    const merged = await call<{ airframeId: number }>('POST', `/airframes/${b737}/merge`, screener, { intoId: a320 });
    expect(merged.status).toBe(200);
    expect(merged.body.airframeId).toBe(a320);
    expect(await airframeOf(photo.b737)).toBe(a320);
    expect((await call<AirframeResponse>('GET', `/airframes/${b737}`)).body.id).toBe(a320);
    expect((await call<AirframesResponse>('GET', '/airframes?reg=B-1234')).body.items.map((a) => a.id)).toEqual([a320]);
    expect((await call('POST', `/airframes/${b737}/merge`, screener, { intoId: a320 })).status).toBe(409);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'actor_id'])
      .where('action', 'like', 'airframe.%')
      .execute();
    expect(audit).toContainEqual({ action: 'airframe.merge', target_id: a320, actor_id: screener.id });

    const notHere = await call<{ message: string }>('POST', `/airframes/${a320}/split`, screener, { photoIds: [999_999] });
    expect(notHere.status).toBe(400);
    expectChineseError(notHere.body);
    const split = await call<{ airframeId: number }>('POST', `/airframes/${a320}/split`, screener, { photoIds: [photo.b737] });
    expect(split.status).toBe(200);
    const again = split.body.airframeId;
    expect(again).not.toBe(a320);
    expect(await airframeOf(photo.b737)).toBe(again);
    const back = await call<AirframeResponse>('GET', `/airframes/${again}`);
    expect(back.body.aircraftType?.id).toBe(types.B738);
    expect(back.body.msn).toBe('555');
    expect((await call<AirframesResponse>('GET', '/airframes?reg=B-1234')).body.items.map((a) => a.id)).toEqual([again, a320]);
    const splitAudit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'airframe.split')
      .execute();
    expect(splitAudit).toEqual([{ action: 'airframe.split', target_id: a320 }]);
  });

  it('adds a livery once, finds it by name and pinyin, and filters the gallery by it', async () => {
    const body = { nameZh: '熊猫涂装', nameEn: 'Panda', airlineId };
    expect((await call('POST', '/liveries', member, body)).status).toBe(403);
    const [one, two] = await Promise.all([call('POST', '/liveries', screener, body), call('POST', '/liveries', screener, body)]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const created = (one.status === 200 ? one : two).body as { livery: { id: number; name: string } };
    const liveryId = created.livery.id;
    for (const q of ['熊猫', 'xiongmao', 'panda']) {
      const found = await call<{ items: { id: number }[] }>('GET', `/liveries?q=${encodeURIComponent(q)}`);
      expect(found.body.items.map((l) => l.id)).toEqual([liveryId]);
    }

    const panda = await accepted({
      registration: 'B-6699',
      aircraft_type_id: types.A320!,
      airline_id: airlineId,
      livery_id: liveryId,
      taken_on: '2024-01-02',
    });
    const inGallery = await call<SearchResponse>('GET', `/photos?livery=${liveryId}`);
    expect(inGallery.body.items.map((p) => p.id)).toEqual([panda]);
    expect(inGallery.body.items[0]!.livery).toEqual({ id: liveryId, name: '熊猫涂装' });
    const page = await call<LiveryResponse>('GET', `/liveries/${liveryId}`);
    expect(page.body.photoCount).toBe(1);
    expect(page.body.airframes.map((a) => a.id)).toEqual([await airframeOf(panda)]);
    expect(page.body.airline?.id).toBe(airlineId);
    const period = (await call<AirframeResponse>('GET', `/airframes/${await airframeOf(panda)}`)).body.periods[0]!;
    expect(period.liveries.map((l) => l.name)).toEqual(['熊猫涂装']);

    // A screener corrects a whole period at once: B-1234's first days were in the panda livery.
    const a320 = (await airframeOf(photo.b1234))!;
    const edit = { registration: 'B-1234', from: '2015-01-01', to: '2016-12-31', liveryId };
    expect((await call('PUT', `/airframes/${a320}/periods`, member, edit)).status).toBe(403);
    const none = await call<{ message: string }>('PUT', `/airframes/${a320}/periods`, screener, { ...edit, registration: 'B-9' });
    expect(none.status).toBe(404);
    expectChineseError(none.body);
    expect((await call('PUT', `/airframes/${a320}/periods`, screener, { ...edit, to: '2014-01-01' })).status).toBe(400);
    expect((await call('PUT', `/airframes/${a320}/periods`, screener, edit)).status).toBe(200);
    const panda2 = await call<SearchResponse>('GET', `/photos?livery=${liveryId}&sort=taken`);
    expect(panda2.body.items.map((p) => p.id).sort()).toEqual([panda, photo.b1234, photo.b1234Later].sort());
    const periodAudit = await t.database.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'airframe.period')
      .execute();
    expect(periodAudit).toEqual([{ target_id: a320 }]);
  });

  it('lets a screener put a photo on the airframe they choose while screening', async () => {
    const target = (await airframeOf(photo.b1234))!;
    const id = await insertPhoto(t, member.id, { registration: 'B-7777', aircraft_type_id: types.A320!, taken_on: '2012-07-01' });
    expect((await call('POST', `/screening/photos/${id}/lock`, screener)).status).toBe(200);
    const unknown = await call<{ message: string }>('POST', `/screening/photos/${id}/decision`, screener, {
      decision: 'accept',
      facts: { airframeId: 999_999 },
    });
    expect(unknown.status).toBe(400);
    expectChineseError(unknown.body);
    const decided = await call('POST', `/screening/photos/${id}/decision`, screener, {
      decision: 'accept',
      facts: { airframeId: target },
    });
    expect(decided.status).toBe(200);
    expect(await airframeOf(id)).toBe(target);
  });

  it('lets a member name only an aircraft their facts fit, and keeps aircraft out of members’ reach', async () => {
    const a320 = (await airframeOf(photo.b1234))!;
    const edit = (id: number, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/photos/${id}`, headers: bearer(member.token), payload });
    // A waiting photo of another registration cannot be put on B-1234's aircraft …
    const other = await insertPhoto(t, member.id, { registration: 'B-6002', aircraft_type_id: types.A320!, in_flight: 1 });
    const refused = await edit(other, { airframeId: a320 });
    expect(refused.statusCode).toBe(400);
    expectChineseError(refused.json());
    expect(refused.json<{ issues: { path: string[] }[] }>().issues[0]!.path).toEqual(['airframeId']);
    // … while one of B-1234 on an A320 may name it.
    const fits = await insertPhoto(t, member.id, { registration: 'B-1234', aircraft_type_id: types.A320!, in_flight: 1 });
    expect((await edit(fits, { airframeId: a320 })).statusCode).toBe(200);
    // An accepted photo's new MSN (not a key fact) leaves it on its aircraft: no member moves photos between aircraft.
    expect((await edit(photo.b1234, { msn: '555' })).json()).toMatchObject({ photo: { state: 'accepted', airframeId: a320 } });
    expect((await call<AirframeResponse>('GET', `/airframes/${a320}`)).body.msn).toBe('4321');
    await edit(photo.b1234, { msn: '4321' });
    // A photo without a registration shows no particular aircraft, whatever it was given.
    const noReg = await insertPhoto(t, member.id, { registration: 'NO-REG', airframe_id: a320, in_flight: 1 });
    await acceptPhoto(t, noReg, { id: screener.id, username: 's', level: 1 });
    expect(await airframeOf(noReg)).toBeNull();
    // An airframe with no public photo is not shown.
    const empty = await t.database.db
      .insertInto('airframes')
      .values({
        aircraft_type_id: types.A320!,
        msn: '9999',
        msn_key: '9999',
        line_number: null,
        built_year: null,
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('GET', `/airframes/${empty.id}`)).status).toBe(404);
    expect((await call<AirframesResponse>('GET', '/airframes?msn=9999')).body.items).toEqual([]);
  });

  it('makes one airframe of two photos of a new registration accepted at the same time', async () => {
    const ids = await Promise.all(
      [1, 2].map(() =>
        insertPhoto(t, member.id, { registration: 'B-3210', aircraft_type_id: types.A320!, taken_on: '2024-02-02' }),
      ),
    );
    await Promise.all(ids.map((id) => acceptPhoto(t, id, { id: screener.id, username: 's', level: 1 })));
    const [a, b] = await Promise.all(ids.map(airframeOf));
    expect(a).not.toBeNull();
    expect(a).toBe(b);
  });
});

describe.each(databaseKinds())('linking the photos accepted before airframes existed on %s', (kind) => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('links every photo the rules place and lists the ones two aircraft fit', async () => {
    t = await createTestApp(kind);
    await importReferenceData(t.database.db, t.clock.now());
    const a320 = (
      await t.database.db.selectFrom('aircraft_types').select('id').where('icao', '=', 'A320').executeTakeFirstOrThrow()
    ).id;
    const uploader = await makeUser(t);
    // As an older release left them: accepted, no airframe (written straight to the table).
    const old = async (registration: string, taken_on: string, msn: string | null = null) =>
      insertPhoto(t, uploader.id, { state: 'accepted', registration, aircraft_type_id: a320, msn, taken_on });
    const p = {
      reg1: await old('B-1001', '2011-01-01', '700'),
      reg1Again: await old('B-1001', '2012-01-01'),
      moved: await old('9H-AAA', '2016-01-01', '700'),
      reused1: await old('B-2002', '2010-01-01', '801'),
      reused2: await old('B-2002', '2014-01-01', '802'),
      unsure: await old('B-2002', '2012-01-01'),
      noReg: await old('NO-REG', '2012-01-01'),
    };
    const linkedBefore = await t.database.db.selectFrom('photos').select('id').where('airframe_id', 'is not', null).execute();
    expect(linkedBefore).toEqual([]);

    expect(await t.services.airframes.linkOlderPhotos(100)).toBe(6);
    expect(await t.services.airframes.linkStep()).toBe(0);
    const rows = await t.database.db.selectFrom('photos').select(['id', 'airframe_id']).execute();
    const of = (id: number) => rows.find((r) => r.id === id)!.airframe_id;
    expect(of(p.reg1)).not.toBeNull();
    expect(of(p.reg1Again)).toBe(of(p.reg1));
    expect(of(p.moved)).toBe(of(p.reg1));
    expect(of(p.reused1)).not.toBeNull();
    expect(of(p.reused2)).not.toBeNull();
    expect(of(p.reused2)).not.toBe(of(p.reused1));
    expect(of(p.unsure)).toBeNull();
    expect(of(p.noReg)).toBeNull();
    const screener = await makeUser(t, 1);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/airframes/unlinked', headers: bearer(screener.token) });
    expect(list.json<{ items: { id: number }[]; total: number }>()).toMatchObject({ total: 1, items: [{ id: p.unsure }] });
  });
});
