import type { ReferenceService } from '../reference/reference.service.js';
import { documentTokens, type QueryToken } from './search-text.js';

// Which reference entries name a word (issue 37, ADR 0052). A photo's document is its own words
// (registration, MSN, photographer) and the words of its type, airline and airport, so the photos a
// word finds are those of the entries whose words hold it, and the few whose own words do. The
// entries' words are kept per process and read again when the reference's version moves on.

export type EntryKind = 'type' | 'airline' | 'airport';

export interface Entry {
  kind: EntryKind;
  id: number;
  /** In a search's plan: the entry names every word of the query, none is probed on its photos. */
  whole?: boolean;
}

/** A word more entries than this name (a letter, a prefix of many names) is searched as before. */
export const MAX_ENTRIES = 512;

const KIND_OF = { aircraft_types: 'type', airlines: 'airline', airports: 'airport' } as const;

interface Kept {
  version: number;
  /** Every word of every entry, sorted by code unit, so the words a prefix starts are one run. */
  words: string[];
  /** The entries each word of `words` is a word of. */
  entries: Entry[][];
}

export class EntryWords {
  private kept: Promise<Kept> | null = null;
  private keptVersion = -1;

  constructor(private readonly reference: ReferenceService) {}

  /** The entries whose words hold the token (start with it, for a prefix), or null past MAX_ENTRIES. */
  async of(token: QueryToken): Promise<Entry[] | null> {
    const { words, entries } = await this.current();
    let at = lowerBound(words, token.text);
    if (!token.prefix) return words[at] === token.text ? entries[at]! : [];
    const found = new Map<string, Entry>();
    for (; at < words.length && words[at]!.startsWith(token.text); at++) {
      for (const e of entries[at]!) found.set(`${e.kind}:${e.id}`, e);
      if (found.size > MAX_ENTRIES) return null;
    }
    return [...found.values()];
  }

  private async current(): Promise<Kept> {
    const version = await this.reference.namesVersion.get();
    if (!this.kept || version !== this.keptVersion) {
      this.keptVersion = version;
      const reading = this.read(version);
      this.kept = reading;
      // A failed read is tried again by the next search, not kept.
      reading.catch(() => {
        if (this.kept === reading) this.kept = null;
      });
    }
    return this.kept;
  }

  private async read(version: number): Promise<Kept> {
    const byWord = new Map<string, Entry[]>();
    for (const row of await this.reference.allNameWords()) {
      const entry: Entry = { kind: KIND_OF[row.kind], id: row.id };
      for (const word of documentTokens([row.words], []).split(' ')) {
        if (!word) continue;
        const list = byWord.get(word);
        if (list) list.push(entry);
        else byWord.set(word, [entry]);
      }
    }
    const words = [...byWord.keys()].sort();
    return { version, words, entries: words.map((w) => byWord.get(w)!) };
  }
}

/** The first index whose word is not below `text` (code-unit order, as `sort()` orders). */
function lowerBound(words: string[], text: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]! < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
