// Which entries name a search's words, and how many photos they hold (ADR 0052): the plan's sizes for
// driving free text through the entries.
import type { DbOrTrx, Dialect } from '../../db/database.js';
import type { Entry, EntryWords } from './entry-words.js';
import type { GalleryFilter } from './search.repository.js';
import { ownWordsMatches } from './text-match.repository.js';
import { counterName, plannerFactsOf, type PlannerFacts } from './planner-facts.js';

/**
 * Own-word matches counted up to this: a word more photos hold as their own is searched as before. A
 * number starting a type's name and thousands of MSNs (`342`: A342's 9,000 photos, 2,540 own matches at
 * 1M photos) was walked along the sort's index, every photo's words probed: 7–14 ms on SQLite, 58–118 ms
 * on PostgreSQL, against 4–6 and 11–18 through its entries and its own matches gathered (2,000 had been
 * the limit). The cost model weighs the gathered matches against every other way.
 */
const OWN_WORDS_UP_TO = 10_000;
/** A word more entries with photos than this name is searched as before: a read each is too many. */
const NAMED_ENTRIES = 64;

/** The entries naming one of the words, with their photos, and the photos whose own words hold it. */
export type NamedEntry = Entry & { n: number; whole: boolean };

export interface Named {
  token: number;
  entries: NamedEntry[];
  own: number;
  /** At most this many photos hold the word. */
  size: number;
}

/**
 * The word the fewest photos hold through the entries naming it, if each word's entries are few
 * enough to list and its own-word matches few enough to gather; else null.
 */
export async function namedBy(
  db: DbOrTrx,
  dialect: Dialect,
  f: GalleryFilter,
  entryWords: EntryWords,
  facts: PlannerFacts = plannerFactsOf(db),
): Promise<Named | null> {
  if (!f.tokens?.length) return null;
  const lists = await Promise.all(f.tokens.map((t) => entryWords.of(t)));
  const all = lists.flatMap((l) => l ?? []);
  // Accepted photos per entry, as the gallery keeps them.
  const counted = await facts.counts(all.map((e) => [e.kind, String(e.id)] as const));
  // An entry's name in the counts read just above.
  const keyOf = (e: Entry) => counterName([e.kind, String(e.id)]);
  const named = lists.map((list) => (list ? new Set(list.map(keyOf)) : null));
  let best: Omit<Named, 'own' | 'size'> & { n: number } = { token: -1, entries: [], n: Infinity };
  lists.forEach((list, token) => {
    if (!list) return;
    const entries = list
      .map((e) => ({
        ...e,
        n: counted.get(keyOf(e)) ?? 0,
        // An entry naming every word: its photos need none of them probed (国航 of 中国国际航空).
        whole: named.every((keys) => keys?.has(keyOf(e)) ?? false),
      }))
      .filter((e) => e.n > 0);
    const n = entries.reduce((sum, e) => sum + e.n, 0);
    if (entries.length <= NAMED_ENTRIES && n < best.n) best = { token, entries, n };
  });
  if (best.token < 0) return null;
  const token = f.tokens[best.token]!;
  const own = await facts.memo(`own:${OWN_WORDS_UP_TO}:${JSON.stringify(token)}`, () =>
    ownWordsMatches(db, dialect, token, OWN_WORDS_UP_TO),
  );
  if (own >= OWN_WORDS_UP_TO) return null;
  return { token: best.token, entries: best.entries, own, size: best.n + own };
}
