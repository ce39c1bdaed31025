import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetResponse } from '../../../../contract/fleets.js';
import type { NewPhoto } from '../../db/schema.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertAccepted,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';
import { importReferenceData } from '../reference/reference.import.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 39, item 3: an airline's fleet by type and a type's by operator, with the coverage 已拍 n / m
// and 还没有照片, grown from screened photos (and an aircraft known without a photo, as a fleet list adds it).
describe.each(databaseKinds())('fleets on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let member: User;
  const ref = {} as Record<'a320' | 'b738' | 'csc' | 'cca', number>;

  const accepted = (over: Partial<NewPhoto>) => insertAccepted(t, member.id, { id: screener.id, username: 's', level: 1 }, over);
  const fleet = async (path: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${path}` });
    return { status: res.statusCode, body: res.json<FleetResponse>() };
  };
  const regsOf = (f: FleetResponse) => f.groups.map((g) => [g.group?.icao ?? null, g.airframes.map((a) => a.registration)]);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReferenceData(t.database.db, t.clock.now());
    const id = async (table: 'aircraft_types' | 'airlines', icao: string) =>
      (await t.database.db.selectFrom(table).select('id').where('icao', '=', icao).orderBy('id').executeTakeFirstOrThrow()).id;
    Object.assign(ref, { a320: await id('aircraft_types', 'A320'), b738: await id('aircraft_types', 'B738') });
    Object.assign(ref, { csc: await id('airlines', 'CSC'), cca: await id('airlines', 'CCA') });
    screener = await makeUser(t, 1);
    member = await makeUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists an airline’s aircraft by type with their photos, and its coverage', async () => {
    await accepted({ registration: 'B-8001', aircraft_type_id: ref.a320, airline_id: ref.csc, taken_on: '2020-01-01' });
    await accepted({ registration: 'B-8001', aircraft_type_id: ref.a320, airline_id: ref.csc, taken_on: '2023-05-05' });
    await accepted({ registration: 'B-8002', aircraft_type_id: ref.a320, airline_id: ref.csc, taken_on: '2022-02-02' });
    await accepted({ registration: 'B-8003', aircraft_type_id: ref.b738, airline_id: ref.csc, taken_on: '2021-03-03' });
    // Known from a fleet list, with no photo yet: counted in the fleet, not as photographed.
    await t.database.db
      .insertInto('airframes')
      .values({
        aircraft_type_id: ref.a320,
        registration: 'B-8009',
        airline_id: ref.csc,
        msn: '9009',
        msn_key: '9009',
        line_number: null,
        built_year: null,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    const { status, body } = await fleet(`/airlines/${ref.csc}/fleet`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ subject: { id: ref.csc }, total: 4, photographed: 3, truncated: false });
    expect(regsOf(body)).toEqual([
      ['A320', ['B-8001', 'B-8002', 'B-8009']],
      ['B738', ['B-8003']],
    ]);
    expect(body.groups[0]!.airframes[0]).toMatchObject({ photoCount: 2, firstTakenOn: '2020-01-01', lastTakenOn: '2023-05-05' });
    expect(body.groups[0]!.airframes[2]).toMatchObject({
      registration: 'B-8009',
      msn: '9009',
      photoCount: 0,
      firstTakenOn: null,
    });
    const missing = await fleet(`/airlines/${ref.csc}/fleet?missing=1`);
    expect(regsOf(missing.body)).toEqual([['A320', ['B-8009']]]);
    expect(missing.body).toMatchObject({ total: 4, photographed: 3 });
  });

  it('follows an aircraft to its new operator, and lists a type’s aircraft by operator', async () => {
    // B-8002 flies for Air China now: its newest photo says so.
    await accepted({ registration: 'B-8002', aircraft_type_id: ref.a320, airline_id: ref.cca, taken_on: '2024-06-06' });
    expect(regsOf((await fleet(`/airlines/${ref.csc}/fleet`)).body)).toEqual([
      ['A320', ['B-8001', 'B-8009']],
      ['B738', ['B-8003']],
    ]);
    expect(regsOf((await fleet(`/airlines/${ref.cca}/fleet`)).body)).toEqual([['A320', ['B-8002']]]);
    const byType = (await fleet(`/aircraft-types/${ref.a320}/fleet`)).body;
    expect(regsOf(byType)).toEqual([
      ['CSC', ['B-8001', 'B-8009']],
      ['CCA', ['B-8002']],
    ]);
    expect(byType).toMatchObject({ total: 3, photographed: 2 });
  });

  it('drops an aircraft from the coverage when its last photo is withdrawn', async () => {
    const only = await accepted({ registration: 'B-8004', aircraft_type_id: ref.b738, airline_id: ref.cca });
    expect((await fleet(`/airlines/${ref.cca}/fleet`)).body).toMatchObject({ total: 2, photographed: 2 });
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/photos/${only}/withdraw`, headers: bearer(member.token) });
    expect(res.statusCode).toBe(200);
    expect((await fleet(`/airlines/${ref.cca}/fleet`)).body).toMatchObject({ total: 2, photographed: 1 });
  });

  it('counts an aircraft’s photos again when one that is not its first leaves the gallery', async () => {
    await accepted({ registration: 'B-8005', aircraft_type_id: ref.b738, airline_id: ref.cca, taken_on: '2020-02-02' });
    const later = await accepted({
      registration: 'B-8005',
      aircraft_type_id: ref.b738,
      airline_id: ref.cca,
      taken_on: '2022-02-02',
    });
    const row = async () =>
      (await fleet(`/airlines/${ref.cca}/fleet`)).body.groups
        .flatMap((g) => g.airframes)
        .find((a) => a.registration === 'B-8005');
    expect(await row()).toMatchObject({ photoCount: 2, firstTakenOn: '2020-02-02', lastTakenOn: '2022-02-02' });
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/photos/${later}/withdraw`, headers: bearer(member.token) });
    expect(res.statusCode).toBe(200);
    expect(await row()).toMatchObject({ photoCount: 1, firstTakenOn: '2020-02-02', lastTakenOn: '2020-02-02' });
  });

  it('says in Chinese when the airline or type does not exist, or a parameter is wrong', async () => {
    for (const path of [
      '/airlines/99999/fleet',
      '/aircraft-types/99999/fleet',
      `/airlines/${ref.csc}/fleet?missing=x`,
      '/airlines/abc/fleet',
    ]) {
      const res = await fleet(path);
      expect([400, 404], path).toContain(res.status);
      expectChineseError(res.body as unknown as { message: string });
    }
  });
});
