import { FleetPagesService } from './fleet-pages.service.js';
import { effectiveModeS, modeSNNumber } from '../../../../contract/mode-s.js';
import {
  AIRFRAME_MESSAGES,
  msnKey,
  PERIOD_PHOTOS,
  type AirframePeriod,
  type AirframeResolveResponse,
  type AirframeResponse,
  type AirframesQuery,
  type AirframesResponse,
  type AirframeSummary,
  type LiveryResponse,
  type UnlinkedResponse,
} from '../../../../contract/airframes.js';
import { registrationKey, type PhotoResponse } from '../../../../contract/photos.js';
import type { DatabaseHandle } from '../../db/database.js';
import { invalidCursor } from '../../http/cursor.js';
import { notFound } from '../../shared/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { AirframesService } from '../airframes/airframes.service.js';
import type { LiveriesService } from '../airframes/liveries.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import * as repo from './airframe-pages.repository.js';
import { distinctIds } from '../../shared/ids.js';

type TimelineRow = Awaited<ReturnType<typeof repo.timeline>>[number];

/**
 * Consecutive photos under one registration and one operator make a period; a photo that names no
 * operator continues the period it falls in (an airline is optional at upload).
 */
function periodsOf(rows: TimelineRow[]): TimelineRow[][] {
  const out: { operator: number | null; rows: TimelineRow[] }[] = [];
  for (const r of rows) {
    const last = out.at(-1);
    const sameOperator = !last || last.operator === null || r.airline_id === null || last.operator === r.airline_id;
    if (last && last.rows.at(-1)!.registration_key === r.registration_key && sameOperator) {
      last.rows.push(r);
      last.operator ??= r.airline_id;
    } else {
      out.push({ operator: r.airline_id, rows: [r] });
    }
  }
  return out.map((p) => p.rows);
}

/** At most this many photos on one airframe page, over all its periods (the gallery lists the rest). */
const PAGE_PHOTOS = 240;

/** The photos each period shows: up to PERIOD_PHOTOS, while the page's budget lasts. */
function shownOf(groups: TimelineRow[][]): TimelineRow[][] {
  let budget = PAGE_PHOTOS;
  return groups.map((g) => {
    const shown = g.slice(0, Math.min(PERIOD_PHOTOS, Math.max(budget, 0)));
    budget -= shown.length;
    return shown;
  });
}

const encodeCursor = (id: number) => Buffer.from(String(id)).toString('base64url');
function decodeCursor(cursor: string | undefined): number | null {
  if (!cursor) return null;
  const id = Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw invalidCursor();
  return id;
}

/** The registration key of the N-number a US address maps to, or null. */
function nNumberKeyOf(hex: string): string | null {
  const reg = modeSNNumber(hex);
  return reg ? registrationKey(reg) : null;
}

/** An airframe's Mode S address: the one kept, or its current N-number's own. */
function modeSOf(stored: string | null, current: string | null) {
  const modeS = effectiveModeS(stored, current);
  return { modeS, modeSFromRegistration: modeS !== null && modeS !== stored };
}

/**
 * The pages of airframes and liveries (issue 22): an aircraft's timeline of registrations, operators
 * and liveries with the photos of each period, the aircraft that carried a registration, a livery's
 * aircraft, and the accepted photos screeners still have to place.
 */
export class AirframePagesService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly photos: PhotosService,
    private readonly accounts: AccountsService,
    private readonly reference: ReferenceService,
    private readonly airframes: AirframesService,
    private readonly liveries: LiveriesService,
  ) {
    this.fleets = new FleetPagesService(database.db, reference);
  }

  /** An airline's or a type's fleet (fleet-pages.service.ts). */
  readonly fleets: FleetPagesService;

  private get db() {
    return this.database.db;
  }

  /** Cards for these airframes, in the order given (missing ones left out). */
  async summaries(ids: number[]): Promise<AirframeSummary[]> {
    return (await this.summariesWithRegistrations(ids)).items;
  }

  /** The cards, and the registrations they were made from (each with the last day a photo shows it). */
  private async summariesWithRegistrations(ids: number[]) {
    const [rows, stats, regs] = await Promise.all([
      repo.airframeRows(this.db, ids),
      repo.airframeStats(this.db, ids),
      repo.registrationsOf(this.db, ids),
    ]);
    const statOf = new Map(stats.map((s) => [s.airframe_id, s]));
    const [covers, refs] = await Promise.all([
      this.photos.presentByIds(
        stats.map((s) => s.newest_id),
        null,
      ),
      this.reference.summaries({
        types: distinctIds(rows.map((r) => r.aircraft_type_id)),
        airlines: [],
        airports: [],
      }),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const items = ids.flatMap((id): AirframeSummary[] => {
      const r = byId.get(id);
      if (!r) return [];
      const s = statOf.get(id);
      const cover = s ? (covers.get(s.newest_id) ?? null) : null;
      const registrations = regs
        .filter((g) => g.airframe_id === id)
        .sort((a, b) => String(b.last).localeCompare(String(a.last)))
        .map((g) => String(g.registration));
      return [
        {
          id,
          aircraftType: r.aircraft_type_id ? (refs.types.get(r.aircraft_type_id) ?? null) : null,
          msn: r.msn,
          ...modeSOf(r.mode_s, registrations[0] ?? null),
          lineNumber: r.line_number,
          builtYear: r.built_year,
          status: r.status,
          registrations,
          operator: cover?.airline ?? null,
          firstTakenOn: s?.first ?? null,
          lastTakenOn: s?.last ?? null,
          photoCount: s?.n ?? 0,
          cover,
        },
      ];
    });
    return { items, regs };
  }

  /**
   * `GET /airframes/{id}`: a merged airframe answers as the one it was merged into (its `id` says so).
   * Everything comes from the airframe's row and its timeline (one query each); the photos shown are
   * read and presented in one batch.
   */
  async airframe(id: number): Promise<AirframeResponse> {
    const row = await this.airframes.liveRow(this.db, id);
    const rows = row ? await repo.timeline(this.db, row.id) : [];
    // An airframe none of whose photos is public (all revoked, withdrawn or deleted) is not shown.
    if (!row || rows.length === 0) throw notFound(AIRFRAME_MESSAGES.notFound);
    const groups = periodsOf(rows);
    const shownGroups = shownOf(groups);
    const newest = rows.at(-1);
    const shownIds = [...shownGroups.flatMap((g) => g.map((r) => r.id)), rows[0]?.id, newest?.id];
    const ids = (pick: (r: TimelineRow) => number | null) => distinctIds(rows.map(pick));
    const uploaders = new Map<number, number>();
    for (const r of rows) uploaders.set(r.uploader_id, (uploaders.get(r.uploader_id) ?? 0) + 1);
    const [shown, liveries, refs, usernames] = await Promise.all([
      this.photos.presentByIds(
        shownIds.filter((v): v is number => v !== undefined),
        null,
      ),
      this.liveries.byIds(ids((r) => r.livery_id)),
      this.reference.summaries({
        types: row.aircraft_type_id ? [row.aircraft_type_id] : [],
        airlines: ids((r) => r.airline_id),
        airports: [],
      }),
      this.accounts.usernames([...uploaders.keys()]),
    ]);
    const liveryOf = new Map(liveries.map((l) => [l.id, l]));
    const airlineOf = (id: number | null) => (id ? (refs.airlines.get(id) ?? null) : null);
    const periods: AirframePeriod[] = groups.map((g, i) => ({
      registration: g.at(-1)!.registration,
      airline: airlineOf(g.find((r) => r.airline_id !== null)?.airline_id ?? null),
      from: g[0]!.taken_on,
      to: g.at(-1)!.taken_on,
      liveries: [...new Set(g.map((r) => r.livery_id))].flatMap((l) => (l !== null && liveryOf.get(l) ? [liveryOf.get(l)!] : [])),
      photoCount: g.length,
      photos: shownGroups[i]!.flatMap((r) => (shown.get(r.id) ? [shown.get(r.id)!] : [])),
    }));
    // Registrations, the one of the newest photo first: the last period of each, newest first.
    const registrations = [...new Set([...rows].reverse().map((r) => r.registration))];
    const photographers = [...uploaders]
      .map(([uid, n]) => ({ id: uid, username: usernames.get(uid) ?? '', photos: n }))
      .sort((a, b) => b.photos - a.photos || a.id - b.id);
    const pick = (r: TimelineRow | undefined): PhotoResponse | null => (r ? (shown.get(r.id) ?? null) : null);
    return {
      id: row.id,
      aircraftType: row.aircraft_type_id ? (refs.types.get(row.aircraft_type_id) ?? null) : null,
      msn: row.msn,
      ...modeSOf(row.mode_s, registrations[0] ?? null),
      lineNumber: row.line_number,
      builtYear: row.built_year,
      status: row.status,
      registrations,
      operator: airlineOf([...rows].reverse().find((r) => r.airline_id !== null)?.airline_id ?? null),
      firstTakenOn: rows[0]?.taken_on ?? null,
      lastTakenOn: newest?.taken_on ?? null,
      photoCount: rows.length,
      cover: pick(newest),
      periods,
      photographers,
      firstPhoto: pick(rows[0]),
      latestPhoto: pick(newest),
    };
  }

  /** `GET /airframes?reg=&msn=&type=`: for a registration, the aircraft that carried it, the latest first. */
  async list(q: AirframesQuery): Promise<AirframesResponse> {
    const afterId = decodeCursor(q.cursor);
    const filter = {
      ...(q.reg ? { registrationKey: registrationKey(q.reg) } : {}),
      ...(q.msn ? { msnKey: msnKey(q.msn) } : {}),
      ...(q.type ? { typeId: q.type } : {}),
      ...(q.hex ? { modeS: { hex: q.hex, nNumberKey: nNumberKeyOf(q.hex) } } : {}),
    };
    const rows = await repo.listIds(this.db, filter, afterId, q.limit);
    const page = rows.slice(0, q.limit).map((r) => r.id);
    const { items: cards, regs } = await this.summariesWithRegistrations(page);
    let items = cards;
    if (filter.registrationKey) {
      // The aircraft that carried it last first: by the last day a photo shows it under this registration.
      const lastUnder = new Map(
        regs.filter((g) => g.registration_key === filter.registrationKey).map((g) => [g.airframe_id, String(g.last)]),
      );
      items = items.sort((a, b) => (lastUnder.get(b.id) ?? '').localeCompare(lastUnder.get(a.id) ?? ''));
    }
    return { items, nextCursor: rows.length > q.limit ? encodeCursor(page.at(-1)!) : null };
  }

  /** `GET /airframes/resolve`: which aircraft a photo with these facts would join, with the candidates' cards. */
  async resolve(q: { reg: string; type?: number; msn?: string; takenOn?: string }): Promise<AirframeResolveResponse> {
    const r = await this.airframes.resolve(this.db, {
      registration: q.reg,
      typeId: q.type ?? null,
      msn: q.msn ?? null,
      takenOn: q.takenOn ?? new Date().toISOString().slice(0, 10),
    });
    const ids = r.outcome === 'match' ? [r.airframeId] : r.outcome === 'ambiguous' ? r.candidateIds : [];
    // Only aircraft with a public photo are shown: what unpublished photos said stays private.
    const candidates = (await this.summaries(ids)).filter((a) => a.photoCount > 0);
    return { outcome: r.outcome, candidates };
  }

  /** `GET /liveries/{id}`: the livery, the aircraft seen in it and how many photos show it. */
  async livery(id: number): Promise<LiveryResponse> {
    const livery = await this.liveries.get(id);
    const { airframeIds, photoCount } = await this.liveries.seen(id, 100);
    return { ...livery, airframes: await this.summaries(airframeIds), photoCount };
  }

  /** Accepted photos no airframe could be found for (two aircraft fit): for screeners to place. */
  async unlinked(limit: number): Promise<UnlinkedResponse> {
    const { rows, total } = await this.airframes.unlinked(limit);
    return { items: await this.photos.present(rows, null), total };
  }
}
