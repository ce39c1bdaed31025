import { createHash } from 'node:crypto';
import { sql, type Updateable } from 'kysely';
import { AIRFRAME_STATUS_LABELS } from '../../../../contract/catalogues.js';
import {
  FLEET_IMPORT_LIMITS,
  FLEET_IMPORT_MESSAGES as M,
  FLEET_IMPORT_TEXTS as T,
  type FleetImportBody,
  type FleetImportResponse,
  type FleetImportRow,
} from '../../../../contract/fleet-import.js';
import { shownModeS } from '../../../../contract/mode-s.js';
import { registrationKey } from '../../../../contract/photos.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle, DbOrTrx } from '../../db/database.js';
import type { AirframesTable } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import type { AuditService } from '../audit/audit.service.js';
import { keyOfMsn } from './airframe-edits.service.js';
import { lockLink } from './airframe-link.repository.js';
import { fleetLines, type FleetLine } from './fleet-list.js';

type Write = { airframeId: number | null; set: Updateable<AirframesTable> };
type Planned = FleetImportRow & { write: Write | null };

/**
 * An administrator's fleet list (issue 39): each line finds its aircraft (by MSN and type, else by the
 * registration it flies under now) or makes it, and fills what it lacks: MSN and type when unknown, the Mode S
 * address and status as listed, and for an aircraft with no accepted photo its registration and operator
 * (photos decide those once there are any). A dry run reads the same plan without writing; the import
 * plans again in its transaction (one import at a time), writes, and is audited.
 */
export class FleetImportService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  async run(body: FleetImportBody, actor: AuthUser): Promise<FleetImportResponse> {
    const lines = fleetLines(body.csv);
    if (body.dryRun) return answer(await this.plan(this.database.db, lines), true);
    return this.database.db.transaction().execute(async (trx) => {
      // One import at a time: PostgreSQL's lock on the name; SQLite writes first, so the transaction is its one writer.
      if (this.database.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('fleet-import'))`.execute(trx);
      else await lockLink(trx);
      const planned = await this.plan(trx, lines);
      const now = this.clock.now();
      // Known aircraft in id order (as merges lock them), then the new ones.
      const writes = planned.filter((p) => p.write).sort((a, b) => (a.airframeId ?? Infinity) - (b.airframeId ?? Infinity));
      for (const p of writes) p.airframeId = await write(trx, p.write!, now);
      const result = answer(planned, false);
      await this.audit.record(trx, {
        actorId: actor.id,
        action: 'airframe.import',
        targetType: 'airframe',
        targetId: null,
        detail: { lines: lines.length, counts: result.counts, sha256: createHash('sha256').update(body.csv).digest('hex') },
      });
      return result;
    });
  }

  private async plan(db: DbOrTrx, lines: FleetLine[]): Promise<Planned[]> {
    const [types, airlines] = await Promise.all([
      codes(
        db,
        'aircraft_types',
        lines.map((l) => l.typeIcao),
      ),
      codes(
        db,
        'airlines',
        lines.map((l) => l.airlineIcao),
      ),
    ]);
    const seen = new Set<string>();
    const planned: Planned[] = [];
    for (const l of lines) {
      const row = { line: l.line, registration: l.registration, airframeId: null, changes: [], message: null, write: null };
      const typeId = l.typeIcao ? (types.get(l.typeIcao) ?? null) : null;
      const airlineId = l.airlineIcao ? (airlines.get(l.airlineIcao) ?? null) : null;
      const problem =
        l.problem ?? (l.typeIcao && !typeId ? M.unknownType : l.airlineIcao && !airlineId ? M.unknownAirline : null);
      const found = problem ? null : await findAirframe(db, l, typeId);
      // One aircraft once: the one found, or a new one by its registration and by its MSN and type.
      const keys =
        found && found !== 'ambiguous'
          ? [`#${found.id}`]
          : [l.registration, ...(l.msn ? [`${keyOfMsn(l.msn)}:${typeId ?? ''}`] : [])];
      const refusal = problem ?? (found === 'ambiguous' ? M.ambiguous : keys.some((k) => seen.has(k)) ? M.repeated : null);
      if (refusal) {
        planned.push({ ...row, action: 'error', message: refusal });
        continue;
      }
      for (const k of keys) seen.add(k);
      const facts = { ...l, typeId, airlineId };
      planned.push(found && found !== 'ambiguous' ? { ...row, ...update(found, facts) } : { ...row, ...create(facts) });
    }
    return planned;
  }
}

type AirframeRow = Awaited<ReturnType<typeof candidatesOf>>[number];
type Facts = FleetLine & { typeId: number | null; airlineId: number | null };

/** The live airframes flying under this registration now, or with this MSN. */
function candidatesOf(db: DbOrTrx, registrations: string[], msnKey: string | null) {
  return db
    .selectFrom('airframes')
    .leftJoin('aircraft_types', 'aircraft_types.id', 'airframes.aircraft_type_id')
    .leftJoin('airlines', 'airlines.id', 'airframes.airline_id')
    .select([
      'airframes.id',
      'airframes.msn',
      'airframes.msn_key',
      'airframes.aircraft_type_id',
      'airframes.mode_s',
      'airframes.status',
      'airframes.registration',
      'airframes.airline_id',
      'airframes.first_photo_id',
      'aircraft_types.icao as type_icao',
      'airlines.icao as airline_icao',
    ])
    .where('airframes.merged_into', 'is', null)
    .where((eb) =>
      eb.or([
        eb('airframes.registration', 'in', registrations),
        ...(msnKey !== null ? [eb('airframes.msn_key', '=', msnKey)] : []),
      ]),
    )
    .orderBy('airframes.id')
    .execute();
}

/**
 * The aircraft a line names: by MSN (and type, when given), else by the registration it flies under now
 * (one without an MSN, or any when the line gives none).
 */
async function findAirframe(db: DbOrTrx, l: FleetLine, typeId: number | null): Promise<AirframeRow | 'ambiguous' | null> {
  const msnKey = keyOfMsn(l.msn);
  // The registration as kept: written as its country writes it, or as older photos spelt it.
  const spellings = [...new Set([l.registration, registrationKey(l.registration)])];
  const rows = await candidatesOf(db, spellings, msnKey);
  const flies = (r: AirframeRow) => r.registration !== null && spellings.includes(r.registration);
  const sameType = (r: AirframeRow) => typeId === null || r.aircraft_type_id === null || r.aircraft_type_id === typeId;
  // MSNs repeat across makers: without a type, an MSN decides only beside the registration.
  const byMsn = msnKey
    ? rows.filter((r) => r.msn_key === msnKey && (typeId !== null ? r.aircraft_type_id === typeId : flies(r)))
    : [];
  if (byMsn.length > 1) return 'ambiguous';
  if (byMsn.length === 1) return byMsn[0]!;
  const byRegistration = rows.filter((r) => flies(r) && sameType(r) && (msnKey === null || r.msn_key === null));
  if (byRegistration.length > 1) return 'ambiguous';
  return byRegistration[0] ?? null;
}

/** ICAO codes → ids of the entries available (the first of each code). */
async function codes(db: DbOrTrx, table: 'aircraft_types' | 'airlines', wanted: (string | null)[]): Promise<Map<string, number>> {
  const list = [...new Set(wanted.filter((c): c is string => c !== null))];
  if (list.length === 0) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(['id', 'icao'])
    .where('icao', 'in', list)
    .where('status', '=', 'available')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.icao!, r.id]));
}

const L = T.labels;

function update(r: AirframeRow, f: Facts): Pick<Planned, 'action' | 'airframeId' | 'changes' | 'write'> {
  const set: Write['set'] = {};
  const changes: string[] = [];
  const change = (label: string, before: string | null, after: string, columns: Write['set']) => {
    changes.push(T.change(label, before, after));
    Object.assign(set, columns);
  };
  if (f.msn && r.msn_key === null) change(L.msn, r.msn, f.msn, { msn: f.msn, msn_key: keyOfMsn(f.msn) });
  if (f.typeId && r.aircraft_type_id === null) change(L.type, r.type_icao, f.typeIcao!, { aircraft_type_id: f.typeId });
  if (f.modeS && f.modeS !== r.mode_s)
    change(L.modeS, r.mode_s && shownModeS(r.mode_s), shownModeS(f.modeS), { mode_s: f.modeS });
  if (f.status && f.status !== r.status)
    change(L.status, AIRFRAME_STATUS_LABELS[r.status], AIRFRAME_STATUS_LABELS[f.status], { status: f.status });
  // Photos say where an aircraft flies once it has any; before, the list does.
  if (r.first_photo_id === null && f.registration !== r.registration)
    change(L.registration, r.registration, f.registration, { registration: f.registration });
  if (r.first_photo_id === null && f.airlineId && f.airlineId !== r.airline_id)
    change(L.airline, r.airline_icao, f.airlineIcao!, { airline_id: f.airlineId });
  return changes.length === 0
    ? { action: 'unchanged', airframeId: r.id, changes, write: null }
    : { action: 'update', airframeId: r.id, changes, write: { airframeId: r.id, set } };
}

function create(f: Facts): Pick<Planned, 'action' | 'changes' | 'write'> {
  const changes = [
    f.msn && T.fact(L.msn, f.msn),
    f.typeIcao && T.fact(L.type, f.typeIcao),
    f.modeS && T.fact(L.modeS, shownModeS(f.modeS)),
    f.airlineIcao && T.fact(L.airline, f.airlineIcao),
    T.fact(L.status, AIRFRAME_STATUS_LABELS[f.status ?? 'active']),
  ].filter((c): c is string => !!c);
  const set: Write['set'] = {
    registration: f.registration,
    msn: f.msn,
    msn_key: keyOfMsn(f.msn),
    aircraft_type_id: f.typeId,
    airline_id: f.airlineId,
    mode_s: f.modeS,
    status: f.status ?? 'active',
  };
  return { action: 'create', changes, write: { airframeId: null, set } };
}

/**
 * A known aircraft's changes, each guarded in its UPDATE as it was planned: what must still be unknown,
 * and the registration and operator only while no photo decides them (a photo accepted meanwhile wins).
 */
async function write(db: DbOrTrx, w: Write, now: number): Promise<number> {
  if (w.airframeId !== null) {
    const { msn, msn_key, aircraft_type_id, registration, airline_id, ...listed } = w.set;
    const live = () => db.updateTable('airframes').where('id', '=', w.airframeId!).where('merged_into', 'is', null);
    if (Object.keys(listed).length > 0)
      await live()
        .set({ ...listed, updated_at: now })
        .execute();
    if (msn_key !== undefined) await live().set({ msn, msn_key, updated_at: now }).where('msn_key', 'is', null).execute();
    if (aircraft_type_id !== undefined) {
      await live().set({ aircraft_type_id, updated_at: now }).where('aircraft_type_id', 'is', null).execute();
    }
    if (registration !== undefined || airline_id !== undefined) {
      await live().set({ registration, airline_id, updated_at: now }).where('first_photo_id', 'is', null).execute();
    }
    return w.airframeId;
  }
  const row = await db
    .insertInto('airframes')
    .values({
      line_number: null,
      built_year: null,
      msn: null,
      msn_key: null,
      aircraft_type_id: null,
      ...w.set,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ORDER = { error: 0, create: 1, update: 2, unchanged: 3 } as const;

function answer(planned: Planned[], dryRun: boolean): FleetImportResponse {
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const p of planned) counts[p.action]++;
  const rows = planned
    .map(({ write: _write, ...row }) => row)
    .sort((a, b) => ORDER[a.action] - ORDER[b.action] || a.line - b.line)
    .slice(0, FLEET_IMPORT_LIMITS.rowsListed);
  return { message: `${dryRun ? M.previewed : M.imported}：${T.summary(counts)}`, dryRun, counts, rows };
}
