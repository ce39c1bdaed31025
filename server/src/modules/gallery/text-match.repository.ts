import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DbOrTrx, Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { QueryToken } from './search-text.js';

// The gallery's free text in its queries: matched in the full-text index (FTS5 on SQLite, a tsvector
// with GIN on PostgreSQL), gathered first or probed per photo, and counted.

/** The tokens as an FTS5 query (SQLite). */
export function ftsMatch(tokens: QueryToken[]): string {
  return tokens.map((t) => `"${t.text}"${t.prefix ? '*' : ''}`).join(' AND ');
}

/** The tokens as a tsquery (PostgreSQL). */
export function tsQuery(tokens: QueryToken[]): string {
  return tokens.map((t) => `${t.text}${t.prefix ? ':*' : ''}`).join(' & ');
}

/**
 * The free text: a photo's document holds every token (the last Latin one as a prefix). Gathered, the
 * full-text index lists its matches first; probed, each photo the walk reaches has its own document
 * read by key and looked at (`textProbed` says which). The document is its tokens joined by single
 * spaces (search-text.ts), so a token is whole where spaces surround it, and a prefix where one leads.
 * `pinned`: probed on PostgreSQL too, never turned into a join (the entries' reads, ADR 0052).
 */
export function textMatch(dialect: Dialect, tokens: QueryToken[], probe: boolean | 'pinned') {
  // Each token's text is bound as it is and dressed in SQL, so the query's shape is kept (QueryShapes).
  const text = (t: QueryToken) => sql`${t.text}`;
  return (eb: ExpressionBuilder<Database, 'photos'>) => {
    if (dialect === 'postgres') {
      const query = sql.join(
        tokens.map((t) => (t.prefix ? sql`${text(t)} || ':*'` : text(t))),
        sql` || ' & ' || `,
      );
      const matches = sql<SqlBool>`doc @@ to_tsquery('simple', ${query})`;
      // Pinned, `offset 0` keeps the probe a probe: as a semi-join PostgreSQL gathered every match of the words
      // first (大连普兰店's 14,927 documents, 73 ms) beside an empty list of own-word matches. Elsewhere it chooses.
      const pin = probe === 'pinned' ? sql` offset 0` : sql``;
      return probe
        ? sql<SqlBool>`exists (select 1 from photo_search where photo_search.photo_id = photos.id and ${matches}${pin})`
        : // An array, not `in (…)`: PostgreSQL guesses a prefix's matches in the thousands and then walks the
          // sort's index hoping to meet them soon; for a registration's 25 photos it walked all 1M (760 ms).
          sql<SqlBool>`photos.id = any(array(select photo_id from photo_search where ${matches}))`;
    }
    if (!probe) {
      const query = sql.join(
        tokens.map((t) => (t.prefix ? sql`'"' || ${text(t)} || '"*'` : sql`'"' || ${text(t)} || '"'`)),
        sql` || ' AND ' || `,
      );
      return eb('photos.id', 'in', sql<number>`(select rowid from photo_search where photo_search match ${query})`);
    }
    const holds = tokens.map((t) =>
      t.prefix
        ? sql`instr(' ' || doc || ' ', ' ' || ${text(t)}) > 0`
        : sql`instr(' ' || doc || ' ', ' ' || ${text(t)} || ' ') > 0`,
    );
    return sql<SqlBool>`likely(exists (select 1 from photo_search where photo_search.rowid = photos.id and ${sql.join(holds, sql` and `)}))`;
  };
}

/** Photos whose own words (registration, MSN, photographer) hold the token, gathered from their own index. */
export function ownWordsMatch(dialect: Dialect, t: QueryToken) {
  const text = sql`${t.text}`;
  if (dialect === 'postgres') {
    const query = t.prefix ? sql`${text} || ':*'` : text;
    return sql<SqlBool>`photos.id = any(array(select photo_id from photo_search where own @@ to_tsquery('simple', ${query})))`;
  }
  const query = t.prefix ? sql`'"' || ${text} || '"*'` : sql`'"' || ${text} || '"'`;
  return sql<SqlBool>`photos.id in (select rowid from photo_own_search where photo_own_search match ${query})`;
}

/** Photos whose own words hold the token, counted up to `limit`. */
export async function ownWordsMatches(db: DbOrTrx, dialect: Dialect, t: QueryToken, limit: number): Promise<number> {
  const matches =
    dialect === 'postgres'
      ? sql`select 1 from photo_search where own @@ to_tsquery('simple', ${tsQuery([t])}) limit ${limit}`
      : sql`select 1 from photo_own_search where photo_own_search match ${ftsMatch([t])} limit ${limit}`;
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${matches}) as m`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * Free text matching at least this many accepted photos is probed per photo along an index rather than
 * gathered. At 1M photos on SQLite a gathered match cost ~0.7 µs and a probe ~3.5 µs, and a page walks
 * about 41 × N ÷ matches photos: the two meet near 14,000 matches (10 ms), and below this size a gather
 * costs at most ~7 ms at any N, a walk ~14 ms at 1M.
 */
export const PROBED_TEXT_SIZE = 10_000;

/**
 * Whether a search's free text should be probed per photo: its matches, counted up to the threshold
 * in the full-text index. A common word (china, boeing) gathered its hundreds of thousands of matches
 * and sorted them (205 ms a page at 1M photos on SQLite) where the sort's own index, each photo's
 * document read by key, reaches a page in 0.2 ms; a rarer one (a registration, an MSN) is gathered,
 * its matches cheap where a walk could cross the whole gallery (issue 37).
 */
export async function textProbed(
  db: DbOrTrx,
  dialect: Dialect,
  tokens: QueryToken[] | undefined,
  size = PROBED_TEXT_SIZE,
): Promise<boolean> {
  return tokens?.length ? (await textMatches(db, dialect, tokens, size)) >= size : false;
}

/** The full-text index's own prefixes (migration 2026-11-23-02): a prefix of another length merges every term it starts. */
const INDEXED_PREFIX = (t: QueryToken) => t.text.length >= 2 && t.text.length <= 4;

/**
 * Photos whose documents hold the tokens, counted up to `limit`. A prefix finds at least what its whole
 * word finds, and the whole word is the cheap one to count: FTS5 and GIN merge the lists of every term a
 * prefix starts before the first match comes (`china*` 12 ms at 1M photos, `b*` 190 ms; `china` 0.2 ms).
 * So a prefix the index does not keep is counted whole first, and as a prefix only when that falls short.
 */
export async function textMatches(db: DbOrTrx, dialect: Dialect, tokens: QueryToken[], limit: number): Promise<number> {
  const count = async (ts: QueryToken[]) => {
    const matches =
      dialect === 'postgres'
        ? sql`select 1 from photo_search where doc @@ to_tsquery('simple', ${tsQuery(ts)}) limit ${limit}`
        : sql`select 1 from photo_search where photo_search match ${ftsMatch(ts)} limit ${limit}`;
    const { rows } = await sql<{ n: number }>`select count(*) as n from (${matches}) as m`.execute(db);
    return Number(rows[0]!.n);
  };
  if (dialect === 'postgres') {
    const estimate = await commonEstimate(db, tokens);
    if (estimate !== null && estimate >= 4 * limit) return limit;
  }
  if (tokens.some((t) => t.prefix && !INDEXED_PREFIX(t))) {
    const whole = await count(tokens.map((t) => ({ ...t, prefix: false })));
    if (whole >= limit) return whole;
  }
  return count(tokens);
}

/** PostgreSQL's statistics of the documents' words, per database, read again after this long. */
const STATS_TTL_MS = 10 * 60_000;
const statsOf = new WeakMap<object, { at: number; rows: number; share: Map<string, number> } | Promise<unknown>>();

/**
 * Photos whose documents hold the tokens, as PostgreSQL's statistics put it (`pg_stats`: the share of
 * documents holding each of the most common words, the words taken as independent; a prefix's share is
 * that of the common words it starts); null when a token is not among them or there are no statistics.
 * A GIN index lists every match of a query before the first comes, however few are asked: counting
 * `boeing` up to 10,000 cost 28 ms at 1M photos; the statistics answer whether it is common for nothing.
 */
async function commonEstimate(db: DbOrTrx, tokens: QueryToken[]): Promise<number | null> {
  let stats = statsOf.get(db);
  if (!stats || (!(stats instanceof Promise) && Date.now() - stats.at > STATS_TTL_MS)) {
    const reading = readStats(db);
    statsOf.set(db, reading);
    stats = await reading;
    statsOf.set(db, stats);
  }
  const { rows, share } = (await stats) as { rows: number; share: Map<string, number> };
  let estimate = rows;
  for (const t of tokens) {
    let s = share.get(t.text) ?? 0;
    if (t.prefix) for (const [word, w] of share) if (word !== t.text && word.startsWith(t.text)) s += w;
    if (s === 0) return null;
    estimate *= Math.min(s, 1);
  }
  return estimate;
}

async function readStats(db: DbOrTrx) {
  const { rows } = await sql<{ elems: string[] | null; freqs: number[] | null; n: number | null }>`select
      (select most_common_elems::text::text[] from pg_stats where tablename = 'photo_search' and attname = 'doc') as elems,
      (select most_common_elem_freqs from pg_stats where tablename = 'photo_search' and attname = 'doc') as freqs,
      (select reltuples from pg_class where relname = 'photo_search') as n`.execute(db);
  const { elems, freqs, n } = rows[0] ?? { elems: null, freqs: null, n: null };
  const share = new Map<string, number>();
  (elems ?? []).forEach((e, i) => share.set(e, Number(freqs?.[i] ?? 0)));
  return { at: Date.now(), rows: Math.max(Number(n ?? 0), 0), share };
}
