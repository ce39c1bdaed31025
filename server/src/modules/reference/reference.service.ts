import { LEVELS } from '../../../../contract/limits.js';
import { PHOTO_MESSAGES } from '../../../../contract/photos.js';
import type { AircraftType, Airline, Airport } from '../../../../contract/reference.js';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import type { AircraftTypeRow, AirlineRow, AirportRow } from '../../db/schema.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { AuthUser } from '../accounts/accounts.service.js';
import { presentAircraftType, presentAirline, presentAirport, searchText } from './reference.presenter.js';
import * as repo from './reference.repository.js';

export interface NewAirportInput {
  icao?: string;
  iata?: string;
  nameZh?: string;
  nameEn: string;
  city?: string;
  country?: string;
}
export interface NewAirlineInput {
  icao?: string;
  iata?: string;
  nameZh?: string;
  nameEn: string;
  country?: string;
}
export interface NewAircraftTypeInput {
  manufacturerZh?: string;
  manufacturerEn: string;
  typeName: string;
  variant?: string;
  icao?: string;
}

const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const m = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw badRequest('无效的分页参数', [{ path: ['cursor'], message: '无效的分页参数' }]);
  return Number(m[1]);
}

const KIND_NAMES = { airports: '机场', airlines: '航空公司', aircraft_types: '机型' } as const;

export class ReferenceService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async search<T>(
    kind: repo.RefKind,
    q: string,
    viewer: AuthUser | null,
    cursor: string | undefined,
    limit: number,
    present: (r: never) => T,
  ) {
    const offset = decodeCursor(cursor);
    const rows = await repo.searchRefs(this.db, kind, q, viewer?.id ?? null, offset, limit);
    return {
      items: rows.slice(0, limit).map((r) => present(r as never)),
      nextCursor: rows.length > limit ? encodeCursor(offset + limit) : null,
    };
  }

  searchAirports(q: string, viewer: AuthUser | null, cursor: string | undefined, limit: number) {
    return this.search<Airport>('airports', q, viewer, cursor, limit, presentAirport);
  }
  searchAirlines(q: string, viewer: AuthUser | null, cursor: string | undefined, limit: number) {
    return this.search<Airline>('airlines', q, viewer, cursor, limit, presentAirline);
  }
  searchAircraftTypes(q: string, viewer: AuthUser | null, cursor: string | undefined, limit: number) {
    return this.search<AircraftType>('aircraft_types', q, viewer, cursor, limit, presentAircraftType);
  }

  /** A member's addition waits for a screener (pending); a screener's is available at once. */
  private async add(kind: repo.RefKind, actor: AuthUser, codes: { icao?: string; iata?: string }, row: Record<string, unknown>) {
    if (await repo.findByCodes(this.db, kind, codes)) {
      throw conflict(`已存在相同代码的${KIND_NAMES[kind]}`, [
        { path: [codes.icao ? 'icao' : 'iata'], message: `已存在相同代码的${KIND_NAMES[kind]}` },
      ]);
    }
    const direct = actor.level >= LEVELS.screener;
    const id = await repo.insertRef(this.db, kind, {
      ...row,
      status: direct ? 'available' : 'pending',
      suggested_by: actor.id,
      created_at: this.clock.now(),
    });
    return { id, message: direct ? PHOTO_MESSAGES.added : PHOTO_MESSAGES.suggested };
  }

  async addAirport(actor: AuthUser, a: NewAirportInput) {
    const { id, message } = await this.add('airports', actor, a, {
      icao: a.icao ?? null,
      iata: a.iata ?? null,
      name_zh: a.nameZh || null,
      name_en: a.nameEn,
      city: a.city || null,
      country: a.country || null,
      search_text: searchText(a.icao, a.iata, a.nameZh, a.nameEn, a.city, a.country),
    });
    return { message, item: presentAirport((await repo.findRef(this.db, 'airports', id)) as AirportRow) };
  }

  async addAirline(actor: AuthUser, a: NewAirlineInput) {
    const { id, message } = await this.add('airlines', actor, a, {
      icao: a.icao ?? null,
      iata: a.iata ?? null,
      name_zh: a.nameZh || null,
      name_en: a.nameEn,
      country: a.country || null,
      search_text: searchText(a.icao, a.iata, a.nameZh, a.nameEn, a.country),
    });
    return { message, item: presentAirline((await repo.findRef(this.db, 'airlines', id)) as AirlineRow) };
  }

  async addAircraftType(actor: AuthUser, t: NewAircraftTypeInput) {
    const { id, message } = await this.add(
      'aircraft_types',
      actor,
      { icao: t.icao },
      {
        icao: t.icao ?? null,
        manufacturer_zh: t.manufacturerZh || null,
        manufacturer_en: t.manufacturerEn,
        type_name: t.typeName,
        variant: t.variant || null,
        search_text: searchText(t.icao, t.manufacturerEn, t.manufacturerZh, t.typeName, t.variant),
      },
    );
    return { message, item: presentAircraftType((await repo.findRef(this.db, 'aircraft_types', id)) as AircraftTypeRow) };
  }

  /**
   * Field issues for the reference ids a photo names: each must exist and be available, or be a
   * pending suggestion of the uploader's own.
   */
  async checkPhotoRefs(
    db: DbOrTrx,
    uploaderId: number,
    ids: { aircraftTypeId?: number | null; airlineId?: number | null; airportId?: number | null },
  ) {
    const usable = (r: { status: string; suggested_by: number | null } | undefined) =>
      !!r && (r.status === 'available' || (r.status === 'pending' && r.suggested_by === uploaderId));
    const issues = [];
    if (ids.aircraftTypeId && !usable(await repo.findRef(db, 'aircraft_types', ids.aircraftTypeId))) {
      issues.push({ path: ['aircraftTypeId'], message: PHOTO_MESSAGES.unknownType });
    }
    if (ids.airlineId && !usable(await repo.findRef(db, 'airlines', ids.airlineId))) {
      issues.push({ path: ['airlineId'], message: PHOTO_MESSAGES.unknownAirline });
    }
    if (ids.airportId && !usable(await repo.findRef(db, 'airports', ids.airportId))) {
      issues.push({ path: ['airportId'], message: PHOTO_MESSAGES.unknownAirport });
    }
    return issues;
  }
}
