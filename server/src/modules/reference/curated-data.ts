import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Our curated reference data (issue 21): readable tab-separated files in server/reference-data, each
// entry with its source (README, "Reference data"). `-` writes an empty value. The files are read
// once, when the import first asks for them.

export const REFERENCE_DATA_DIR = path.resolve(import.meta.dirname, '../../../reference-data');

export interface CuratedAirport {
  /** The airport data's key: its ICAO code, or OurAirports' ident for a field without one (CN-0003). */
  ident: string;
  nameZh: string;
  cityZh: string;
  regionZh: string;
  fullZh: string | null;
  source: string;
}

/** An airport the imported data lacks (opened after it was made), with the columns an import row needs. */
export interface AddedAirport extends CuratedAirport {
  iata: string | null;
  nameEn: string;
  cityEn: string | null;
  /** ISO 3166 code of its country (CN). */
  countryCode: string;
}

export interface CuratedAirline {
  icao: string | null;
  iata: string | null;
  nameZh: string;
  shortZh: string | null;
  nameEn: string;
  /** The country as the airline data writes it (China, Hong Kong, Japan). */
  country: string;
  source: string;
}

export interface CuratedType {
  icao: string | null;
  manufacturerEn: string;
  manufacturerZh: string;
  typeName: string;
  variant: string | null;
  nameZh: string | null;
  /** More words it is found by (738, c909, 新舟60). */
  aliases: string[];
  source: string;
}

export interface CuratedData {
  airports: CuratedAirport[];
  addedAirports: AddedAirport[];
  airlines: CuratedAirline[];
  types: CuratedType[];
  /** Changes whenever a file does: a database holding another digest imports again at start. */
  digest: string;
}

type Line = Record<string, string | null>;

/** The lines of one file as records keyed by its header; `-` and empty cells are null. */
function readTable(file: string, texts: string[]): Line[] {
  const text = fs.readFileSync(path.join(REFERENCE_DATA_DIR, file), 'utf8');
  texts.push(text);
  const [header, ...lines] = text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const columns = header!.split('\t');
  return lines.map((line, i) => {
    const cells = line.split('\t');
    if (cells.length !== columns.length) {
      throw new Error(`${file} line ${i + 2}: ${cells.length} columns, expected ${columns.length}`);
    }
    return Object.fromEntries(columns.map((c, j) => [c, cells[j] === '-' || cells[j] === '' ? null : cells[j]!.trim()]));
  });
}

const required = (line: Line, column: string): string => {
  const v = line[column];
  if (!v) throw new Error(`reference data: ${column} missing in ${JSON.stringify(line)}`);
  return v;
};

const airportOf = (l: Line): CuratedAirport => ({
  ident: required(l, 'ident'),
  nameZh: required(l, 'name_zh'),
  cityZh: required(l, 'city_zh'),
  regionZh: required(l, 'region_zh'),
  fullZh: l.full_zh ?? null,
  source: required(l, 'source'),
});

let loaded: CuratedData | null = null;

export function curatedData(): CuratedData {
  if (loaded) return loaded;
  const texts: string[] = [];
  const airports = readTable('airports-zh.tsv', texts).map(airportOf);
  const addedAirports = readTable('airports-added.tsv', texts).map((l): AddedAirport => ({
    ...airportOf(l),
    iata: l.iata ?? null,
    nameEn: required(l, 'name_en'),
    cityEn: l.city_en ?? null,
    countryCode: required(l, 'country_code'),
  }));
  const airlines = readTable('airlines.tsv', texts).map((l): CuratedAirline => ({
    icao: l.icao ?? null,
    iata: l.iata ?? null,
    nameZh: required(l, 'name_zh'),
    shortZh: l.short_zh ?? null,
    nameEn: required(l, 'name_en'),
    country: required(l, 'country'),
    source: required(l, 'source'),
  }));
  const types = readTable('aircraft-types.tsv', texts).map((l): CuratedType => ({
    icao: l.icao ?? null,
    manufacturerEn: required(l, 'manufacturer_en'),
    manufacturerZh: required(l, 'manufacturer_zh'),
    typeName: required(l, 'type_name'),
    variant: l.variant ?? null,
    nameZh: l.name_zh ?? null,
    aliases: (l.aliases ?? '').split(' ').filter(Boolean),
    source: required(l, 'source'),
  }));
  const digest = createHash('sha256').update(texts.join('\0')).digest('hex').slice(0, 16);
  loaded = { airports, addedAirports, airlines, types, digest };
  return loaded;
}

/** A curated type's stable key: its designator, or its names for the types that have none (military). */
export const typeExternalId = (t: Pick<CuratedType, 'icao' | 'manufacturerEn' | 'typeName' | 'variant'>) =>
  t.icao ? `curated:${t.icao}` : `curated:${t.manufacturerEn} ${t.typeName}${t.variant ?? ''}`;
