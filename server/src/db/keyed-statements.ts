// Statements that find rows by a key, prepared by name on PostgreSQL (issue 37; ADR 0042).
//
// PostgreSQL parses and plans an unnamed statement each time it runs, and planning a lookup of one
// photo weighs every index of `photos` (two dozen, most of them partial): at 20k photos the photo page
// answered 3,300 requests a second through unnamed statements and 4,200–5,800 through named ones. A
// statement that finds its rows by their id (or an airframe by its first photo) has one plan whatever
// the value, so PostgreSQL's cached generic plan is as good as a fresh one. Every other statement stays
// unnamed and is planned for its values: a gallery search's plan depends on how common its filters are.
import { createHash } from 'node:crypto';

/** `where "id" = $1`, `where "photos"."id" in ($1, $2)`: a key compared with bound values, never a subquery. */
const KEYED = /\bwhere (?:"\w+"\.)?"(?:id|first_photo_id)" (?:= \$\d+|in \(\$\d+(?:, \$\d+)*\))(?: and |$)/;

/** Names kept per process; beyond them statements run unnamed (each name holds a plan on every connection). */
const MOST_NAMES = 500;

const names = new Map<string, string>();

/**
 * The name a statement is prepared under, or undefined when it is planned afresh each time. The name is
 * the text's hash: the same text is the same name in every process, and two texts never share one.
 */
export function keyedName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MOST_NAMES || text.length > 2_000 || !KEYED.test(text)) return known;
  const name = `keyed_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

/**
 * PostgreSQL refuses a prepared statement whose columns changed under it (a migration that added a
 * column to a table read with `select *`): "cached plan must not change result type". Outside a
 * transaction the statement is then dropped and prepared again on the same connection (database.ts).
 */
export const isStalePlan = (err: unknown) => {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === '0A000' && /cached plan/.test(e.message ?? '');
};
