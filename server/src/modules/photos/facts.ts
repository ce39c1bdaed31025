import type { Updateable } from 'kysely';
import { KEY_FACTS, PHOTO_MESSAGES, registrationKey, type KeyFact, type PhotoEdit } from '../../../../contract/photos.js';
import { modeSProblem } from '../../../../contract/mode-s.js';
import type { PhotoRow, PhotosTable } from '../../db/schema.js';
import { badRequest } from '../../shared/errors.js';

// The rules of a photo's facts, as plain functions: the upload, the owner's edit and the screener's
// correction all apply these.

const DAY = 86_400_000;
/** The first powered flight: no photo of an aircraft can be older. */
const FIRST_FLIGHT = '1903-12-17';

/** Each fact as a column of `photos`, and back: events keep columns, answers speak the contract's names. */
export const FACT_COLUMNS = {
  registration: 'registration',
  msn: 'msn',
  modeS: 'mode_s',
  aircraftTypeId: 'aircraft_type_id',
  airlineId: 'airline_id',
  airportId: 'airport_id',
  airframeId: 'airframe_id',
  liveryId: 'livery_id',
  inFlight: 'in_flight',
  takenOn: 'taken_on',
  categories: 'categories',
  remark: 'remark',
  messageToScreener: 'message_to_screener',
} as const satisfies Record<keyof PhotoEdit, keyof PhotoRow>;
export type FactColumn = (typeof FACT_COLUMNS)[keyof PhotoEdit];

const KEY_FACT_COLUMNS = new Set<FactColumn>(KEY_FACTS.map((k: KeyFact) => FACT_COLUMNS[k]));

export type FactChanges = Partial<Record<FactColumn, [unknown, unknown]>>;

/** The columns an edit really changes, each as [before, after]; unchanged fields are left out. */
export function factChanges(row: PhotoRow, patch: PhotoEdit): FactChanges {
  const inFlight = patch.inFlight ?? row.in_flight === 1;
  const wanted: Partial<Record<FactColumn, unknown>> = {
    ...(patch.registration !== undefined ? { registration: patch.registration } : {}),
    ...(patch.msn !== undefined ? { msn: patch.msn || null } : {}),
    ...(patch.modeS !== undefined ? { mode_s: patch.modeS || null } : {}),
    ...(patch.aircraftTypeId !== undefined ? { aircraft_type_id: patch.aircraftTypeId } : {}),
    ...(patch.airlineId !== undefined ? { airline_id: patch.airlineId } : {}),
    ...(patch.airportId !== undefined || inFlight ? { airport_id: inFlight ? null : patch.airportId } : {}),
    ...(patch.airframeId !== undefined ? { airframe_id: patch.airframeId } : {}),
    ...(patch.liveryId !== undefined ? { livery_id: patch.liveryId } : {}),
    ...(patch.inFlight !== undefined ? { in_flight: inFlight ? 1 : 0 } : {}),
    ...(patch.takenOn !== undefined ? { taken_on: patch.takenOn } : {}),
    ...(patch.categories !== undefined ? { categories: JSON.stringify(patch.categories) } : {}),
    ...(patch.remark !== undefined ? { remark: patch.remark || null } : {}),
    ...(patch.messageToScreener !== undefined ? { message_to_screener: patch.messageToScreener || null } : {}),
  };
  const changes: FactChanges = {};
  for (const [key, after] of Object.entries(wanted) as [FactColumn, unknown][]) {
    if (after !== undefined && row[key] !== after) changes[key] = [row[key], after];
  }
  return changes;
}

/** A change of a key fact sends an accepted photo back to screening (PRODUCT.md §3.4). */
export const changesKeyFact = (changes: FactChanges) => Object.keys(changes).some((k) => KEY_FACT_COLUMNS.has(k as FactColumn));

/**
 * Key facts that say which aircraft a photo shows: a change lets the airframe be found again when the
 * photo is accepted (again). An MSN is not a key fact (§3.4): a member's new MSN leaves the photo on
 * its aircraft, so no member moves photos between aircraft without a screener.
 */
const IDENTITY_COLUMNS = ['registration', 'aircraft_type_id'] as const satisfies FactColumn[];

/**
 * The columns to write for fact changes: the normalised registration follows the registration, and
 * a new registration or type unlinks the airframe unless one is named with it (the airframes module
 * finds it again when the photo is accepted).
 */
export function factColumns(changes: FactChanges): Omit<Updateable<PhotosTable>, 'state'> {
  const columns: Omit<Updateable<PhotosTable>, 'state'> = Object.fromEntries(
    Object.entries(changes).map(([k, [, after]]) => [k, after]),
  );
  if (changes.registration) columns.registration_key = registrationKey(String(changes.registration[1]));
  if (!changes.airframe_id && IDENTITY_COLUMNS.some((c) => changes[c])) columns.airframe_id = null;
  return columns;
}

/** The rules between facts, after these changes: an airport or in flight, a Mode S address of its registration's state. */
export function requireFactsAgree(row: PhotoRow, changes: FactChanges): void {
  requireAirport(row, changes);
  requireModeSFits(row, changes);
}

/** After these changes the photo still names an airport, or is marked as taken in flight (§3.6). */
function requireAirport(row: PhotoRow, changes: FactChanges): void {
  const inFlightAfter = changes.in_flight ? changes.in_flight[1] === 1 : row.in_flight === 1;
  const airportAfter = changes.airport_id ? changes.airport_id[1] : row.airport_id;
  if (!inFlightAfter && !airportAfter) {
    throw badRequest(PHOTO_MESSAGES.airportRequired, [{ path: ['airportId'], message: PHOTO_MESSAGES.airportRequired }]);
  }
}

/**
 * After these changes the photo's Mode S address (if any) fits its registration: an N-number's own, or
 * one from its state's ICAO block (contract/mode-s.ts).
 */
function requireModeSFits(row: PhotoRow, changes: FactChanges): void {
  const modeS = changes.mode_s ? (changes.mode_s[1] as string | null) : row.mode_s;
  const registration = changes.registration ? String(changes.registration[1]) : row.registration;
  const problem = modeS ? modeSProblem(modeS, registration) : null;
  if (problem) throw badRequest(problem, [{ path: ['modeS'], message: problem }]);
}

/** The day a photo was taken: not before the first powered flight, not after today (with a day's grace: the camera's date may be ahead of UTC). */
export function assertTakenOn(takenOn: string, now: number): void {
  const d = Date.parse(`${takenOn}T00:00:00Z`);
  const refusal =
    takenOn < FIRST_FLIGHT ? PHOTO_MESSAGES.tooEarlyDate : Number.isNaN(d) || d > now + DAY ? PHOTO_MESSAGES.futureDate : null;
  if (refusal) throw badRequest(refusal, [{ path: ['takenOn'], message: refusal }]);
}

/** Facts as an event records them (columns) → as answers name them (the contract's fields). */
export function factsByField(facts: Record<string, [unknown, unknown]>): Record<string, [unknown, unknown]> {
  const fieldOf = new Map(Object.entries(FACT_COLUMNS).map(([field, column]) => [column as string, field]));
  const decode = (column: string, v: unknown) =>
    column === 'categories' && typeof v === 'string'
      ? (JSON.parse(v) as unknown)
      : column === 'in_flight'
        ? v === 1 || v === true
        : v;
  return Object.fromEntries(
    Object.entries(facts).map(([column, [before, after]]) => [
      fieldOf.get(column) ?? column,
      [decode(column, before), decode(column, after)] as [unknown, unknown],
    ]),
  );
}
