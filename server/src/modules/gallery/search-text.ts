// Tokens for the gallery's full-text index, the same on SQLite (FTS5) and PostgreSQL (tsvector):
// Latin letters and digits as words (and a registration as one word without its hyphen), Chinese
// as single characters and pairs — a trigram index cannot find the two-character names people
// type most (国航, 东航, 首都). The server splits both the document and the query, traditional
// characters read as simplified (國航 finds 国航).
import { toSimplified } from '../reference/han.js';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const RUNS = /[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/g;
// Words people add that the stored names may not have in that form (首都机场 vs 北京首都国际机场).
const CJK_SUFFIXES = ['国际机场', '机场', '航空公司', '航空'];

function cjkGrams(run: string, withSingles: boolean): string[] {
  const chars = [...run];
  const grams: string[] = withSingles ? [...chars] : [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(chars[i]! + chars[i + 1]!);
  return grams;
}

const HYPHENATED = /[a-z0-9]+(?:-[a-z0-9]+)+/g;

const plain = (text: string) => toSimplified(text.normalize('NFKC').toLowerCase());
const runsOf = (text: string): string[] => text.match(RUNS) ?? [];

/**
 * The document of one photo: every word, every registration and hyphenated designation also without
 * its hyphens (b1234, 737800: a query with hyphens is matched so), CJK singles and pairs.
 */
export function documentTokens(parts: (string | null | undefined)[], registrations: string[]): string {
  const tokens = new Set<string>();
  const text = plain(parts.filter(Boolean).join(' '));
  for (const run of runsOf(text)) {
    if (CJK.test(run)) cjkGrams(run, true).forEach((g) => tokens.add(g));
    else tokens.add(run);
  }
  for (const word of text.match(HYPHENATED) ?? []) tokens.add(word.replace(/-/g, ''));
  for (const reg of registrations) {
    const key = reg.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (key) tokens.add(key);
  }
  return [...tokens].join(' ');
}

export interface QueryToken {
  text: string;
  /** The last Latin word matches as a prefix (B12 finds B1234); other words and Chinese pairs match whole. */
  prefix: boolean;
}

/** The query's tokens, all of which a photo's document must contain. Empty when nothing is searchable. */
export function queryTokens(query: string): QueryToken[] {
  const trimmed = plain(query).trim();
  // One word with hyphens (b-1234, 9v-sqa, 737-800) is a registration or a designation: match it
  // whole, without the hyphens, as the document holds both.
  if (/^[a-z0-9]+(-[a-z0-9]+)+$/.test(trimmed)) return [{ text: trimmed.replace(/-/g, ''), prefix: true }];
  const tokens: QueryToken[] = [];
  for (let run of runsOf(trimmed)) {
    if (CJK.test(run)) {
      for (const suffix of CJK_SUFFIXES) {
        if (run.endsWith(suffix) && [...run].length - [...suffix].length >= 2) {
          run = run.slice(0, -suffix.length);
          break;
        }
      }
      const grams = [...run].length === 1 ? [run] : cjkGrams(run, false);
      grams.forEach((g) => tokens.push({ text: g, prefix: false }));
    } else {
      tokens.push({ text: run, prefix: false });
    }
  }
  // As people type: every word whole but the last, which may still be growing (B12 finds B1234; Air
  // China does not find China Eastern Airlines).
  const last = tokens[tokens.length - 1];
  if (last && !CJK.test(last.text)) last.prefix = true;
  return tokens.slice(0, 12);
}
