import * as OpenCC from 'opencc-js/t2cn';
import { pinyin } from 'pinyin-pro';

// Chinese as people type it (issue 21, item 4): traditional characters meet simplified names (國航 →
// 国航, 長榮 → 长荣), and pinyin or its initials meet Chinese names (pudong, pd, huahu, guohang). Pinyin
// is made when a row's search text is (at import), never for a request; queries are only converted.

const HAN_RUN = /\p{Script=Han}+/gu;
const NOT_ASCII = /[\u0080-\uffff]/;

let convert: ((text: string) => string) | null = null;

/** Traditional (Taiwan and Hong Kong usage) characters as simplified; other text unchanged. */
export function toSimplified(text: string): string {
  if (!NOT_ASCII.test(text)) return text;
  convert ??= OpenCC.Converter({ from: 'tw', to: 'cn' });
  return convert(text);
}

function syllables(run: string): string[] {
  return pinyin(run, { toneType: 'none', type: 'array', v: true }).map((s) => s.toLowerCase());
}

/**
 * The pinyin words of a Chinese name: each run whole (shanghaipudong) and as initials (shpd), and the
 * same for what follows a leading place name (上海浦东 after 上海 → pudong, pd), which is what people
 * say of an airport or an airline.
 */
export function pinyinWords(name: string | null | undefined, place?: string | null): string[] {
  if (!name) return [];
  const out = new Set<string>();
  for (const run of name.slice(0, 100).match(HAN_RUN) ?? []) {
    const parts = [run];
    if (place && run.startsWith(place) && run.length > place.length + 1) parts.push(run.slice(place.length));
    for (const part of parts) {
      const s = syllables(part);
      out.add(s.join(''));
      if (s.length > 1) out.add(s.map((x) => x[0]).join(''));
    }
  }
  return [...out];
}
