import { LEVELS } from '../../../../contract/limits.js';
import { PHOTO_MESSAGES, type RefSummary } from '../../../../contract/photos.js';
import type { NewAircraftTypeRequest, NewAirlineRequest, NewAirportRequest, RefQuery } from '../../../../contract/reference.js';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import type { FieldIssue } from '../../../../contract/errors.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict } from '../../http/errors.js';
import {
  presentAircraftType,
  presentAirline,
  presentAirport,
  summariseAircraftType,
  summariseAirline,
  summariseAirport,
} from './reference.presenter.js';
import * as repo from './reference.repository.js';
import {
  aircraftTypeNameWords,
  aircraftTypeSearchText,
  airlineNameWords,
  airlineSearchText,
  airportNameWords,
  airportSearchText,
  queryTerms,
} from './search-words.js';

const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const m = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw badRequest('无效的分页参数', [{ path: ['cursor'], message: '无效的分页参数' }]);
  return Number(m[1]);
}

const KIND_NAMES = { airports: '机场', airlines: '航空公司', aircraft_types: '机型' } as const;

/** Reference summaries of the rows some photos name, by id, for presenting those photos. */
export interface RefSummaries {
  types: Map<number, RefSummary>;
  airlines: Map<number, RefSummary>;
  airports: Map<number, RefSummary>;
}

export class ReferenceService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async page<Row, Item>(
    query: RefQuery,
    viewer: AuthUser | null,
    run: (db: DbOrTrx, s: repo.RefSearch) => Promise<Row[]>,
    present: (row: Row) => Item,
  ) {
    const offset = decodeCursor(query.cursor);
    const rows = await run(this.db, { ...queryTerms(query.q), viewerId: viewer?.id ?? null, offset, limit: query.limit });
    return {
      items: rows.slice(0, query.limit).map(present),
      nextCursor: rows.length > query.limit ? encodeCursor(offset + query.limit) : null,
    };
  }

  searchAirports(query: RefQuery, viewer: AuthUser | null) {
    return this.page(query, viewer, repo.searchAirports, presentAirport);
  }
  searchAirlines(query: RefQuery, viewer: AuthUser | null) {
    return this.page(query, viewer, repo.searchAirlines, presentAirline);
  }
  searchAircraftTypes(query: RefQuery, viewer: AuthUser | null) {
    return this.page(query, viewer, repo.searchAircraftTypes, presentAircraftType);
  }

  /** A member's addition waits for a screener (pending); a screener's is available at once. */
  private async admission(kind: repo.RefKind, actor: AuthUser, codes: { icao?: string | undefined; iata?: string | undefined }) {
    if (await repo.findByCodes(this.db, kind, codes)) {
      const message = `已存在相同代码的${KIND_NAMES[kind]}`;
      throw conflict(message, [{ path: [codes.icao ? 'icao' : 'iata'], message }]);
    }
    const direct = actor.level >= LEVELS.screener;
    return {
      columns: {
        status: direct ? ('available' as const) : ('pending' as const),
        suggested_by: actor.id,
        created_at: this.clock.now(),
      },
      message: direct ? PHOTO_MESSAGES.added : PHOTO_MESSAGES.suggested,
    };
  }

  async addAirport(actor: AuthUser, a: NewAirportRequest) {
    const { columns, message } = await this.admission('airports', actor, a);
    const row = {
      icao: a.icao ?? null,
      iata: a.iata ?? null,
      name_zh: a.nameZh || null,
      name_en: a.nameEn,
      city: a.city || null,
      country: a.country || null,
    };
    const id = await repo.insertAirport(this.db, { ...columns, ...row, search_text: airportSearchText(row) });
    return { message, item: presentAirport((await repo.findAirport(this.db, id))!) };
  }

  async addAirline(actor: AuthUser, a: NewAirlineRequest) {
    const { columns, message } = await this.admission('airlines', actor, a);
    const row = {
      icao: a.icao ?? null,
      iata: a.iata ?? null,
      name_zh: a.nameZh || null,
      name_en: a.nameEn,
      country: a.country || null,
    };
    const id = await repo.insertAirline(this.db, { ...columns, ...row, search_text: airlineSearchText(row) });
    return { message, item: presentAirline((await repo.findAirline(this.db, id))!) };
  }

  async addAircraftType(actor: AuthUser, t: NewAircraftTypeRequest) {
    const { columns, message } = await this.admission('aircraft_types', actor, { icao: t.icao });
    const row = {
      icao: t.icao ?? null,
      manufacturer_zh: t.manufacturerZh || null,
      manufacturer_en: t.manufacturerEn,
      type_name: t.typeName,
      variant: t.variant || null,
    };
    const id = await repo.insertAircraftType(this.db, { ...columns, ...row, search_text: aircraftTypeSearchText(row) });
    return { message, item: presentAircraftType((await repo.findAircraftType(this.db, id))!) };
  }

  /**
   * Field issues for the reference ids a photo names: each must exist and be available, or be a
   * pending suggestion of the uploader's own.
   */
  async checkPhotoRefs(
    db: DbOrTrx,
    uploaderId: number,
    ids: { aircraftTypeId?: number | null; airlineId?: number | null; airportId?: number | null },
  ): Promise<FieldIssue[]> {
    const usable = (r: { status: string; suggested_by: number | null } | undefined) =>
      !!r && (r.status === 'available' || (r.status === 'pending' && r.suggested_by === uploaderId));
    const issues: FieldIssue[] = [];
    if (ids.aircraftTypeId && !usable(await repo.findAircraftType(db, ids.aircraftTypeId))) {
      issues.push({ path: ['aircraftTypeId'], message: PHOTO_MESSAGES.unknownType });
    }
    if (ids.airlineId && !usable(await repo.findAirline(db, ids.airlineId))) {
      issues.push({ path: ['airlineId'], message: PHOTO_MESSAGES.unknownAirline });
    }
    if (ids.airportId && !usable(await repo.findAirport(db, ids.airportId))) {
      issues.push({ path: ['airportId'], message: PHOTO_MESSAGES.unknownAirport });
    }
    return issues;
  }

  async summaries(ids: { types: number[]; airlines: number[]; airports: number[] }): Promise<RefSummaries> {
    const byIds = <Row>(list: number[], load: (db: DbOrTrx, ids: number[]) => Promise<Row[]>) =>
      list.length === 0 ? Promise.resolve([]) : load(this.db, list);
    const [types, airlines, airports] = await Promise.all([
      byIds(ids.types, repo.aircraftTypesByIds),
      byIds(ids.airlines, repo.airlinesByIds),
      byIds(ids.airports, repo.airportsByIds),
    ]);
    return {
      types: new Map(types.map((t) => [t.id, summariseAircraftType(t)])),
      airlines: new Map(airlines.map((a) => [a.id, summariseAirline(a)])),
      airports: new Map(airports.map((a) => [a.id, summariseAirport(a)])),
    };
  }

  /** The words a photo is found by for its type, airline and airport (codes, names, short names); `db` may be a transaction. */
  async searchWords(
    db: DbOrTrx,
    ids: { typeId: number | null; airlineId: number | null; airportId: number | null },
  ): Promise<string[]> {
    const [type, airline, airport] = await Promise.all([
      ids.typeId ? repo.findAircraftType(db, ids.typeId) : undefined,
      ids.airlineId ? repo.findAirline(db, ids.airlineId) : undefined,
      ids.airportId ? repo.findAirport(db, ids.airportId) : undefined,
    ]);
    // Whole names (北京首都国际机场), not search_text's stems and suffixes: the gallery pairs Chinese characters itself.
    return [
      type && aircraftTypeNameWords(type),
      airline && airlineNameWords(airline),
      airport && airportNameWords(airport),
    ].filter((w): w is string => !!w);
  }
}
