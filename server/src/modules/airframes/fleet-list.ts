import { AIRFRAME_STATUS_LABELS, AIRFRAME_STATUSES, type AirframeStatus } from '../../../../contract/catalogues.js';
import { FLEET_IMPORT_LIMITS, FLEET_IMPORT_MESSAGES as M } from '../../../../contract/fleet-import.js';
import { modeSOf, modeSProblem } from '../../../../contract/mode-s.js';
import { NO_REGISTRATION, REGISTRATION_PATTERN, registrationKey } from '../../../../contract/photos.js';
import { formatRegistration } from '../../../../contract/registrations.js';
import { csvRecords as readCsv } from '../../shared/csv.js';
import { badRequest } from '../../shared/errors.js';

// A fleet list as text: CSV (commas, fields in double quotes with "" inside, CRLF or LF), one aircraft a
// line — registration, MSN, type, Mode S, airline, status — a header line and blank lines skipped. Each
// line is read into what it says or what is wrong with it; which aircraft it is, is fleet-import's.

export interface FleetLine {
  line: number;
  registration: string;
  msn: string | null;
  typeIcao: string | null;
  modeS: string | null;
  airlineIcao: string | null;
  status: AirframeStatus | null;
  problem: string | null;
}

/** The fleet list's records (shared/csv.ts), at most one more than its rows. */
export const csvRecords = (csv: string) =>
  readCsv(csv, {
    rowsMax: FLEET_IMPORT_LIMITS.rowsMax + 1,
    tooMany: M.tooManyRows,
    unclosedQuote: M.unclosedQuote,
    field: 'csv',
  });

const STATUS_OF = new Map<string, AirframeStatus>([
  ...AIRFRAME_STATUSES.map((s): [string, AirframeStatus] => [s, s]),
  ...AIRFRAME_STATUSES.map((s): [string, AirframeStatus] => [AIRFRAME_STATUS_LABELS[s], s]),
]);

/** Each aircraft line of a fleet list, read (a first line naming the columns is skipped). */
export function fleetLines(csv: string): FleetLine[] {
  const records = csvRecords(csv);
  if (['registration', '注册号'].includes(records[0]?.fields[0]?.trim().toLowerCase() ?? '')) records.shift();
  if (records.length === 0) throw badRequest(M.empty, [{ path: ['csv'], message: M.empty }]);
  if (records.length > FLEET_IMPORT_LIMITS.rowsMax) throw badRequest(M.tooManyRows, [{ path: ['csv'], message: M.tooManyRows }]);
  return records.map(({ line, fields }) =>
    readLine(
      line,
      fields.map((f) => f.trim().slice(0, 100)),
    ),
  );
}

function readLine(line: number, [reg = '', msn = '', type = '', hex = '', airline = '', status = '']: string[]): FleetLine {
  const typed = reg.toUpperCase();
  const registration = formatRegistration(typed) ?? typed;
  const base = {
    line,
    registration,
    msn: msn || null,
    typeIcao: type ? type.toUpperCase() : null,
    modeS: hex ? modeSOf(hex) : null,
    airlineIcao: airline ? airline.toUpperCase() : null,
    status: status ? (STATUS_OF.get(status.toLowerCase()) ?? STATUS_OF.get(status) ?? null) : null,
  };
  const problem = !reg
    ? M.noRegistration
    : !REGISTRATION_PATTERN.test(registration) || registrationKey(registration) === registrationKey(NO_REGISTRATION)
      ? M.badRegistration
      : msn.length > 30
        ? M.msnTooLong
        : hex && modeSProblem(hex, registration)
          ? modeSProblem(hex, registration)
          : status && !base.status
            ? M.unknownStatus
            : null;
  return { ...base, problem };
}
