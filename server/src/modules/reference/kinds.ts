import { PHOTO_MESSAGES, type RefSummary } from '../../../../contract/photos.js';
import type {
  AircraftType,
  Airline,
  Airport,
  NewAircraftTypeRequest,
  NewAirlineRequest,
  NewAirportRequest,
} from '../../../../contract/reference.js';
import type { DbOrTrx } from '../../db/database.js';
import type { AircraftTypeRow, AirlineRow, AirportRow, NewAircraftType, NewAirline, NewAirport } from '../../db/schema.js';
import {
  presentAircraftType,
  presentAirline,
  presentAirport,
  summariseAircraftType,
  summariseAirline,
  summariseAirport,
} from './reference.presenter.js';
import * as repo from './reference.repository.js';
import type { RefKind, RefSearch } from './reference.repository.js';
import {
  aircraftTypeNameWords,
  aircraftTypeSearchText,
  airlineNameWords,
  airlineSearchText,
  airportNameWords,
  airportSearchText,
} from './search-words.js';

/** The types of each kind of reference entry: what is sent, what is stored, what is answered. */
export interface KindTypes {
  airports: { request: NewAirportRequest; row: AirportRow; item: Airport; columns: Omit<NewAirport, 'status' | 'created_at'> };
  airlines: { request: NewAirlineRequest; row: AirlineRow; item: Airline; columns: Omit<NewAirline, 'status' | 'created_at'> };
  aircraft_types: {
    request: NewAircraftTypeRequest;
    row: AircraftTypeRow;
    item: AircraftType;
    columns: Omit<NewAircraftType, 'status' | 'created_at'>;
  };
}

type Request<K extends RefKind> = KindTypes[K]['request'];
type Row<K extends RefKind> = KindTypes[K]['row'];
type Columns<K extends RefKind> = KindTypes[K]['columns'];

/**
 * Everything that differs between airports, airlines and aircraft types, so that each operation of
 * the reference service (search, add, edit, review, present, check a photo's ids) is written once.
 */
export interface Kind<K extends RefKind> {
  /** How the site names the kind in messages. */
  name: string;
  /** The column of `photos` that names an entry of this kind. */
  photoColumn: 'airport_id' | 'airline_id' | 'aircraft_type_id';
  /** The photo fact that names it, and the field issue when it names an unknown entry. */
  photoField: 'airportId' | 'airlineId' | 'aircraftTypeId';
  unknownMessage: string;
  codes(request: Request<K>): { icao?: string | undefined; iata?: string | undefined };
  /**
   * Whether an entry that no longer operates leaves its codes to others: IATA and ICAO hand an airline's
   * codes on once it stops flying (Kish Air's Y9 may be a newer airline's too), so only flying ones hold theirs.
   */
  codesPassOn: boolean;
  /** The stored columns of a request, search text included. */
  columns(request: Request<K>): Columns<K>;
  find(db: DbOrTrx, id: number): Promise<Row<K> | undefined>;
  byIds(db: DbOrTrx, ids: number[]): Promise<Row<K>[]>;
  search(db: DbOrTrx, s: RefSearch): Promise<Row<K>[]>;
  pending(db: DbOrTrx, limit: number): Promise<Row<K>[]>;
  insert(db: DbOrTrx, row: Columns<K> & Pick<NewAirport, 'status' | 'suggested_by' | 'created_at'>): Promise<number>;
  update(db: DbOrTrx, id: number, row: Columns<K>): Promise<boolean>;
  present(row: Row<K>): KindTypes[K]['item'];
  summarise(row: Row<K>): RefSummary;
  /** Whole names (北京首都国际机场), for the gallery's index, which pairs Chinese characters itself. */
  nameWords(row: Row<K>): string;
  /** The search text of a whole row, the columns a request does not carry (short names, pinyin) included. */
  searchText(row: Row<K>): string;
}

const nameColumns = (r: { nameZh?: string | undefined; nameEn: string; country?: string | undefined }) => ({
  name_zh: r.nameZh || null,
  name_en: r.nameEn,
  country: r.country || null,
});

const airports: Kind<'airports'> = {
  name: '机场',
  photoColumn: 'airport_id',
  photoField: 'airportId',
  unknownMessage: PHOTO_MESSAGES.unknownAirport,
  codes: (r) => ({ icao: r.icao, iata: r.iata }),
  codesPassOn: false,
  columns: (r) => {
    const row = { icao: r.icao ?? null, iata: r.iata ?? null, ...nameColumns(r), city: r.city || null };
    return { ...row, search_text: airportSearchText(row) };
  },
  find: repo.findAirport,
  byIds: repo.airportsByIds,
  search: repo.searchAirports,
  pending: repo.pendingAirports,
  insert: repo.insertAirport,
  update: repo.updateAirport,
  present: presentAirport,
  summarise: summariseAirport,
  nameWords: airportNameWords,
  searchText: airportSearchText,
};

const airlines: Kind<'airlines'> = {
  name: '航空公司',
  photoColumn: 'airline_id',
  photoField: 'airlineId',
  unknownMessage: PHOTO_MESSAGES.unknownAirline,
  codes: (r) => ({ icao: r.icao, iata: r.iata }),
  codesPassOn: true,
  columns: (r) => {
    const row = { icao: r.icao ?? null, iata: r.iata ?? null, ...nameColumns(r) };
    return { ...row, search_text: airlineSearchText(row) };
  },
  find: repo.findAirline,
  byIds: repo.airlinesByIds,
  search: repo.searchAirlines,
  pending: repo.pendingAirlines,
  insert: repo.insertAirline,
  update: repo.updateAirline,
  present: presentAirline,
  summarise: summariseAirline,
  nameWords: airlineNameWords,
  searchText: airlineSearchText,
};

const aircraftTypes: Kind<'aircraft_types'> = {
  name: '机型',
  photoColumn: 'aircraft_type_id',
  photoField: 'aircraftTypeId',
  unknownMessage: PHOTO_MESSAGES.unknownType,
  codes: (r) => ({ icao: r.icao }),
  codesPassOn: false,
  columns: (r) => {
    const row = {
      icao: r.icao ?? null,
      manufacturer_zh: r.manufacturerZh || null,
      manufacturer_en: r.manufacturerEn,
      type_name: r.typeName,
      variant: r.variant || null,
    };
    return { ...row, search_text: aircraftTypeSearchText(row) };
  },
  find: repo.findAircraftType,
  byIds: repo.aircraftTypesByIds,
  search: repo.searchAircraftTypes,
  pending: repo.pendingAircraftTypes,
  insert: repo.insertAircraftType,
  update: repo.updateAircraftType,
  present: presentAircraftType,
  summarise: summariseAircraftType,
  nameWords: aircraftTypeNameWords,
  searchText: aircraftTypeSearchText,
};

export const KINDS: { [K in RefKind]: Kind<K> } = { airports, airlines, aircraft_types: aircraftTypes };
export const KIND_LIST = ['airports', 'airlines', 'aircraft_types'] as const satisfies readonly RefKind[];
