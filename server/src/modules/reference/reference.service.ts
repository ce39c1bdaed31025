import { PHOTO_MESSAGES, type RefSummary } from '../../../../contract/photos.js';
import { REFERENCE_MESSAGES, type RefQuery } from '../../../../contract/reference.js';
import { MANAGE_MESSAGES } from '../../../../contract/manage.js';
import type { FieldIssue } from '../../../../contract/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import { bumpLookup, LookupVersion, VersionedLookup } from '../../db/versioned-lookup.js';
import type { EventHub } from '../../events.js';
import type { AuthUser } from '../../http/auth.js';
import { invalidCursor } from '../../http/cursor.js';
import { conflict, notFound } from '../../shared/errors.js';
import { KIND_LIST, KINDS, type KindTypes } from './kinds.js';
import { lastImport, setSearchText } from './reference-import.repository.js';
import * as repo from './reference.repository.js';
import type { RefKind } from './reference.repository.js';
import { queryTerms } from './search-words.js';
import { reference as policy } from '../../policies/index.js';

const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const m = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw invalidCursor();
  return Number(m[1]);
}

/** 409 on the field whose code the other entry holds (the form says which of ICAO and IATA clashes). */
export function codeTaken(kind: RefKind, field: 'icao' | 'iata') {
  const message = REFERENCE_MESSAGES.codeTaken(KINDS[kind].name);
  return conflict(message, [{ path: [field], message }]);
}

/** The photo column that names each kind. */
export const PHOTO_COLUMN = {
  airports: KINDS.airports.photoColumn,
  airlines: KINDS.airlines.photoColumn,
  aircraft_types: KINDS.aircraft_types.photoColumn,
} as const;

/** Reference summaries of the rows some photos name, by id, for presenting those photos. */
export interface RefSummaries {
  types: Map<number, RefSummary>;
  airlines: Map<number, RefSummary>;
  airports: Map<number, RefSummary>;
}

/**
 * Airports, airlines and aircraft types (PRODUCT.md §3.11, §9.5): search as people type them, members'
 * additions (suggestions until a screener approves), screeners' edits, and the summaries and search
 * words photos are presented and found by. Every operation is written once over the kinds of kinds.ts.
 */
export class ReferenceService {
  /** Summaries for presenting photos, kept per process (db/versioned-lookup.ts): no query per answer. */
  private readonly summaryLookups: { [K in RefKind]: VersionedLookup<RefSummary> };
  /** The version of the reference names this process presents with (the gallery checks its answers against it). */
  readonly namesVersion: LookupVersion;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventHub,
    private readonly audit: AuditService,
  ) {
    this.namesVersion = new LookupVersion(db, 'reference', clock);
    const lookup = <K extends RefKind>(kind: K) =>
      new VersionedLookup(this.namesVersion, async (ids) => {
        const k = KINDS[kind];
        return new Map((await k.byIds(this.db, ids)).map((r) => [r.id, k.summarise(r)]));
      });
    this.summaryLookups = {
      aircraft_types: lookup('aircraft_types'),
      airlines: lookup('airlines'),
      airports: lookup('airports'),
    };
    // An entry's names or codes changed: every process drops its summaries (this one at once).
    // Last of the listeners: the one version row is held from here to the commit, as briefly as can be.
    events.on(
      'reference.changed',
      async ({ trx }) => {
        await bumpLookup(trx, 'reference');
        this.namesVersion.clear();
      },
      { last: true },
    );
  }

  async search<K extends RefKind>(kind: K, query: RefQuery, viewer: AuthUser | null) {
    const k = KINDS[kind];
    const offset = decodeCursor(query.cursor);
    const rows = await k.search(this.db, { ...queryTerms(query.q), viewerId: viewer?.id ?? null, offset, limit: query.limit });
    return {
      items: rows.slice(0, query.limit).map((r) => k.present(r)),
      nextCursor: rows.length > query.limit ? encodeCursor(offset + query.limit) : null,
    };
  }

  /**
   * One entry, as a selector lists it: a filter of /search names its entry by it when no photo in the
   * results does. A suggestion is seen only by its author, as in search; merged and deleted ones not at all.
   */
  async one<K extends RefKind>(kind: K, id: number, viewer: AuthUser | null) {
    const k = KINDS[kind];
    const row = await k.find(this.db, id);
    const visible = row && (row.status === 'available' || (row.status === 'pending' && row.suggested_by === viewer?.id));
    if (!visible) throw notFound();
    return k.present(row);
  }

  /** A member's addition waits for a screener (pending); a screener's is available at once. */
  async add<K extends RefKind>(kind: K, actor: AuthUser, request: KindTypes[K]['request']) {
    const k = KINDS[kind];
    const taken = await repo.takenCode(this.db, kind, k.codes(request), null, k.codesPassOn);
    if (taken) throw codeTaken(kind, taken);
    const direct = policy.addsDirectly(actor);
    const id = await this.db.transaction().execute(async (trx) => {
      const made = await k.insert(trx, {
        ...k.columns(request),
        status: direct ? 'available' : 'pending',
        suggested_by: actor.id,
        created_at: this.clock.now(),
      });
      // A new entry's words: the gallery's text search finds its photos by them (allNameWords).
      await bumpLookup(trx, 'reference');
      this.namesVersion.clear();
      return made;
    });
    return { message: direct ? PHOTO_MESSAGES.added : PHOTO_MESSAGES.suggested, item: k.present((await k.find(this.db, id))!) };
  }

  /** A screener's edit of a listed entry; the photos naming it are found by its new names at once. */
  async edit<K extends RefKind>(kind: K, actor: AuthUser, id: number, request: KindTypes[K]['request']) {
    const k = KINDS[kind];
    const row = await repo.findRefState(this.db, kind, id);
    if (!row || row.status === 'merged' || row.status === 'deleted') throw notFound();
    const taken = await repo.takenCode(this.db, kind, k.codes(request), id, k.codesPassOn);
    if (taken) throw codeTaken(kind, taken);
    await this.db.transaction().execute(async (trx) => {
      // Guarded in the UPDATE: an entry merged or deleted since it was read is not written to.
      if (!(await k.update(trx, id, k.columns(request)))) throw notFound();
      // The row keeps what a request does not carry (国航, 上海, pinyin): its search text says it too.
      const edited = (await k.find(trx, id))!;
      await setSearchText(trx, kind, id, k.searchText(edited));
      await this.events.publish('reference.changed', { trx, kind, id });
      await this.audit.record(trx, { actorId: actor.id, action: `${kind}.edit`, targetType: kind, targetId: id });
    });
    return { message: MANAGE_MESSAGES.saved, item: k.present((await k.find(this.db, id))!) };
  }

  /** The label of one entry (`上海浦东 ZSPD/PVG`), for messages about it. */
  async label<K extends RefKind>(db: DbOrTrx, kind: K, id: number): Promise<string> {
    const k = KINDS[kind];
    return k.summarise((await k.find(db, id))!).label;
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
    const issues: FieldIssue[] = [];
    for (const kind of ['aircraft_types', 'airlines', 'airports'] as const) {
      const k = KINDS[kind];
      const id = ids[k.photoField];
      if (!id) continue;
      const r = await k.find(db, id);
      const usable = !!r && (r.status === 'available' || (r.status === 'pending' && r.suggested_by === uploaderId));
      if (!usable) issues.push({ path: [k.photoField], message: k.unknownMessage });
    }
    return issues;
  }

  /** When the curated data was last imported (the gallery re-indexes photos after it), or null. */
  async curatedImportedAt(): Promise<number | null> {
    const row = await lastImport(this.db);
    return row ? Number(row.imported_at) : null;
  }

  async summaries(ids: { types: number[]; airlines: number[]; airports: number[] }): Promise<RefSummaries> {
    const [types, airlines, airports] = await Promise.all([
      this.summaryLookups.aircraft_types.get(ids.types),
      this.summaryLookups.airlines.get(ids.airlines),
      this.summaryLookups.airports.get(ids.airports),
    ]);
    return { types, airlines, airports };
  }

  /**
   * Every entry's words, as `searchWords` gives them for a photo: the gallery finds a word's photos
   * through the entries whose words hold it. Read again when `namesVersion` moves on (every edit,
   * addition and import moves it).
   */
  async allNameWords(): Promise<{ kind: RefKind; id: number; words: string }[]> {
    const of = async <K extends RefKind>(kind: K) => {
      const rows = (await repo.allRows(this.db, kind)) as KindTypes[K]['row'][];
      return rows.map((row) => ({ kind, id: row.id, words: KINDS[kind].nameWords(row) }));
    };
    return (await Promise.all(KIND_LIST.map((kind) => of(kind)))).flat();
  }

  /** The words a photo is found by for its type, airline and airport (codes, names, short names); `db` may be a transaction. */
  async searchWords(
    db: DbOrTrx,
    ids: { typeId: number | null; airlineId: number | null; airportId: number | null },
  ): Promise<string[]> {
    const words = async <K extends RefKind>(kind: K, id: number | null) => {
      const k = KINDS[kind];
      const row = id ? await k.find(db, id) : undefined;
      return row ? k.nameWords(row) : null;
    };
    const found = await Promise.all([
      words('aircraft_types', ids.typeId),
      words('airlines', ids.airlineId),
      words('airports', ids.airportId),
    ]);
    return found.filter((w): w is string => !!w);
  }
}
