import type { AircraftTypeRow, AirlineRow, AirportRow } from '../../db/schema.js';
import { pinyinWords, toSimplified } from './han.js';

// How people type reference names, and the words a row is found by. Queries and rows go through the
// same `words`, so `Airbus A320`, `空客A320` and `airbus a320` meet `A320` the same way.

const HAN = /\p{Script=Han}/u;

/**
 * Manufacturers as people name them: the stored English name first (matched inside
 * `manufacturer_en`), then what Chinese spotters type. A type's search text carries the whole
 * group, so `巴航工业` finds a type stored as `Embraer` / `巴西航空工业`.
 */
export const MANUFACTURER_WORDS: readonly (readonly string[])[] = [
  ['boeing', '波音'],
  ['airbus', '空客', '空中客车'],
  ['airbus helicopters', '空客直升机'],
  ['embraer', '巴西航空工业', '巴航工业', '巴航', '安博威'],
  ['comac', '中国商飞', '商飞', '中国商用飞机'],
  ['bombardier', '庞巴迪'],
  ['atr'],
  ['mcdonnell douglas', '麦道', '麦克唐纳道格拉斯'],
  ['de havilland canada', '德哈维兰加拿大', '德哈维兰', 'dhc'],
  ['antonov', '安东诺夫'],
  ['ilyushin', '伊留申'],
  ['tupolev', '图波列夫'],
  ['sukhoi', '苏霍伊'],
  ['gulfstream', '湾流'],
  ['cessna', '塞斯纳', '赛斯纳'],
  ['xian', '西飞', '西安飞机'],
  ['avic', '中航工业', '中国航空工业'],
  ['leonardo', '莱昂纳多'],
  ['diamond', '钻石'],
  ['dassault', '达索'],
  ['pilatus', '皮拉图斯'],
  ['beechcraft', '比奇'],
  ['lockheed martin', '洛克希德马丁', '洛克希德'],
  ['mitsubishi', '三菱'],
  ['saab', '萨博'],
  ['fokker', '福克'],
];

// Words that end Chinese names and that people add, drop or shorten: 首都机场 for 北京首都国际机场,
// 国航 or 中国国际航空公司 for 中国国际航空. Names are matched as their stem and these words apart,
// never across the seam: 国航 is inside 美国航空 only across 美国|航空, and is not an answer there.
const NAME_SUFFIXES = ['航空公司', '机场', '航空', '国际'];
// The first characters of those words, typed before the rest: 东方航 is on its way to 东方航空.
const SUFFIX_STARTS = [...new Set(NAME_SUFFIXES.flatMap((w) => [...w].slice(0, -1).map((_, i) => w.slice(0, i + 1))))].sort(
  (a, b) => b.length - a.length,
);
// Of those, the ones a query may leave out: 首都机场 → 首都. 国际 stays (中国国际 ≠ 中国).
const DROPPED_FROM_QUERIES = new Set(['航空公司', '机场', '航空']);

/** A Chinese run split into its stem and the name suffixes after it: 北京首都国际机场 → 北京首都, 国际, 机场. */
function splitSuffixes(run: string): string[] {
  const tail: string[] = [];
  let stem = run;
  for (let stripped = true; stripped;) {
    stripped = false;
    for (const suffix of NAME_SUFFIXES) {
      if (stem.endsWith(suffix) && [...stem].length - [...suffix].length >= 2) {
        stem = stem.slice(0, -suffix.length);
        tail.unshift(suffix);
        stripped = true;
        break;
      }
    }
  }
  return [stem, ...tail];
}

/**
 * Lowercased words without accents or full-width forms, traditional characters as simplified; Chinese
 * and Latin apart (空客A320 → 空客, a320); hyphens and dots kept inside a word (737-800, an-124).
 */
export function words(text: string): string[] {
  const plain = toSimplified(
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .normalize('NFKC')
      .toLowerCase(),
  );
  return plain
    .replace(/[^\p{L}\p{N}\-./&]+/gu, ' ')
    .replace(/(\p{Script=Han})(?=[^\p{Script=Han}\s])|([^\p{Script=Han}\s])(?=\p{Script=Han})/gu, '$1$2 ')
    .split(' ')
    .map((w) => w.replace(/^[-./&]+|[-./&]+$/g, ''))
    .filter(Boolean);
}

/** The words of a row's names, each Chinese name as its stem and suffix words (the search_text column). */
function searchText(parts: (string | null | undefined)[]): string {
  const out = new Set(words(parts.filter(Boolean).join(' ')).flatMap((w) => (HAN.test(w) ? splitSuffixes(w) : [w])));
  return [...out].join(' ');
}

/** The words of a row's names as they are written, for the gallery's own index (Chinese pairs across the whole name). */
function nameWords(parts: (string | null | undefined)[]): string {
  return [...new Set(words(parts.filter(Boolean).join(' ')))].join(' ');
}

// The Chinese columns are optional in a source: a member's suggestion has none of them.
type AirportSource = Pick<AirportRow, 'icao' | 'iata' | 'name_zh' | 'name_en' | 'city' | 'country'> &
  Partial<Pick<AirportRow, 'city_zh' | 'region_zh' | 'aliases'>>;
type AirlineSource = Pick<AirlineRow, 'icao' | 'iata' | 'name_zh' | 'name_en' | 'country'> &
  Partial<Pick<AirlineRow, 'short_zh'>>;
type AircraftTypeSource = Pick<AircraftTypeRow, 'icao' | 'manufacturer_en' | 'manufacturer_zh' | 'type_name' | 'variant'> &
  Partial<Pick<AircraftTypeRow, 'name_zh' | 'aliases'>>;

const airportParts = (r: AirportSource) => [
  r.icao,
  r.iata,
  r.name_zh,
  r.city_zh,
  r.region_zh,
  r.aliases,
  r.name_en,
  r.city,
  r.country,
];
const airlineParts = (r: AirlineSource) => [r.icao, r.iata, r.name_zh, r.short_zh, r.name_en, r.country];

// Pinyin goes into the stored search text only (made when a row is imported or edited); the gallery's
// words of a row take it from there, so indexing a photo never runs pinyin-pro.
export const airportSearchText = (r: AirportSource) => searchText([...airportParts(r), ...pinyinWords(r.name_zh, r.city_zh)]);
export const airlineSearchText = (r: AirlineSource) =>
  searchText([...airlineParts(r), ...pinyinWords(r.name_zh), ...pinyinWords(r.short_zh)]);

function manufacturerGroups(en: string, zh: string | null): string[] {
  const enWords = ` ${words(en).join(' ')} `;
  const zhWord = zh ? words(zh).join('') : null;
  return MANUFACTURER_WORDS.filter(
    ([name, ...others]) => enWords.includes(` ${name} `) || (zhWord && others.includes(zhWord)),
  ).flat();
}

/** Boeing's and Airbus's designators as spotters say them: 738 for B738, 333 for A333, 77w for B77W. */
const spokenDesignator = (icao: string | null) => (icao && /^[AB]\d\d[0-9A-Z]$/.test(icao) ? icao.slice(1) : null);

const aircraftTypeParts = (r: AircraftTypeSource) => [
  r.icao,
  spokenDesignator(r.icao),
  r.name_zh,
  r.aliases,
  r.manufacturer_en,
  r.manufacturer_zh,
  ...manufacturerGroups(r.manufacturer_en, r.manufacturer_zh),
  r.type_name,
  r.variant,
  // 737-800 as one word, as people write it.
  r.variant ? `${r.type_name}${r.variant}` : null,
];
export const aircraftTypeSearchText = (r: AircraftTypeSource) => searchText([...aircraftTypeParts(r), ...pinyinWords(r.name_zh)]);

/**
 * What a photo is found by in the gallery for its airport, airline and type: codes, whole names, short
 * names, and the stored search text's words (its pinyin; its name stems add no pair the whole names lack).
 */
type Stored = { search_text: string };
export const airportNameWords = (r: AirportSource & Stored) => nameWords([...airportParts(r), r.search_text]);
export const airlineNameWords = (r: AirlineSource & Stored) => nameWords([...airlineParts(r), r.search_text]);
export const aircraftTypeNameWords = (r: AircraftTypeSource & Stored) => nameWords([...aircraftTypeParts(r), r.search_text]);

const MANUFACTURER_SET = new Set(MANUFACTURER_WORDS.flatMap((group) => group.flatMap((w) => words(w))));

export interface QueryTerms {
  /** Every term must occur in a row's search text, in one of its spellings (东方航 or 东方). */
  terms: string[][];
  /** The query without manufacturer words, as whole words: `737` of `Boeing 737`, `国航`. */
  phrase: string;
}

/** 东方航 → 东方航 or 东方: a name's suffix half typed. 国航 stays 国航 (国 alone says too little). */
function spellings(term: string): string[] {
  if (!HAN.test(term)) return [term];
  const start = SUFFIX_STARTS.find((p) => term.endsWith(p) && [...term].length - [...p].length >= 2);
  return start ? [term, term.slice(0, -start.length)] : [term];
}

/** A selector query as terms: 首都机场 → 首都; 空客A320 → 空客, a320; 中国国际航空公司 → 中国, 国际. */
export function queryTerms(q: string): QueryTerms {
  const split = words(q).flatMap((w) => (HAN.test(w) ? splitSuffixes(w) : [w]));
  const kept = split.filter((w) => !DROPPED_FROM_QUERIES.has(w));
  const terms = [...new Set(kept.length > 0 ? kept : split)].slice(0, 8);
  const named = terms.filter((t) => !MANUFACTURER_SET.has(t));
  return { terms: terms.map(spellings), phrase: (named.length > 0 ? named : terms).join(' ') };
}
