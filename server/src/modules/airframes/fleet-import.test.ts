import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_IMPORT_MESSAGES, type FleetImportResponse } from '../../../../contract/fleet-import.js';
import type { FleetResponse } from '../../../../contract/fleets.js';
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

// Issue 39, item 3: an administrator's fleet list makes the aircraft without photos and fills what the
// known ones lack; a dry run first changes nothing, the import is audited, and the fleet's coverage follows.
describe.each(databaseKinds())('the fleet list import on %s', (kind) => {
  let t: TestApp;
  let admin: User;
  let screener: User;
  let member: User;
  let csc: number;
  let a320: number;

  const send = async (csv: string, dryRun: boolean, user: User = admin) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/fleet-import',
      headers: bearer(user.token),
      payload: { csv, dryRun },
    });
    return { status: res.statusCode, body: res.json<FleetImportResponse>() };
  };
  const fleet = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/airlines/${csc}/fleet` })).json<FleetResponse>();
  const count = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('airframes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReferenceData(t.database.db, t.clock.now());
    csc = (await t.database.db.selectFrom('airlines').select('id').where('icao', '=', 'CSC').executeTakeFirstOrThrow()).id;
    a320 = (
      await t.database.db
        .selectFrom('aircraft_types')
        .select('id')
        .where('icao', '=', 'A320')
        .where('status', '=', 'available')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    admin = await makeUser(t, 3);
    screener = await makeUser(t, 1);
    member = await makeUser(t);
    // An aircraft the gallery knows from a photo, without its MSN.
    await insertAccepted(
      t,
      member.id,
      { id: screener.id, username: 's', level: 1 },
      {
        registration: 'B-8801',
        aircraft_type_id: a320,
        airline_id: csc,
      },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const csv = [
    'registration,msn,type,hex,airline,status',
    'B-8801,5501,A320,780A01,CSC,在役',
    'b8802,5502,A320,780a02,csc,active',
    '"B-8803",5503,A320,,CSC,stored',
    'B-8804,5504,ZZZZ,,CSC,',
    'B-8805,5505,A320,A00001,CSC,',
    'B-8802,5502,A320,,CSC,',
    '',
  ].join('\r\n');

  it('shows in a dry run what would change, line by line, and changes nothing', async () => {
    const before = await count();
    const { status, body } = await send(csv, true);
    expect(status).toBe(200);
    expect(body).toMatchObject({ dryRun: true, counts: { create: 2, update: 1, unchanged: 0, error: 3 } });
    expect(body.message).toMatch(/^预览：尚未导入：新增 2 架/);
    const byLine = Object.fromEntries(body.rows.map((r) => [r.line, r]));
    expect(byLine[2]).toMatchObject({
      action: 'update',
      registration: 'B-8801',
      changes: ['MSN：空 → 5501', 'Mode S：空 → 780A01'],
    });
    expect(byLine[3]).toMatchObject({ action: 'create', registration: 'B-8802' });
    expect(byLine[5]).toMatchObject({ action: 'error', message: FLEET_IMPORT_MESSAGES.unknownType });
    expect(byLine[6]).toMatchObject({ action: 'error', message: '中国的 Mode S 代码在 780000–7BFFFF 之间，A00001 不在其中' });
    expect(byLine[7]).toMatchObject({ action: 'error', message: FLEET_IMPORT_MESSAGES.repeated });
    // Errors first, then what changes.
    expect(body.rows.map((r) => r.action)).toEqual(['error', 'error', 'error', 'create', 'create', 'update']);
    expect(await count()).toBe(before);
  });

  it('imports, audited, and the fleet counts the aircraft still wanted; a second import changes nothing', async () => {
    const { body } = await send(csv, false);
    expect(body).toMatchObject({ dryRun: false, counts: { create: 2, update: 1, error: 3 } });
    const f = await fleet();
    expect(f).toMatchObject({ total: 3, photographed: 1 });
    const listed = f.groups.flatMap((g) => g.airframes);
    expect(listed.map((a) => [a.registration, a.msn, a.modeS, a.status])).toEqual([
      ['B-8801', '5501', '780a01', 'active'],
      ['B-8802', '5502', '780a02', 'active'],
      ['B-8803', '5503', null, 'stored'],
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'detail'])
      .where('action', '=', 'airframe.import')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(admin.id);
    expect((await send(csv, false)).body.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 3 });
  });

  it('puts the first photo of an imported aircraft on it, rather than making another', async () => {
    const before = await count();
    await insertAccepted(
      t,
      member.id,
      { id: screener.id, username: 's', level: 1 },
      {
        registration: 'B-8803',
        aircraft_type_id: a320,
        airline_id: csc,
      },
    );
    expect(await count()).toBe(before);
    expect(await fleet()).toMatchObject({ total: 3, photographed: 2 });
  });

  it('makes each aircraft once when two imports run at once', async () => {
    const list = 'B-8811,6601,A320,,CSC,\nB-8812,6602,A320,,CSC,';
    const before = await count();
    const [a, b] = await Promise.all([send(list, false), send(list, false)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.counts.create + b.body.counts.create).toBe(2);
    expect(await count()).toBe(before + 2);
  });

  it('is for administrators, and refuses a list it cannot read, in Chinese', async () => {
    expect((await send(csv, true, screener)).status).toBe(403);
    for (const bad of ['', '\n\n', 'registration,msn\n', '"B-1,2', 'B-1,\n'.repeat(5_001)]) {
      const res = await send(bad, true);
      expect(res.status, JSON.stringify(bad.slice(0, 20))).toBe(400);
      expectChineseError(res.body as unknown as { message: string });
    }
  });
});
