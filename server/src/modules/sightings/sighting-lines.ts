import { NO_REGISTRATION, REGISTRATION_PATTERN, isCalendarDate, registrationKey } from '../../../../contract/photos.js';
import { formatRegistration } from '../../../../contract/registrations.js';
import { SIGHTING_COLUMNS, SIGHTING_LIMITS, SIGHTING_MESSAGES as M } from '../../../../contract/sightings.js';
import { TRIM_ALLOWANCE } from '../../../../contract/zod.js';
import { csvLine, csvRecords } from '../../shared/csv.js';
import { badRequest } from '../../shared/errors.js';

// Sightings as text: a pasted list (a registration a line) or CSV in SIGHTING_COLUMNS' order, each line
// read into what it says or what is wrong with it; and the member's sightings written back the same way.

export interface SightingLine {
  line: number;
  registration: string;
  /** Empty fields: the form's day, airport and choice stand. */
  seenOn: string | null;
  airportCode: string | null;
  note: string;
  public: boolean | null;
  problem: string | null;
}

/** A registration as typed, written as its country writes it, or null when it cannot be one. */
export function sightingRegistration(typed: string): string | null {
  const upper = typed.trim().toUpperCase();
  const registration = formatRegistration(upper) ?? upper;
  const ok = REGISTRATION_PATTERN.test(registration) && registrationKey(registration) !== registrationKey(NO_REGISTRATION);
  return ok ? registration : null;
}

const PUBLIC_OF = new Map<string, boolean>([
  ['1', true],
  ['true', true],
  ['是', true],
  ['公开', true],
  ['0', false],
  ['false', false],
  ['否', false],
  ['私密', false],
]);

/** Each line of a pasted list or CSV (a first line naming the columns is skipped). */
export function sightingLines(text: string): SightingLine[] {
  const records = csvRecords(text, {
    rowsMax: SIGHTING_LIMITS.linesMax + 1,
    tooMany: M.tooManyLines,
    unclosedQuote: M.unclosedQuote,
    field: 'text',
  });
  if (['registration', '注册号'].includes(records[0]?.fields[0]?.trim().toLowerCase() ?? '')) records.shift();
  if (records.length === 0) throw badRequest(M.empty, [{ path: ['text'], message: M.empty }]);
  if (records.length > SIGHTING_LIMITS.linesMax) throw badRequest(M.tooManyLines, [{ path: ['text'], message: M.tooManyLines }]);
  return records.map(({ line, fields }) => readLine(line, fields));
}

function readLine(line: number, fields: string[]): SightingLine {
  // Every field is capped before it is trimmed (with room for the spaces around it) and looked at; a note
  // longer than its limit is refused, not cut.
  const [reg = '', day = '', airport = '', note = '', pub = ''] = fields.map((f) =>
    f.slice(0, SIGHTING_LIMITS.noteMax + TRIM_ALLOWANCE + 1).trim(),
  );
  const registration = sightingRegistration(reg);
  const out = {
    line,
    registration: registration ?? reg.toUpperCase(),
    seenOn: day || null,
    airportCode: airport ? airport.toUpperCase() : null,
    note,
    public: pub ? (PUBLIC_OF.get(pub.toLowerCase()) ?? null) : null,
  };
  const problem = !reg
    ? M.needRegistration
    : !registration
      ? M.badRegistration
      : day && !(/^\d{4}-\d{2}-\d{2}$/.test(day) && isCalendarDate(day))
        ? M.badDate
        : note.length > SIGHTING_LIMITS.noteMax
          ? M.noteTooLong
          : pub && out.public === null
            ? M.badPublic
            : null;
  return { ...out, problem };
}

/** The member's sightings as CSV, in the columns import reads. */
export function sightingsCsv(
  rows: { registration: string; seenOn: string; airport: string | null; note: string; public: boolean }[],
): string {
  const lines = rows.map((r) => csvLine([r.registration, r.seenOn, r.airport ?? '', r.note, r.public ? 1 : 0]));
  return [SIGHTING_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}
