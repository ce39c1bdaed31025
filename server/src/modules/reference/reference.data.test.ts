import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aircraftTypeLabel, airlineLabel } from '../../../../contract/reference.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { curatedData } from './curated-data.js';
import { importReferenceData } from './reference.import.js';

// The curated reference data stays right (issue 21, item 6): read from its files, imported into a
// real database, and checked entry by entry.

const SOURCES = new Set(['zhwiki', 'place', 'usage', 'openflights+zhwiki', 'icao8643']);
const CHINA = new Set(['China', 'Hong Kong', 'Macau', 'Taiwan']);

describe('the curated reference data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await importReferenceData(t.database.db, t.clock.now());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every entry a source and no key twice', () => {
    const data = curatedData();
    const all = [...data.airports, ...data.addedAirports, ...data.airlines, ...data.types];
    expect(all.filter((e) => !SOURCES.has(e.source))).toEqual([]);
    const twice = (keys: (string | null)[]) => keys.filter((k, i) => k !== null && keys.indexOf(k) !== i);
    expect(twice([...data.airports, ...data.addedAirports].map((a) => a.ident))).toEqual([]);
    expect(twice(data.airlines.map((a) => a.icao))).toEqual([]);
    expect(twice(data.airlines.map((a) => a.iata))).toEqual([]);
    expect(twice(data.types.map((ty) => ty.icao))).toEqual([]);
    expect(twice(data.types.map((ty) => `${ty.manufacturerEn} ${ty.typeName}${ty.variant ?? ''}`))).toEqual([]);
  });

  it('names every medium and large airport of mainland China, Hong Kong, Macau and Taiwan in Chinese', async () => {
    const db = t.database.db;
    const chinese = await db
      .selectFrom('airports')
      .select(['icao', 'name_en', 'name_zh', 'city_zh', 'region_zh', 'external_id'])
      .where('country', 'in', [...CHINA])
      .where('external_id', 'like', 'ourairports:%')
      .execute();
    expect(chinese.length).toBeGreaterThan(300);
    expect(chinese.filter((a) => !a.name_zh || !a.city_zh || !a.region_zh)).toEqual([]);
    // The new ones by name, and every curated name landed on an airport of the data (none is lost).
    const named = new Map(chinese.map((a) => [a.icao, a.name_zh]));
    expect([named.get('ZHEC'), named.get('ZBAD'), named.get('ZUTF'), named.get('ZSPD')]).toEqual([
      '鄂州花湖',
      '北京大兴',
      '成都天府',
      '上海浦东',
    ]);
    const landed = await db.selectFrom('airports').select(['icao', 'name_zh']).where('name_zh', 'is not', null).execute();
    const { airports, addedAirports } = curatedData();
    expect(landed.length).toBe(airports.length + addedAirports.length);
  });

  it('adds only airports the imported data lacks', async () => {
    const codes = curatedData().addedAirports.map((a) => a.ident);
    const imported = await t.database.db
      .selectFrom('airports')
      .select('icao')
      .where('icao', 'in', codes)
      .where('external_id', 'like', 'ourairports:%')
      .execute();
    expect(imported).toEqual([]);
  });

  it('attaches each curated airline to a flying entry of its own country, and no two flying airlines share a code', async () => {
    const db = t.database.db;
    const rows = await db
      .selectFrom('airlines')
      .selectAll()
      .where('status', '=', 'available')
      .where('name_zh', 'is not', null)
      .orderBy('icao')
      .execute();
    const { airlines } = curatedData();
    expect(rows).toHaveLength(airlines.length);
    for (const c of airlines) {
      const row = rows.find((r) => r.name_zh === c.nameZh);
      expect(row, c.nameZh).toMatchObject({ icao: c.icao, iata: c.iata, country: c.country, active: 1 });
    }
    const flying = await db
      .selectFrom('airlines')
      .select(['icao'])
      .where('active', '=', 1)
      .where('icao', 'is not', null)
      .execute();
    const codes = flying.map((r) => r.icao);
    expect(codes.filter((c, i) => codes.indexOf(c) !== i)).toEqual([]);
    // The list of every curated name with the entry it landed on, kept beside the data for review.
    const listing = rows.map(
      (r) =>
        `${airlineLabel({ nameZh: r.name_zh, nameEn: r.name_en })}\t${r.icao ?? '-'}/${r.iata ?? '-'}\t${r.name_en}\t${r.country}\t${r.external_id}`,
    );
    await expect(`${listing.join('\n')}\n`).toMatchFileSnapshot('../../../reference-data/landed/airlines.tsv');
  });

  it('shows every curated type in Chinese with its designator', async () => {
    const rows = await t.database.db
      .selectFrom('aircraft_types')
      .selectAll()
      .where('external_id', 'like', 'curated:%')
      .orderBy('external_id')
      .execute();
    expect(rows.length).toBe(curatedData().types.length);
    const labels = rows.map((r) =>
      aircraftTypeLabel({
        manufacturerEn: r.manufacturer_en,
        manufacturerZh: r.manufacturer_zh,
        typeName: r.type_name,
        variant: r.variant,
        icao: r.icao,
        nameZh: r.name_zh,
      }),
    );
    expect(labels).toEqual(
      expect.arrayContaining([
        '波音 737-800（B738）',
        '空客 A320neo（A20N）',
        '中国商飞 C919（C919）',
        '中国商飞 ARJ21-700（AJ27）',
        '新舟 60（MA60）',
        '庞巴迪 CRJ900（CRJ9）',
        '巴航工业 E190（E190）',
      ]),
    );
    expect(labels.filter((l) => !/\p{Script=Han}/u.test(l) && !l.startsWith('ATR'))).toEqual([]);
  });
});
