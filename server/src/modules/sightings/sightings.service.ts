import type { Insertable } from 'kysely';
import { MAX_ID } from '../../../../contract/limits.js';
import type { RefSummary } from '../../../../contract/photos.js';
import {
  SIGHTING_LIMITS,
  SIGHTING_MESSAGES as M,
  type FleetCoverage,
  type ImportResponse,
  type NewSighting,
  type Sighting,
  type SightingImport,
  type SightingsQuery,
  type SightingsResponse,
  type SightingsSummary,
  type SightingUpdate,
} from '../../../../contract/sightings.js';
import { siteDayOf, type Clock } from '../../clock.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import { lockMember } from '../../db/member-lock.js';
import type { SightingsTable } from '../../db/schema.js';
import type { EventHub } from '../../events.js';
import type { AuthUser } from '../../http/auth.js';
import { invalidCursor } from '../../http/cursor.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { coverageOf } from './coverage.js';
import { sightingLines, sightingRegistration, sightingsCsv } from './sighting-lines.js';
import * as repo from './sightings.repository.js';
import { distinctIds } from '../../shared/ids.js';

const DAY = 86_400_000;
/** The summary of a reference entry a row names, or null. */
const ref = (map: Map<number, RefSummary>, v: number | null) => (v === null ? null : (map.get(v) ?? null));
const issue = (path: string, message: string) => badRequest(message, [{ path: [path], message }]);

/**
 * 我的目击 (issue 39, item 5): members log the aircraft they see, by registration and day, keep them
 * private or make them public, paste or export them as CSV, and see what they have seen of each fleet.
 */
export class SightingsService {
  private readonly db: Db;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    events: EventHub,
    private readonly reference: Pick<ReferenceService, 'summaries'>,
  ) {
    this.db = database.db;
    // What an aircraft or airport merged into another had, the other has.
    events.on('airframe.merged', ({ trx, fromId, intoId }) => repo.moveSightings(trx, fromId, intoId));
    // A member who deletes their account takes their sightings with them.
    events.on('account.deleted', ({ trx, userId }) => repo.deleteSightingsOf(trx, userId));
    events.on('reference.merged', async ({ trx, kind, fromId, intoId }) => {
      if (kind === 'airports') await repo.moveAirport(trx, fromId, intoId);
    });
  }

  /** One sighting; a second of the same registration on the same day (a second tab) is a 409. */
  async log(viewer: AuthUser, body: NewSighting): Promise<{ message: string; sighting: Sighting }> {
    let registration: string;
    let airframeId: number | null = null;
    if (body.airframeId !== undefined) {
      const airframe = await repo.liveAirframe(this.db, body.airframeId);
      if (!airframe) throw notFound(M.airframeGone);
      if (!airframe.registration) throw issue('airframeId', M.airframeNoRegistration);
      registration = airframe.registration;
      airframeId = airframe.id;
    } else {
      const typed = sightingRegistration(body.registration ?? '');
      if (!typed) throw issue('registration', M.badRegistration);
      registration = typed;
      airframeId = (await repo.airframesFlying(this.db, [typed])).get(typed) ?? null;
    }
    const seenOn = this.day(body.seenOn, 'seenOn');
    if (body.airportId !== undefined && !(await repo.airportListed(this.db, body.airportId)))
      throw issue('airportId', M.airportGone);
    const [id] = await this.insert([
      {
        user_id: viewer.id,
        registration,
        airframe_id: airframeId,
        seen_on: seenOn,
        airport_id: body.airportId ?? null,
        note: body.note,
        public: body.public ? 1 : 0,
        created_at: this.clock.now(),
      },
    ]);
    if (id === undefined) throw conflict(M.again);
    const row = (await repo.findSighting(this.db, id, viewer.id))!;
    return { message: M.logged, sighting: (await this.present([row], true))[0]! };
  }

  async update(viewer: AuthUser, id: number, body: SightingUpdate): Promise<{ message: string; sighting: Sighting }> {
    const set = {
      ...(body.note !== undefined && { note: body.note }),
      ...(body.public !== undefined && { public: body.public ? 1 : 0 }),
    };
    const found = Object.keys(set).length > 0 ? await repo.updateSighting(this.db, id, viewer.id, set) : true;
    const row = found ? await repo.findSighting(this.db, id, viewer.id) : undefined;
    if (!row) throw notFound(M.gone);
    return { message: M.saved, sighting: (await this.present([row], true))[0]! };
  }

  async remove(viewer: AuthUser, id: number): Promise<{ message: string }> {
    if (!(await repo.deleteSighting(this.db, id, viewer.id))) throw notFound(M.gone);
    return { message: M.deleted };
  }

  /**
   * A pasted list or CSV, taken whole or not at all: a line that is wrong refuses the import, naming the
   * lines. Lines already logged (or repeated in the text) are skipped and counted.
   */
  async import(viewer: AuthUser, body: SightingImport): Promise<ImportResponse> {
    const lines = sightingLines(body.text);
    const seenOn = this.day(body.seenOn, 'seenOn');
    if (body.airportId !== undefined && !(await repo.airportListed(this.db, body.airportId)))
      throw issue('airportId', M.airportGone);
    const codes = lines.flatMap((l) => (l.airportCode ? [l.airportCode] : []));
    const [airports, flying] = await Promise.all([
      repo.airportsByCode(this.db, codes),
      repo.airframesFlying(
        this.db,
        lines.flatMap((l) => (l.problem ? [] : [l.registration])),
      ),
    ]);
    const now = this.clock.now();
    const rows: Insertable<SightingsTable>[] = [];
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const l of lines) {
      const day = l.seenOn ?? seenOn;
      const airportId = l.airportCode ? airports.get(l.airportCode) : (body.airportId ?? null);
      const problem = l.problem ?? (day > siteDayOf(now + DAY) ? M.future : airportId === undefined ? M.unknownAirport : null);
      if (problem) {
        problems.push(M.line(l.line, problem));
        continue;
      }
      if (seen.has(`${l.registration} ${day}`)) continue;
      seen.add(`${l.registration} ${day}`);
      rows.push({
        user_id: viewer.id,
        registration: l.registration,
        airframe_id: flying.get(l.registration) ?? null,
        seen_on: day,
        airport_id: airportId ?? null,
        note: l.note,
        public: (l.public ?? body.public) ? 1 : 0,
        created_at: now,
      });
    }
    if (problems.length > 0) {
      const message = [M.linesWrong(problems.length), ...problems.slice(0, 10)].join('；');
      throw badRequest(message, [{ path: ['text'], message }]);
    }
    const added = (await this.insert(rows)).length;
    return { message: M.imported(added, lines.length - added), added, repeated: lines.length - added };
  }

  /** The sightings this viewer may read of a member: all of them for their owner, the public ones for others. */
  async list(viewer: AuthUser | null, userId: number, q: SightingsQuery): Promise<SightingsResponse> {
    const all = await this.readable(viewer, userId);
    const limit = SIGHTING_LIMITS.page;
    const rows = await repo.sightingsOf(this.db, userId, {
      all,
      after: cursorOf(q.cursor),
      airframeId: q.airframe,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: await this.present(page, all),
      nextCursor: rows.length > limit && last ? `${last.seen_on}.${last.id}` : null,
    };
  }

  /** Counts by airline and type, and per fleet: 见过 / 拍过 / 共. */
  async summary(viewer: AuthUser | null, userId: number): Promise<SightingsSummary> {
    const all = await this.readable(viewer, userId);
    const [seen, shot] = await Promise.all([repo.seenAircraft(this.db, userId, all), repo.photographedAircraft(this.db, userId)]);
    const { aircraft, unmatched, tally, shown } = coverageOf(seen, shot);
    const [byAirline, byType, sizes] = [
      tally('airline'),
      tally('type'),
      await repo.fleetSizes(this.db, distinctIds(shown.map((f) => f.airline))),
    ];
    const refs = await this.reference.summaries({
      airlines: distinctIds([...byAirline.map(([a]) => a), ...shown.map((f) => f.airline)]),
      types: distinctIds([...byType.map(([t]) => t), ...shown.map((f) => f.type)]),
      airports: [],
    });
    return {
      total: seen.reduce((n, s) => n + s.n, 0),
      aircraft: aircraft.size,
      unmatched,
      byAirline: byAirline.map(([a, n]) => ({ ref: ref(refs.airlines, a), count: n })),
      byType: byType.map(([t, n]) => ({ ref: ref(refs.types, t), count: n })),
      fleets: shown.flatMap((f): FleetCoverage[] => {
        const airline = refs.airlines.get(f.airline);
        const total = sizes.find((s) => s.airlineId === f.airline && s.typeId === f.type)?.n ?? 0;
        return airline ? [{ airline, type: ref(refs.types, f.type), seen: f.seen, photographed: f.photographed, total }] : [];
      }),
    };
  }

  /** The member's own sightings as CSV, every one of them. */
  async exportCsv(viewer: AuthUser): Promise<string> {
    const rows: repo.SightingRow[] = [];
    for (let after: { day: string; id: number } | null = null; ;) {
      const page = await repo.sightingsOf(this.db, viewer.id, { all: true, after, limit: 1_000 });
      rows.push(...page);
      const last = page.at(-1);
      if (page.length < 1_000 || !last) break;
      after = { day: last.seen_on, id: last.id };
    }
    const airports = (
      await this.reference.summaries({ airports: distinctIds(rows.map((r) => r.airport_id)), airlines: [], types: [] })
    ).airports;
    return sightingsCsv(
      rows.map((r) => {
        const a = r.airport_id === null ? undefined : airports.get(r.airport_id);
        return {
          registration: r.registration,
          seenOn: r.seen_on,
          airport: a?.icao ?? a?.iata ?? null,
          note: r.note,
          public: r.public === 1,
        };
      }),
    );
  }

  private day(given: string | undefined, path: string): string {
    const now = this.clock.now();
    if (given === undefined) return siteDayOf(now);
    if (given > siteDayOf(now + DAY)) throw issue(path, M.future);
    return given;
  }

  /** Rows whose unique key (member, registration, day) was free; the ids of those written. */
  private insert(rows: Insertable<SightingsTable>[]): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      // The member's row is the lock two tabs queue on, so neither passes the limit.
      const userId = rows[0]?.user_id ?? 0;
      await lockMember(trx, this.database.dialect, userId);
      if ((await repo.countSightings(trx, userId)) + rows.length > SIGHTING_LIMITS.perMember) throw badRequest(M.tooMany);
      const out: number[] = [];
      for (let i = 0; i < rows.length; i += 500) out.push(...(await repo.insertFree(trx, rows.slice(i, i + 500))));
      return out;
    });
  }

  /** Whether the viewer reads all of a member's sightings (their own) or the public ones; 404 for no member. */
  private async readable(viewer: AuthUser | null, userId: number): Promise<boolean> {
    const status = await repo.memberStatus(this.db, userId);
    if (!status || status === 'deleted') throw notFound(M.userGone);
    return viewer?.id === userId;
  }

  private async present(rows: repo.SightingRow[], own: boolean): Promise<Sighting[]> {
    const refs = await this.reference.summaries({
      airports: distinctIds(rows.map((r) => r.airport_id)),
      airlines: distinctIds(rows.map((r) => r.airline_id)),
      types: distinctIds(rows.map((r) => r.aircraft_type_id)),
    });
    return rows.map((r) => ({
      id: r.id,
      registration: r.registration,
      airframeId: r.airframe_id,
      seenOn: r.seen_on,
      airport: ref(refs.airports, r.airport_id),
      note: own ? r.note : null,
      public: r.public === 1,
      type: ref(refs.types, r.aircraft_type_id),
      airline: ref(refs.airlines, r.airline_id),
    }));
  }
}

function cursorOf(cursor: string | undefined): { day: string; id: number } | null {
  if (cursor === undefined || cursor === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})\.(\d{1,10})$/.exec(cursor);
  if (!m || Number(m[2]) > MAX_ID) throw invalidCursor();
  return { day: m[1]!, id: Number(m[2]) };
}
