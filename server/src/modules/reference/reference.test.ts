import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../../../contract/photos.js';
import { bearer, createTestApp, databaseKinds, makeUser, type TestApp } from '../../testing/harness.js';
import { importReferenceData } from './reference.import.js';

describe.each(databaseKinds())('reference data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReferenceData(t.database.db, t.clock.now());
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (path: string, q: string, token?: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/${path}?q=${encodeURIComponent(q)}&limit=5`,
        headers: token ? bearer(token) : {},
      })
    ).json();

  it('finds airports by code, Chinese and English name, exact codes first', async () => {
    expect((await search('airports', 'pek')).items[0]).toMatchObject({ icao: 'ZBAA', iata: 'PEK', nameZh: '北京首都国际机场' });
    expect((await search('airports', 'ZSPD')).items[0]).toMatchObject({ iata: 'PVG' });
    expect((await search('airports', '浦东')).items[0]).toMatchObject({ icao: 'ZSPD' });
    expect((await search('airports', 'heathrow')).items[0]).toMatchObject({ iata: 'LHR' });
    const page1 = await search('airports', 'international');
    expect(page1.items).toHaveLength(5);
    const page2 = (
      await t.app.inject({ method: 'GET', url: `/api/v1/airports?q=international&limit=5&cursor=${page1.nextCursor}` })
    ).json();
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/airports?cursor=garbage' })).statusCode).toBe(400);
  });

  it('finds airlines and aircraft types', async () => {
    expect((await search('airlines', 'CCA')).items[0]).toMatchObject({ iata: 'CA', nameZh: '中国国际航空' });
    expect((await search('airlines', '东方')).items[0]).toMatchObject({ icao: 'CES' });
    expect((await search('airlines', '国航')).items[0]).toMatchObject({ icao: 'CCA' });
    expect((await search('aircraft-types', 'B738')).items[0]).toMatchObject({
      manufacturerEn: 'Boeing',
      typeName: '737',
      variant: '-800',
    });
    expect((await search('aircraft-types', '商飞')).items.map((i: { icao: string }) => i.icao)).toContain('C919');
  });

  it('keeps a member suggestion pending and visible only to its author; a screener adds directly', async () => {
    const member = await makeUser(t);
    const other = await makeUser(t);
    const screener = await makeUser(t, 1);
    const add = (token: string, body: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/airports', headers: bearer(token), payload: body });
    const suggestion = await add(member.token, { icao: 'ZZZQ', nameEn: 'Test Field', nameZh: '测试机场' });
    expect(suggestion.json()).toMatchObject({ message: PHOTO_MESSAGES.suggested, item: { status: 'pending', icao: 'ZZZQ' } });
    expect((await search('airports', 'ZZZQ', member.token)).items).toHaveLength(1);
    expect((await search('airports', 'ZZZQ', other.token)).items).toHaveLength(0);
    expect((await search('airports', 'ZZZQ')).items).toHaveLength(0);

    const direct = await add(screener.token, { icao: 'ZZZR', nameEn: 'Another Field' });
    expect(direct.json()).toMatchObject({ message: PHOTO_MESSAGES.added, item: { status: 'available' } });
    const dup = await add(member.token, { icao: 'ZBAA', nameEn: 'Copy' });
    expect(dup.statusCode).toBe(409);
    const bad = await add(member.token, { icao: 'TOOLONG', nameEn: '' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/airports', payload: { icao: 'ZZZS', nameEn: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('re-imports without overwriting a screener edit', async () => {
    await t.database.db
      .updateTable('airports')
      .set({ name_en: 'Capital (edited)', edited: 1 })
      .where('icao', '=', 'ZBAA')
      .execute();
    await t.database.db.updateTable('airports').set({ name_en: 'Pudong (stale)' }).where('icao', '=', 'ZSPD').execute();
    const before = await t.database.db
      .selectFrom('airports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await importReferenceData(t.database.db, t.clock.now());
    const after = await t.database.db
      .selectFrom('airports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const rows = await t.database.db
      .selectFrom('airports')
      .select(['icao', 'name_en'])
      .where('icao', 'in', ['ZBAA', 'ZSPD'])
      .orderBy('icao')
      .execute();
    expect(rows).toEqual([
      { icao: 'ZBAA', name_en: 'Capital (edited)' },
      { icao: 'ZSPD', name_en: 'Shanghai Pudong International Airport' },
    ]);
  });
});
