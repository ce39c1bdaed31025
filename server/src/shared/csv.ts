import { badRequest } from './errors.js';

// CSV as spreadsheets write and read it: commas, fields in double quotes with "" inside, CRLF or LF. Read
// into records with the line each starts on, the work bounded by a count of records; written back the same.

export interface CsvLimits {
  /** More records than this (blank lines not counted) ends the reading with 400 `tooMany`. */
  rowsMax: number;
  tooMany: string;
  unclosedQuote: string;
  /** The request field the text came in. */
  field: string;
}

/** The CSV's records with the line each starts on; quotes may hold commas and line breaks. */
export function csvRecords(csv: string, limits: CsvLimits): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    records.push({ line: start, fields: [...fields, field] });
    fields = [];
    field = '';
  };
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        field += c;
        if (c === '\n') line++;
      }
    } else if (c === '"' && field.trim() === '') {
      // A field may start with spaces before its opening quote (`B-1, "5501"`).
      quoted = true;
      field = '';
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && csv[i + 1] === '\n') i++;
      endRecord();
      start = ++line;
      // Blank lines are left out as they come, so only lines with something in them count toward the cap.
      if (records.at(-1)!.fields.every((f) => f.trim() === '')) records.pop();
      if (records.length > limits.rowsMax) throw badRequest(limits.tooMany, [{ path: [limits.field], message: limits.tooMany }]);
    } else field += c;
  }
  if (quoted)
    throw badRequest(`第 ${start} 行：${limits.unclosedQuote}`, [{ path: [limits.field], message: limits.unclosedQuote }]);
  endRecord();
  return records.filter((r) => r.fields.some((f) => f.trim() !== ''));
}

/** One CSV line: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvLine(fields: (string | number)[]): string {
  return fields.map((f) => (/[",\r\n]/.test(String(f)) ? `"${String(f).replaceAll('"', '""')}"` : String(f))).join(',');
}
