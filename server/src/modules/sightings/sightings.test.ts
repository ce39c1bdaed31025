import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SightingsResponse, SightingsSummary } from '../../../../contract/sightings.js';
import type { NewPhoto } from '../../db/schema.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectRefused,
  insertAccepted,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';
import { importReferenceData } from '../reference/reference.import.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 39, item 5: 我的目击. A member logs what they saw (from an aircraft's page, by registration, or a
// pasted list), keeps it private or makes it public, exports it as CSV and imports it back, and sees per
// fleet what they have seen and photographed of it.
describe.each(databaseKinds())('sightings on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let member: User;
  let other: User;
  const ref = {} as Record<'a320' | 'b738' | 'csc' | 'pek', number>;
  const airframeOf = async (registration: string) =>
    (await t.database.db.selectFrom('airframes').select('id').where('registration', '=', registration).executeTakeFirstOrThrow())
      .id;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: User, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who ? bearer(who.token) : {}, ...(payload && { payload }) });
  const list = async (userId: number, who?: User, query = '') =>
    (await call('GET', `/users/${userId}/sightings${query}`, who)).json<SightingsResponse>();
  const summary = async (userId: number, who?: User) =>
    (await call('GET', `/users/${userId}/sightings/summary`, who)).json<SightingsSummary>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReferenceData(t.database.db, t.clock.now());
    const id = async (table: 'aircraft_types' | 'airlines' | 'airports', icao: string) =>
      (await t.database.db.selectFrom(table).select('id').where('icao', '=', icao).orderBy('id').executeTakeFirstOrThrow()).id;
    Object.assign(ref, { a320: await id('aircraft_types', 'A320'), b738: await id('aircraft_types', 'B738') });
    Object.assign(ref, { csc: await id('airlines', 'CSC'), pek: await id('airports', 'ZBAA') });
    screener = await makeUser(t, 1);
    member = await makeUser(t);
    other = await makeUser(t);
    const accepted = (by: User, over: Partial<NewPhoto>) =>
      insertAccepted(t, by.id, { id: screener.id, username: 's', level: 1 }, over);
    // Sichuan's A320s: three, one photographed by the member; one 737 photographed by someone else.
    await accepted(member, { registration: 'B-6001', aircraft_type_id: ref.a320, airline_id: ref.csc });
    await accepted(other, { registration: 'B-6002', aircraft_type_id: ref.a320, airline_id: ref.csc });
    await accepted(other, { registration: 'B-6003', aircraft_type_id: ref.a320, airline_id: ref.csc });
    await accepted(other, { registration: 'B-7001', aircraft_type_id: ref.b738, airline_id: ref.csc });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs from an aircraft’s page in one click, and once a day: a second tab gets 409', async () => {
    const airframeId = await airframeOf('B-6002');
    const body = { airframeId, seenOn: '2026-01-02' };
    const [a, b] = await Promise.all([call('POST', '/sightings', member, body), call('POST', '/sightings', member, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expectRefused(lost, 409);
    expect(lost.json().message).toBe('这一天已经记过这个注册号');
    const mine = await list(member.id, member);
    expect(mine.items).toEqual([
      expect.objectContaining({ registration: 'B-6002', airframeId, seenOn: '2026-01-02', public: false, note: '' }),
    ]);
    expect(mine.items[0]).toMatchObject({ type: { id: ref.a320 }, airline: { id: ref.csc } });
    // Another day is another sighting; with no day given it is today, the site's day.
    expect((await call('POST', '/sightings', member, { airframeId })).statusCode).toBe(200);
    expect((await list(member.id, member, `?airframe=${airframeId}`)).items).toHaveLength(2);
  });

  it('is private unless made public; others never read its note', async () => {
    const res = await call('POST', '/sightings', member, {
      registration: 'b6003',
      seenOn: '2026-01-03',
      airportId: ref.pek,
      note: '跑道 36R 落地',
    });
    expect(res.statusCode).toBe(200);
    const { sighting } = res.json();
    expect(sighting).toMatchObject({ registration: 'B-6003', airport: { id: ref.pek }, note: '跑道 36R 落地', public: false });
    expect(sighting.airframeId).toBe(await airframeOf('B-6003'));
    expect((await list(member.id)).items).toEqual([]);
    expect((await list(member.id, other)).items).toEqual([]);
    expect((await summary(member.id, other)).total).toBe(0);
    // Only its owner may change or delete it.
    expectRefused(await call('PUT', `/sightings/${sighting.id}`, other, { public: true }), 404);
    expectRefused(await call('DELETE', `/sightings/${sighting.id}`, other), 404);
    expect((await call('PUT', `/sightings/${sighting.id}`, member, { public: true })).statusCode).toBe(200);
    const seen = await list(member.id, other);
    expect(seen.items).toEqual([expect.objectContaining({ registration: 'B-6003', note: null, public: true })]);
    expect((await summary(member.id)).total).toBe(1);
  });

  it('counts per fleet what the member has seen and photographed: 见过 / 拍过 / 共', async () => {
    const own = await summary(member.id, member);
    // Seen: B-6002 (twice) and B-6003; photographed: B-6001. Sichuan has three A320s.
    expect(own).toMatchObject({ total: 3, aircraft: 2, unmatched: 0 });
    expect(own.fleets).toEqual([
      expect.objectContaining({
        airline: expect.objectContaining({ id: ref.csc }),
        type: expect.objectContaining({ id: ref.a320 }),
        seen: 2,
        photographed: 1,
        total: 3,
      }),
    ]);
    expect(own.byAirline).toEqual([{ ref: expect.objectContaining({ id: ref.csc }), count: 2 }]);
    // Others count only the public sighting.
    expect((await summary(member.id, other)).fleets[0]).toMatchObject({ seen: 1, photographed: 1, total: 3 });
  });

  it('exports CSV and imports it back: the same sightings, nothing doubled', async () => {
    const csv = await call('GET', '/user/me/sightings.csv', member);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expect(csv.body.startsWith('\uFEFFregistration,date,airport,note,public\r\n')).toBe(true);
    expect(csv.body).toContain('B-6003,2026-01-03,ZBAA,跑道 36R 落地,1\r\n');
    // Into a new account, the export as it came: every line taken.
    const fresh = await makeUser(t);
    const back = await call('POST', '/sightings/import', fresh, { text: csv.body });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ added: 3, repeated: 0 });
    const strip = (r: SightingsResponse) => r.items.map(({ id: _, ...rest }) => rest);
    expect(strip(await list(fresh.id, fresh))).toEqual(strip(await list(member.id, member)));
    // Again into the member's own: all repeated.
    const again = await call('POST', '/sightings/import', member, { text: csv.body });
    expect(again.json()).toMatchObject({ added: 0, repeated: 3, message: '已导入 0 条，3 条与已有记录同一天同一注册号，已跳过' });
  });

  it('takes a pasted list with the form’s day and airport, and refuses it whole for a wrong line', async () => {
    const pasted = await call('POST', '/sightings/import', other, {
      text: 'b6001\nB-7001, 2025-12-31, PEK\n"b-6002",,,"靠桥, 远机位",1\n',
      seenOn: '2026-02-01',
      airportId: ref.pek,
    });
    expect(pasted.statusCode).toBe(200);
    // Newest day first; on one day, the one logged last first.
    const items = (await list(other.id, other)).items;
    expect(items.map((i) => [i.registration, i.seenOn, i.airport?.icao, i.note, i.public])).toEqual([
      ['B-6002', '2026-02-01', 'ZBAA', '靠桥, 远机位', true],
      ['B-6001', '2026-02-01', 'ZBAA', '', false],
      ['B-7001', '2025-12-31', 'ZBAA', '', false],
    ]);
    const bad = await call('POST', '/sightings/import', other, {
      text: 'B-1234\nNO-REG\nB-1,2026-02-30\nB-2,,XXXX\nB-3,2099-01-01',
    });
    expectRefused(bad, 400);
    expect(bad.json().message).toBe(
      '有 4 行有误，没有导入任何记录；第 2 行：注册号只能包含字母、数字和连字符（1–15 位）；第 3 行：日期格式需为 YYYY-MM-DD；第 4 行：没有这个机场代码（IATA 或 ICAO）；第 5 行：日期不能晚于今天',
    );
    expect((await list(other.id, other)).items).toHaveLength(3);
    expectRefused(await call('POST', '/sightings/import', other, { text: 'registration\n\n' }), 400);
    // A note over 200 characters is refused, whatever spaces surround it.
    const long = await call('POST', '/sightings/import', other, { text: `B-1,,,${' '.repeat(10)}${'长'.repeat(201)}` });
    expect(long.json().message).toContain('备注最多 200 个字');
    expectRefused(await call('POST', '/sightings/import', other, { text: `B-1\n`.repeat(2_001) }), 400);
  });

  it('answers bad input in Chinese: no such aircraft, member or airport, a day to come', async () => {
    expectRefused(await call('POST', '/sightings', member, { airframeId: 999_999 }), 404);
    expectRefused(await call('POST', '/sightings', member, { registration: '' }), 400);
    expectRefused(await call('POST', '/sightings', member, { registration: 'B-1', seenOn: '2099-01-01' }), 400);
    expectRefused(await call('POST', '/sightings', member, { registration: 'B-1', airportId: 999_999 }), 400);
    expectRefused(await call('POST', '/sightings', undefined, { registration: 'B-1' }), 401);
    expectRefused(await call('GET', '/users/999999/sightings'), 404);
    expectRefused(await call('GET', `/users/${member.id}/sightings?cursor=x`), 400);
  });

  it('pages a long log by day, and follows a merged aircraft', async () => {
    const text = Array.from({ length: 120 }, (_, i) => `B-${8000 + i},2025-0${1 + (i % 9)}-1${i % 10}`).join('\n');
    const many = await makeUser(t);
    expect((await call('POST', '/sightings/import', many, { text })).json().added).toBe(120);
    const seen: string[] = [];
    for (let cursor: string | null = ''; cursor !== null;) {
      const page = await list(many.id, many, cursor ? `?cursor=${cursor}` : '');
      seen.push(...page.items.map((i) => `${i.seenOn} ${i.registration}`));
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(120);
    expect(
      [...seen]
        .sort()
        .reverse()
        .map((s) => s.slice(0, 10)),
    ).toEqual(seen.map((s) => s.slice(0, 10)));
    const [from, into] = [await airframeOf('B-6003'), await airframeOf('B-6002')];
    expect((await call('POST', `/airframes/${from}/merge`, screener, { intoId: into })).statusCode).toBe(200);
    const moved = await list(member.id, member, `?airframe=${into}`);
    expect(moved.items.map((i) => i.registration).sort()).toEqual(['B-6002', 'B-6002', 'B-6003']);
  });
});
