/**
 * Mode S addresses (ICAO 24-bit, "hex") of aircraft (issue 39, item 1): six hex digits, assigned by the
 * state of registry from its ICAO block (icao-blocks.ts). For a US registration the address follows
 * from the N-number by the FAA's published mapping (N1 = A00001 … N99999 = ADF7C7), both ways. Read
 * by the server (screeners' edits, members' suggestions, the photo API) and the browser (the forms).
 */
import { ICAO_BLOCKS } from './icao-blocks.js';
import { NATIONALITY_MARKS } from './nationality-marks.js';
import { registrationCountry } from './registrations.js';

export const MODE_S_MESSAGES = {
  format: 'Mode S 代码是 6 位十六进制数（0–9、A–F），如 780A1B',
} as const;

/** A typed address as stored (lower case, `0x` and spaces dropped), or null when it is not six hex digits. */
export function modeSOf(typed: string): string | null {
  if (typed.length > 20) return null;
  const v = typed.trim().toLowerCase().replace(/^0x/, '').replace(/\s+/g, '');
  // All zeros is no address (ICAO keeps it out of every block).
  return /^[0-9a-f]{6}$/.test(v) && v !== '000000' ? v : null;
}

/** As shown: upper case (780A1B). */
export const shownModeS = (hex: string) => hex.toUpperCase();

// The FAA's mapping: N, a digit 1–9, then up to four more characters. After each of the first three
// digits comes nothing, a suffix of one or two letters (no I or O), or another digit; after the
// fourth, nothing, one letter or a fifth digit. Each choice takes a run of addresses of this size.
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const SUFFIXES = 1 + LETTERS.length * (1 + LETTERS.length); // 601
const AFTER_FOURTH = 1 + LETTERS.length + 10; // 35
const RUNS = [101_711, 10_111, 951, AFTER_FOURTH];
const US_FIRST = 0xa00001;
const US_LAST = 0xadf7c7;

const hex6 = (n: number) => n.toString(16).padStart(6, '0');

/** The address an N-number maps to (`N12345` → a061d9), or null for no valid N-number. */
export function nNumberModeS(registration: string): string | null {
  const m = /^N([1-9][0-9A-Z]{0,4})$/.exec(registration.toUpperCase().replace(/[^A-Z0-9]/g, ''));
  if (!m) return null;
  const rest = m[1]!;
  let address = US_FIRST + (Number(rest[0]) - 1) * RUNS[0]!;
  for (let i = 1; i < rest.length; i++) {
    const c = rest[i]!;
    if (/\d/.test(c)) {
      address += i === 4 ? 1 + LETTERS.length + Number(c) : SUFFIXES + Number(c) * RUNS[i]!;
      continue;
    }
    // Letters end the N-number: two at most, one after the fourth digit.
    const tail = rest.slice(i);
    const at = [...tail].map((l) => LETTERS.indexOf(l));
    if (at.some((x) => x < 0) || tail.length > (i === 4 ? 1 : 2)) return null;
    address += i === 4 ? 1 + at[0]! : at[0]! * (LETTERS.length + 1) + 1 + (at.length === 2 ? at[1]! + 1 : 0);
    break;
  }
  return hex6(address);
}

/** The N-number an address of the US civil range maps to (a061d9 → N12345), or null outside it. */
export function modeSNNumber(hex: string): string | null {
  const value = parseInt(hex, 16);
  if (!/^[0-9a-f]{6}$/i.test(hex) || value < US_FIRST || value > US_LAST) return null;
  let n = value - US_FIRST;
  let reg = `N${Math.floor(n / RUNS[0]!) + 1}`;
  n %= RUNS[0]!;
  for (const next of RUNS.slice(1)) {
    if (n === 0) return reg;
    if (n < SUFFIXES) {
      const first = Math.floor((n - 1) / (LETTERS.length + 1));
      const second = (n - 1) % (LETTERS.length + 1);
      return reg + LETTERS[first]! + (second > 0 ? LETTERS[second - 1]! : '');
    }
    n -= SUFFIXES;
    reg += String(Math.floor(n / next));
    n %= next;
  }
  if (n === 0) return reg;
  return reg + (n <= LETTERS.length ? LETTERS[n - 1]! : String(n - LETTERS.length - 1));
}

/** Regions that assign from another state's block. */
const BLOCK_OF: Record<string, string> = { HK: 'CN', MO: 'CN', IM: 'GB', JE: 'GB', GG: 'GB' };
let blocks: Map<string, [number, number][]> | null = null;

/** The blocks of a state or region (ISO 3166 code), empty when ICAO lists none. */
export function blocksOf(iso: string): [number, number][] {
  if (!blocks) {
    blocks = new Map();
    for (const line of ICAO_BLOCKS.trim().split('\n')) {
      const [code, first, last] = line.split(' ') as [string, string, string];
      blocks.set(code, [...(blocks.get(code) ?? []), [parseInt(first, 16), parseInt(last, 16)]]);
    }
  }
  return blocks.get(BLOCK_OF[iso] ?? iso) ?? [];
}

/** The state or region whose block holds an address (ISO 3166 code), or null. */
export function stateOfModeS(hex: string): string | null {
  blocksOf('CN');
  const value = parseInt(hex, 16);
  // Taiwan's block lies inside no other; China's holds Hong Kong's and Macau's addresses.
  for (const [iso, ranges] of blocks!) if (ranges.some(([a, b]) => value >= a && value <= b)) return iso;
  return null;
}

/** The Chinese name of the state or region whose block holds an address, or null. */
export function stateNameOfModeS(hex: string): string | null {
  const iso = stateOfModeS(hex);
  return iso ? (NATIONALITY_MARKS.find((m) => m.iso === iso)?.country ?? null) : null;
}

/**
 * What is wrong with an address for an aircraft of this registration, in Chinese, or null. An N-number
 * must carry its own address; any other registration one from its state's block. A registration of no
 * known state (a military serial, 无注册号) is not checked beyond the form.
 */
export function modeSProblem(hex: string, registration: string | null): string | null {
  const address = modeSOf(hex);
  if (!address) return MODE_S_MESSAGES.format;
  if (!registration) return null;
  const computed = nNumberModeS(registration);
  if (computed) {
    return computed === address ? null : `美国注册号的 Mode S 代码由注册号算出：${registration} 是 ${shownModeS(computed)}`;
  }
  const state = registrationCountry(registration);
  const ranges = state ? blocksOf(state.iso) : [];
  const value = parseInt(address, 16);
  if (!state || ranges.length === 0 || ranges.some(([a, b]) => value >= a && value <= b)) return null;
  const spans = ranges.map(([a, b]) => `${shownModeS(hex6(a))}–${shownModeS(hex6(b))}`).join('、');
  return `${state.country}的 Mode S 代码在 ${spans} 之间，${shownModeS(address)} 不在其中`;
}

/**
 * The address of an aircraft as shown: under an N-number its own (one kept from an earlier registration
 * abroad no longer holds), else the one kept.
 */
export function effectiveModeS(stored: string | null, registration: string | null): string | null {
  return (registration ? nNumberModeS(registration) : null) ?? stored;
}
