import { LEVELS } from '../../../../contract/limits.js';
import { PHOTO_MESSAGES, type RefSummary } from '../../../../contract/photos.js';
import type { NewAircraftTypeRequest, NewAirlineRequest, NewAirportRequest, RefQuery } from '../../../../contract/reference.js';
import { MANAGE_MESSAGES } from '../../../../contract/manage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import type { FieldIssue } from '../../../../contract/errors.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
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

/** 409 on the field whose code the other entry holds (the form says which of ICAO and IATA clashes). */
function codeTaken(kind: repo.RefKind, field: 'icao' | 'iata') {
  const message = `已存在相同代码的${KIND_NAMES[kind]}`;
  return conflict(message, [{ path: [field], message }]);
}

/** The photo column that names each kind. */
export const PHOTO_COLUMN = { airports: 'airport_id', airlines: 'airline_id', aircraft_types: 'aircraft_type_id' } as const;
export type RefPhotoColumn = (typeof PHOTO_COLUMN)[repo.RefKind];

/**
 * What curation needs from the modules built after this one (photos, gallery index, notifications),
 * wired in app.ts; each runs inside the caller's transaction.
 */
export interface ReferenceLinks {
  /** Points every photo naming `fromId` at `intoId` and re-indexes them. */
  movePhotos(trx: DbOrTrx, column: RefPhotoColumn, fromId: number, intoId: number): Promise<number>;
  /** How many photos (any state) name this entry. */
  countPhotos(trx: DbOrTrx, column: RefPhotoColumn, id: number): Promise<number>;
  /** Re-indexes the photos naming this entry after its names changed. */
  reindexPhotos(trx: DbOrTrx, column: RefPhotoColumn, id: number): Promise<void>;
  /** Airports only: members' home airports follow a merge. */
  moveHomeAirports(trx: DbOrTrx, fromId: number, intoId: number): Promise<void>;
  notifySuggester(trx: DbOrTrx, userId: number, approved: boolean, title: string, body: string): Promise<void>;
  /** Who made the suggestions listed for screeners. */
  usernames(ids: number[]): Promise<Map<number, string>>;
}

/** Reference summaries of the rows some photos name, by id, for presenting those photos. */
export interface RefSummaries {
  types: Map<number, RefSummary>;
  airlines: Map<number, RefSummary>;
  airports: Map<number, RefSummary>;
}

export class ReferenceService {
  private links: ReferenceLinks | null = null;
  private audit: AuditService | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Wires curation to the photos, the gallery index, notifications and the audit log (app.ts). */
  link(links: ReferenceLinks, audit: AuditService): void {
    this.links = links;
    this.audit = audit;
  }

  private wired(): { links: ReferenceLinks; audit: AuditService } {
    if (!this.links || !this.audit) throw new Error('ReferenceService.link was not called');
    return { links: this.links, audit: this.audit };
  }

  // ---- curation (level 1, PRODUCT.md §3.11) ----

  async editAirport(actor: AuthUser, id: number, a: NewAirportRequest) {
    await this.editable('airports', id, a);
    const row = {
      icao: a.icao ?? null,
      iata: a.iata ?? null,
      name_zh: a.nameZh || null,
      name_en: a.nameEn,
      city: a.city || null,
      country: a.country || null,
    };
    await this.edit(actor, 'airports', id, (trx) => repo.updateAirport(trx, id, { ...row, search_text: airportSearchText(row) }));
    return { message: MANAGE_MESSAGES.saved, item: presentAirport((await repo.findAirport(this.db, id))!) };
  }

  async editAirline(actor: AuthUser, id: number, a: NewAirlineRequest) {
    await this.editable('airlines', id, a);
    const row = {
      icao: a.icao ?? null,
      iata: a.iata ?? null,
      name_zh: a.nameZh || null,
      name_en: a.nameEn,
      country: a.country || null,
    };
    await this.edit(actor, 'airlines', id, (trx) => repo.updateAirline(trx, id, { ...row, search_text: airlineSearchText(row) }));
    return { message: MANAGE_MESSAGES.saved, item: presentAirline((await repo.findAirline(this.db, id))!) };
  }

  async editAircraftType(actor: AuthUser, id: number, t: NewAircraftTypeRequest) {
    await this.editable('aircraft_types', id, { icao: t.icao });
    const row = {
      icao: t.icao ?? null,
      manufacturer_zh: t.manufacturerZh || null,
      manufacturer_en: t.manufacturerEn,
      type_name: t.typeName,
      variant: t.variant || null,
    };
    await this.edit(actor, 'aircraft_types', id, (trx) =>
      repo.updateAircraftType(trx, id, { ...row, search_text: aircraftTypeSearchText(row) }),
    );
    return { message: MANAGE_MESSAGES.saved, item: presentAircraftType((await repo.findAircraftType(this.db, id))!) };
  }

  /** Exists and is listed (not merged or deleted); its new codes belong to no other available entry. */
  private async editable(kind: repo.RefKind, id: number, codes: { icao?: string | undefined; iata?: string | undefined }) {
    const row = await repo.findRefState(this.db, kind, id);
    if (!row || row.status === 'merged' || row.status === 'deleted') throw notFound();
    const taken = await repo.takenCode(this.db, kind, codes, id);
    if (taken) throw codeTaken(kind, taken);
  }

  private async edit(actor: AuthUser, kind: repo.RefKind, id: number, update: (trx: DbOrTrx) => Promise<boolean>) {
    const { links, audit } = this.wired();
    await this.db.transaction().execute(async (trx) => {
      // Guarded in the UPDATE: an entry merged or deleted since it was read is not written to.
      if (!(await update(trx))) throw notFound();
      // The photos naming it are found by its new names.
      await links.reindexPhotos(trx, PHOTO_COLUMN[kind], id);
      await audit.record(trx, { actorId: actor.id, action: `${kind}.edit`, targetType: kind, targetId: id });
    });
  }

  /** Deletes an entry no photo names (a used one is merged instead); the row stays, marked, so no import brings it back. */
  async remove(actor: AuthUser, kind: repo.RefKind, id: number): Promise<{ message: string }> {
    const { links, audit } = this.wired();
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findRefState(trx, kind, id);
      if (!row || row.status === 'merged' || row.status === 'deleted') throw notFound();
      if ((await links.countPhotos(trx, PHOTO_COLUMN[kind], id)) > 0) throw conflict(MANAGE_MESSAGES.inUse);
      if (!(await repo.markDeleted(trx, kind, id))) throw notFound();
      await audit.record(trx, { actorId: actor.id, action: `${kind}.delete`, targetType: kind, targetId: id });
    });
    return { message: MANAGE_MESSAGES.deleted };
  }

  /**
   * Merges a duplicate into another entry in one transaction: the photos naming it (and members'
   * home airports) move to the survivor and are re-indexed, the duplicate is kept as 'merged' (so a
   * re-import finds it by external_id and leaves it so), the survivor is marked edited.
   */
  async merge(actor: AuthUser, kind: repo.RefKind, fromId: number, intoId: number): Promise<{ message: string; moved: number }> {
    const { links, audit } = this.wired();
    if (fromId === intoId)
      throw badRequest(MANAGE_MESSAGES.mergeSelf, [{ path: ['intoId'], message: MANAGE_MESSAGES.mergeSelf }]);
    const moved = await this.db.transaction().execute(async (trx) => {
      const from = await repo.findRefState(trx, kind, fromId);
      if (!from || (from.status !== 'available' && from.status !== 'pending')) throw notFound();
      const into = await repo.findRefState(trx, kind, intoId);
      if (!into || into.status !== 'available') {
        throw conflict(MANAGE_MESSAGES.mergeTarget, [{ path: ['intoId'], message: MANAGE_MESSAGES.mergeTarget }]);
      }
      // Claimed first: a concurrent merge of the survivor into another entry waits, then finds it gone.
      if (!(await repo.markSurvivor(trx, kind, intoId))) throw conflict(MANAGE_MESSAGES.mergeTarget);
      const n = await links.movePhotos(trx, PHOTO_COLUMN[kind], fromId, intoId);
      if (kind === 'airports') await links.moveHomeAirports(trx, fromId, intoId);
      await repo.repointMerged(trx, kind, fromId, intoId);
      if (!(await repo.markMerged(trx, kind, fromId, intoId))) throw conflict(MANAGE_MESSAGES.mergeTarget);
      if (from.status === 'pending' && from.suggested_by !== null) {
        // A suggestion that duplicated an existing entry: the member learns which one their photos now name.
        const [label, intoLabel] = [await this.labelOf(trx, kind, fromId), await this.labelOf(trx, kind, intoId)];
        await links.notifySuggester(
          trx,
          from.suggested_by,
          true,
          `你建议的${KIND_NAMES[kind]}已合并到现有条目`,
          `「${label}」与已有的「${intoLabel}」重复，已合并；使用它的照片现在显示为「${intoLabel}」。`,
        );
      }
      await audit.record(trx, {
        actorId: actor.id,
        action: `${kind}.merge`,
        targetType: kind,
        targetId: fromId,
        detail: { intoId, photos: n },
      });
      return n;
    });
    return { message: MANAGE_MESSAGES.merged, moved };
  }

  /** Approves or rejects a member's suggestion; the suggester is told in their inbox. */
  async review(actor: AuthUser, kind: repo.RefKind, id: number, approve: boolean, reason?: string): Promise<{ message: string }> {
    const { links, audit } = this.wired();
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findRefState(trx, kind, id);
      if (!row) throw notFound();
      if (approve && row.status === 'pending') {
        // Another entry may have taken its codes while it waited (a direct add, another suggestion approved).
        const taken = await repo.takenCode(trx, kind, (await repo.codesOf(trx, kind, id)) ?? {}, id);
        if (taken) throw codeTaken(kind, taken);
      }
      if (!(await repo.setRefStatus(trx, kind, id, approve ? 'available' : 'rejected', 'pending'))) {
        throw conflict(MANAGE_MESSAGES.notPending);
      }
      const label = await this.labelOf(trx, kind, id);
      if (row.suggested_by !== null) {
        await links.notifySuggester(
          trx,
          row.suggested_by,
          approve,
          approve ? `你建议的${KIND_NAMES[kind]}已通过` : `你建议的${KIND_NAMES[kind]}未通过`,
          approve ? `「${label}」现已可供所有人选择。` : `「${label}」未被采纳。${reason ? `原因：${reason}` : ''}`,
        );
      }
      await audit.record(trx, {
        actorId: actor.id,
        action: `${kind}.${approve ? 'approve' : 'reject'}`,
        targetType: kind,
        targetId: id,
        detail: reason ? { reason } : {},
      });
    });
    return { message: approve ? MANAGE_MESSAGES.approved : MANAGE_MESSAGES.rejected };
  }

  private async labelOf(db: DbOrTrx, kind: repo.RefKind, id: number): Promise<string> {
    if (kind === 'airports') return summariseAirport((await repo.findAirport(db, id))!).label;
    if (kind === 'airlines') return summariseAirline((await repo.findAirline(db, id))!).label;
    return summariseAircraftType((await repo.findAircraftType(db, id))!).label;
  }

  async pending(limit: number) {
    const [airports, airlines, aircraftTypes] = await Promise.all([
      repo.pendingAirports(this.db, limit),
      repo.pendingAirlines(this.db, limit),
      repo.pendingAircraftTypes(this.db, limit),
    ]);
    const names = await this.wired().links.usernames(
      [...airports, ...airlines, ...aircraftTypes].flatMap((r) => (r.suggested_by === null ? [] : [r.suggested_by])),
    );
    const by = (r: { suggested_by: number | null; created_at: number }) => ({
      suggestedBy: r.suggested_by === null ? null : { id: r.suggested_by, username: names.get(r.suggested_by) ?? '已注销用户' },
      suggestedAt: Number(r.created_at),
    });
    return {
      airports: airports.map((r) => ({ ...presentAirport(r), ...by(r) })),
      airlines: airlines.map((r) => ({ ...presentAirline(r), ...by(r) })),
      aircraftTypes: aircraftTypes.map((r) => ({ ...presentAircraftType(r), ...by(r) })),
    };
  }

  /** Suggestions waiting per kind, for the dashboard. */
  async pendingCounts(): Promise<{ airports: number; airlines: number; aircraftTypes: number }> {
    const [airports, airlines, aircraftTypes] = await Promise.all([
      repo.countPending(this.db, 'airports'),
      repo.countPending(this.db, 'airlines'),
      repo.countPending(this.db, 'aircraft_types'),
    ]);
    return { airports, airlines, aircraftTypes };
  }

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
    const taken = await repo.takenCode(this.db, kind, codes, null);
    if (taken) throw codeTaken(kind, taken);
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
