import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AirframeResponse, AirframesResponse } from '../../../../contract/airframes.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertAccepted,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 39, item 1: an airframe's Mode S address, learnt from a member's photo, kept by screeners
// (checked against the ICAO block of the state it is registered in), an N-number's computed, and found by it.
describe.each(databaseKinds())('Mode S addresses of airframes on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let member: User;

  const call = async <T>(method: 'GET' | 'PUT', url: string, user?: User, payload?: object) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user ? bearer(user.token) : {},
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<T>() };
  };
  const accepted = (over: Parameters<typeof insertAccepted>[3]) =>
    insertAccepted(t, member.id, { id: screener.id, username: 's', level: 1 }, over);
  const airframeOf = async (photoId: number) =>
    (await t.database.db.selectFrom('photos').select('airframe_id').where('id', '=', photoId).executeTakeFirstOrThrow())
      .airframe_id!;
  const found = async (hex: string) =>
    (await call<AirframesResponse>('GET', `/airframes?hex=${hex}`)).body.items.map((a) => a.id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    screener = await makeUser(t, 1);
    member = await makeUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('learns the address a member gave with an accepted photo, and never overwrites it from a later one', async () => {
    const first = await accepted({ registration: 'B-30EE', mode_s: '780a1b', taken_on: '2024-01-01' });
    const id = await airframeOf(first);
    await accepted({ registration: 'B-30EE', mode_s: '780fff', taken_on: '2024-02-01' });
    const { body } = await call<AirframeResponse>('GET', `/airframes/${id}`);
    expect(body).toMatchObject({ modeS: '780a1b', modeSFromRegistration: false });
    expect(await found('780A1B')).toEqual([id]);
    expect(await found('0x780a1b')).toEqual([id]);
    expect(await found('780fff')).toEqual([]);
  });

  it('computes an N-number’s address, and finds the aircraft that carried it by that address', async () => {
    const id = await airframeOf(await accepted({ registration: 'N12345' }));
    const { body } = await call<AirframeResponse>('GET', `/airframes/${id}`);
    expect(body).toMatchObject({ modeS: 'a061d9', modeSFromRegistration: true });
    expect(await found('A061D9')).toEqual([id]);
    // Its card in a list says the same.
    expect((await call<AirframesResponse>('GET', '/airframes?reg=n12345')).body.items[0]).toMatchObject({ modeS: 'a061d9' });
  });

  it('lets screeners set, check and clear it, audited; members may not', async () => {
    const id = await airframeOf(await accepted({ registration: 'B-1789', msn: '8901', taken_on: '2023-01-01' }));
    // Re-registered (the same MSN): its current registration is the newest photo's, and the address must fit that state.
    expect(await airframeOf(await accepted({ registration: '9V-SQA', msn: '8901', taken_on: '2024-06-01' }))).toBe(id);
    expect((await call('PUT', `/airframes/${id}`, member, { modeS: '76cdb1' })).status).toBe(403);
    const wrong = await call<{ message: string }>('PUT', `/airframes/${id}`, screener, { modeS: '780b00' });
    expect(wrong.status).toBe(400);
    expectChineseError(wrong.body);
    expect(wrong.body.message).toBe('新加坡的 Mode S 代码在 768000–76FFFF 之间，780B00 不在其中');
    const garbled = await call<{ message: string }>('PUT', `/airframes/${id}`, screener, { modeS: 'xyz' });
    expect(garbled.status).toBe(400);
    expectChineseError(garbled.body);
    expect((await call('PUT', `/airframes/${id}`, screener, { modeS: '76CDB1' })).status).toBe(200);
    expect((await call<AirframeResponse>('GET', `/airframes/${id}`)).body.modeS).toBe('76cdb1');
    expect(await found('76cdb1')).toEqual([id]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'airframe.edit')
      .where('target_id', '=', id)
      .execute();
    const text = (d: unknown) => (typeof d === 'string' ? d : JSON.stringify(d));
    expect(audit.map((a) => text(a.detail))).toEqual([expect.stringContaining('"modeS":"76cdb1"')]);
    expect((await call('PUT', `/airframes/${id}`, screener, { modeS: '' })).status).toBe(200);
    expect((await call<AirframeResponse>('GET', `/airframes/${id}`)).body.modeS).toBeNull();
  });

  it('refuses an address that is not one, in Chinese', async () => {
    for (const hex of ['zzzzzz', '12345', '000000', '%27%20OR%201%3D1']) {
      const res = await call<{ message: string }>('GET', `/airframes?hex=${hex}`);
      expect(res.status, hex).toBe(400);
      expectChineseError(res.body);
    }
  });
});
