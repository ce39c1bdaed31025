import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../../../contract/photos.js';
import { bearer, createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../../testing/harness.js';
import { refItemLabel, type RefItem } from '../../../../contract/reference.js';
import { importReferenceData, importReferenceDataIfChanged } from './reference.import.js';
import { queryTerms, words } from './search-words.js';

describe('selector queries as people type them', () => {
  it('splits Chinese from Latin, folds width and accents, keeps 737-800 whole', () => {
    expect(words('空客A320')).toEqual(['空客', 'a320']);
    expect(words('波音７８７')).toEqual(['波音', '787']);
    expect(words('Zürich  Boeing 737-800')).toEqual(['zurich', 'boeing', '737-800']);
  });

  it('drops the 机场/航空/航空公司 people add, and keeps 国际', () => {
    expect(queryTerms('首都机场').terms).toEqual([['首都']]);
    expect(queryTerms('中国国际航空公司').terms).toEqual([['中国'], ['国际']]);
    expect(queryTerms('机场').terms).toEqual([['机场']]);
    expect(queryTerms('Boeing 737')).toEqual({ terms: [['boeing'], ['737']], phrase: '737' });
  });

  it('takes a half-typed suffix as either spelling, but not a short name', () => {
    expect(queryTerms('东方航').terms).toEqual([['东方航', '东方']]);
    expect(queryTerms('首都机').terms).toEqual([['首都机', '首都']]);
    expect(queryTerms('国航').terms).toEqual([['国航']]);
  });
});

describe.each(databaseKinds())('reference data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReferenceData(t.database.db, t.clock.now());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the countries a suggestion picks from, named as the imported airports name them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/reference/countries' });
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: { code: string; name: string }[] };
    expect(items.length).toBeGreaterThan(200);
    expect(items).toContainEqual({ code: 'CN', name: 'China' });
    const pvg = (await t.app.inject({ method: 'GET', url: '/api/v1/airports?q=ZSPD&limit=1' })).json().items[0];
    expect(items.map((c) => c.name)).toContain(pvg.country);
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
    expect((await search('airports', 'pek')).items[0]).toMatchObject({
      icao: 'ZBAA',
      iata: 'PEK',
      nameZh: '北京首都',
      cityZh: '北京',
      regionZh: '北京',
    });
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

  it('finds what people type first: manufacturer words, names without 机场, short names', async () => {
    const first = async (path: string, q: string) => (await search(path, q)).items[0];
    expect(await first('aircraft-types', 'Boeing 737')).toMatchObject({ manufacturerEn: 'Boeing', typeName: '737' });
    expect(await first('aircraft-types', '波音787')).toMatchObject({ manufacturerEn: 'Boeing', typeName: '787' });
    expect(await first('aircraft-types', 'Airbus A320')).toMatchObject({ icao: 'A320' });
    expect(await first('aircraft-types', '空客A320')).toMatchObject({ icao: 'A320' });
    expect(await first('aircraft-types', '空中客车 a350')).toMatchObject({ typeName: 'A350' });
    expect(await first('aircraft-types', '巴航工业 E190')).toMatchObject({ icao: 'E190' });
    expect(await first('aircraft-types', 'comac c919')).toMatchObject({ icao: 'C919' });
    expect(await first('aircraft-types', '庞巴迪')).toMatchObject({ manufacturerEn: 'Bombardier' });
    expect(await first('aircraft-types', '737-800')).toMatchObject({ icao: 'B738' });
    expect(await first('airports', '首都机场')).toMatchObject({ icao: 'ZBAA' });
    expect(await first('airports', '浦东机场')).toMatchObject({ icao: 'ZSPD' });
    expect(await first('airports', '上海浦东国际机场')).toMatchObject({ icao: 'ZSPD' });
    expect(await first('airports', '香港机场')).toMatchObject({ icao: 'VHHH' });
    expect(await first('airlines', '中国国际航空公司')).toMatchObject({ icao: 'CCA' });
    expect(await first('airlines', '东方航空')).toMatchObject({ icao: 'CES' });
    expect(await first('airlines', '东方航')).toMatchObject({ icao: 'CES' });
    const guohang = (await search('airlines', '国航')).items.map((i: { nameZh: string | null }) => i.nameZh);
    expect(guohang[0]).toBe('中国国际航空');
    // 美国航空 holds 国航 only across the seam of 美国|航空: not an answer.
    for (const other of ['美国航空', '法国航空', '英国航空']) expect(guohang).not.toContain(other);
  });

  // Issue 21's acceptance: each of these finds the right entry first in the selectors' search.
  const FIRST: [string, string, Record<string, unknown>][] = [
    ['airports', '花湖', { icao: 'ZHEC', nameZh: '鄂州花湖' }],
    ['airports', '鄂州', { icao: 'ZHEC' }],
    ['airports', '满洲里', { icao: 'ZBMZ' }],
    ['airports', '敦煌', { icao: 'ZLDH' }],
    ['airports', '丽江', { icao: 'ZPLJ' }],
    ['airports', '大兴', { icao: 'ZBAD', nameZh: '北京大兴' }],
    ['airports', '天府', { icao: 'ZUTF' }],
    ['airports', 'pudong', { icao: 'ZSPD' }],
    ['airports', 'pd', { icao: 'ZSPD' }],
    ['airports', 'huahu', { icao: 'ZHEC' }],
    ['airports', '成田', { icao: 'RJAA' }],
    ['airports', '希思罗', { icao: 'EGLL' }],
    ['airports', '桃園', { icao: 'RCTP' }],
    ['airlines', '顺丰', { icao: 'CSS', nameZh: '顺丰航空' }],
    ['airlines', '长龙', { icao: 'CDC' }],
    ['airlines', '首都航空', { icao: 'CBJ' }],
    ['airlines', '西藏航空', { icao: 'TBA', iata: 'TV', nameEn: 'Tibet Airlines', country: 'China', active: true }],
    ['airlines', '昆明航空', { icao: 'KNA', iata: 'KY', nameEn: 'Kunming Airlines', country: 'China', active: true }],
    ['airlines', 'TBA', { nameZh: '西藏航空' }],
    ['airlines', 'KNA', { nameZh: '昆明航空' }],
    ['airlines', '國航', { icao: 'CCA' }],
    ['airlines', '長榮', { icao: 'EVA' }],
    ['airlines', 'guohang', { icao: 'CCA' }],
    ['aircraft-types', '波音737-800', { icao: 'B738' }],
    ['aircraft-types', '波音 737-800', { icao: 'B738' }],
    ['aircraft-types', '737-800', { icao: 'B738' }],
    ['aircraft-types', '787-9', { icao: 'B789' }],
    ['aircraft-types', '777-300ER', { icao: 'B77W' }],
    ['aircraft-types', 'A350-900', { icao: 'A359' }],
    ['aircraft-types', 'A21N', { icao: 'A21N' }],
    ['aircraft-types', '738', { icao: 'B738' }],
    ['aircraft-types', 'C919', { icao: 'C919' }],
    ['aircraft-types', 'ARJ21', { icao: 'AJ27' }],
    ['aircraft-types', 'C909', { icao: 'AJ27' }],
    ['aircraft-types', '新舟60', { icao: 'MA60' }],
    ['aircraft-types', '运-20', { nameZh: '运-20' }],
    ['aircraft-types', '伊尔-76', { icao: 'IL76' }],
    ['aircraft-types', '７８７－９', { icao: 'B789' }],
  ];
  it.each(FIRST)('finds %s «%s» first', async (path, q, expected) => {
    expect((await search(path, q)).items[0]).toMatchObject(expected);
  });

  it('ranks the variants of a type by how many accepted photos show them, then by name', async () => {
    const member = await makeUser(t);
    const typeId = async (icao: string) => (await search('aircraft-types', icao)).items[0].id as number;
    const [b738, b739, b733] = [await typeId('B738'), await typeId('B739'), await typeId('B733')];
    for (const aircraft_type_id of [b738, b738, b738, b739, b739]) {
      await insertPhoto(t, member.id, { state: 'accepted', aircraft_type_id });
    }
    // Waiting and rejected photos are not the community's use of a type.
    for (let i = 0; i < 4; i += 1)
      await insertPhoto(t, member.id, { state: i % 2 ? 'pending' : 'rejected', aircraft_type_id: b733 });
    for (const q of ['波音737', 'Boeing 737', '737']) {
      const icaos = (await search('aircraft-types', q)).items.map((i: { icao: string | null }) => i.icao);
      expect([q, icaos.slice(0, 5)]).toEqual([q, ['B738', 'B739', 'B732', 'B733', 'B734']]);
    }
    // An exact code still comes first.
    expect((await search('aircraft-types', 'B733')).items[0]).toMatchObject({ icao: 'B733' });
  });

  it('answers Chinese first, with codes: 上海浦东 ZSPD/PVG, 波音 737-800（B738）', async () => {
    const [type] = (await search('aircraft-types', 'B738')).items;
    expect(refItemLabel('aircraft-types', type)).toBe('波音 737-800（B738）');
    expect(refItemLabel('airports', (await search('airports', 'ZSPD')).items[0])).toBe('上海浦东 ZSPD/PVG');
    // A defunct airline under a code another one holds now is named so, after the living one.
    const tba = (await search('airlines', 'TBA')).items as RefItem<'airlines'>[];
    expect(tba.slice(1).every((a) => !a.active)).toBe(true);
    expect(tba.map((a) => refItemLabel('airlines', a))).toContain('Transbrasil（已停运） TBA');
  });

  it('answers one entry by its id, a suggestion only to its author, merged and unknown ones 404', async () => {
    const cca = (await search('airlines', 'CCA')).items[0];
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/airlines/${cca.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(cca);
    const pvg = (await search('airports', 'ZSPD')).items[0];
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/airports/${pvg.id}` })).json()).toMatchObject({ icao: 'ZSPD' });
    const b738 = (await search('aircraft-types', 'B738')).items[0];
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/aircraft-types/${b738.id}` })).json()).toMatchObject({
      icao: 'B738',
    });

    const member = await makeUser(t);
    const other = await makeUser(t);
    const suggested = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/airlines',
        headers: bearer(member.token),
        payload: { icao: 'ZQX', nameEn: 'Suggested Air' },
      })
    ).json().item;
    const read = (token?: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/airlines/${suggested.id}`, headers: token ? bearer(token) : {} });
    expect((await read(member.token)).statusCode).toBe(200);
    expect((await read(other.token)).statusCode).toBe(404);
    expect((await read()).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/airlines/99999999' })).statusCode).toBe(404);
    await t.database.db.updateTable('airlines').set({ status: 'merged' }).where('id', '=', suggested.id).execute();
    expect((await read(member.token)).statusCode).toBe(404);
  });

  it('brings search text of existing rows up to the current rules at start, edited rows included', async () => {
    await t.database.db.updateTable('airports').set({ search_text: 'zspd pvg stale' }).where('icao', '=', 'ZSPD').execute();
    await t.database.db
      .updateTable('aircraft_types')
      .set({ search_text: 'a320 airbus', edited: 1 })
      .where('icao', '=', 'A320')
      .execute();
    expect((await search('airports', '浦东机场')).items).toHaveLength(0);
    expect(await importReferenceDataIfChanged(t.database.db, t.clock.now())).toBe(false);
    expect((await search('airports', '浦东机场')).items[0]).toMatchObject({ icao: 'ZSPD' });
    expect((await search('aircraft-types', '空客A320')).items[0]).toMatchObject({ icao: 'A320' });
  });

  it('finds a member-added type by its manufacturer in Chinese and English', async () => {
    const screener = await makeUser(t, 1);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/aircraft-types',
      headers: bearer(screener.token),
      payload: { manufacturerEn: 'Embraer', typeName: 'Phenom 900', icao: 'ZZ9P' },
    });
    expect(added.statusCode).toBe(200);
    expect((await search('aircraft-types', '巴航 phenom 900')).items[0]).toMatchObject({ icao: 'ZZ9P' });
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
    expect(dup.json().issues).toEqual([{ path: ['icao'], message: '已存在相同代码的机场' }]);
    const dupIata = await add(member.token, { icao: 'ZZZT', iata: 'PEK', nameEn: 'Copy' });
    expect(dupIata.statusCode).toBe(409);
    expect(dupIata.json().issues).toEqual([{ path: ['iata'], message: '已存在相同代码的机场' }]);
    const bad = await add(member.token, { icao: 'TOOLONG', nameEn: '' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/airports', payload: { icao: 'ZZZS', nameEn: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('keeps a curated airline on the row an earlier import named so, and its short name on an edited row', async () => {
    const db = t.database.db;
    // As the previous release left a database: 西藏航空 on Transbrasil's row, which held the code TBA
    // (members picked it as 西藏航空); and Air China edited by a screener.
    const transbrasil = await db
      .selectFrom('airlines')
      .select('id')
      .where('name_en', '=', 'Transbrasil')
      .executeTakeFirstOrThrow();
    await db.updateTable('airlines').set({ name_zh: '西藏航空' }).where('id', '=', transbrasil.id).execute();
    await db.updateTable('airlines').set({ short_zh: null, edited: 1 }).where('icao', '=', 'CCA').execute();
    t.clock.advance(1000);
    await importReferenceData(db, t.clock.now());
    const tibet = (await search('airlines', '西藏航空')).items as RefItem<'airlines'>[];
    expect(tibet[0]).toMatchObject({ id: transbrasil.id, nameEn: 'Tibet Airlines', icao: 'TBA', country: 'China', active: true });
    const flying = await db.selectFrom('airlines').select('id').where('icao', '=', 'TBA').where('active', '=', 1).execute();
    expect(flying).toEqual([{ id: transbrasil.id }]);
    expect((await search('airlines', '国航')).items[0]).toMatchObject({ icao: 'CCA', shortZh: '国航' });
    // A screener's edit keeps the words the form does not carry (the short name, pinyin).
    const cca = (await search('airlines', 'CCA')).items[0] as RefItem<'airlines'>;
    const screener = await makeUser(t, 1);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/airlines/${cca.id}`,
      headers: bearer(screener.token),
      payload: { icao: 'CCA', iata: 'CA', nameZh: '中国国际航空', nameEn: 'Air China Limited', country: 'China' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await search('airlines', '国航')).items[0]).toMatchObject({ id: cca.id, nameEn: 'Air China Limited' });
    expect((await search('airlines', 'guohang')).items[0]).toMatchObject({ id: cca.id });
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
