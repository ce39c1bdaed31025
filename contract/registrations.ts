/**
 * How registrations are written, country by country (issue 21, item 5; the marks in
 * nationality-marks.ts): a typed registration is written the way its country writes it (`b30ee` →
 * `B-30EE`, `n123ab` → `N123AB`), its country named, and one that fits no country's format gets a hint
 * under the field, with the likely spelling when there is one. The server writes a registration it is
 * sent the same way (contract/photos.ts); one that fits no country (military serials, 无注册号) is
 * kept as sent, upper-cased.
 */
import { NATIONALITY_MARKS, type NationalityMark } from './nationality-marks.js';

// A registration is at most 15 characters: anything much longer is the field's own error, not a hint's.
const LONGEST = 20;

const compactOf = (typed: string) => typed.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The marks a compact registration fits, the longest mark first (A9C before A9, 9XR before 9X). */
function fits(compact: string): NationalityMark[] {
  return NATIONALITY_MARKS.filter((m) => compact.startsWith(m.mark) && m.rest.test(compact.slice(m.mark.length))).sort(
    (a, b) => b.mark.length - a.mark.length,
  );
}

const written = (m: NationalityMark, compact: string) => `${m.mark}${m.joined ? '' : '-'}${compact.slice(m.mark.length)}`;

/** The registration as its country writes it (b30ee → B-30EE), or null when it fits no country's format. */
export function formatRegistration(typed: string): string | null {
  if (typed.length > LONGEST) return null;
  const compact = compactOf(typed);
  const [mark] = fits(compact);
  return mark ? written(mark, compact) : null;
}

/** The country or region a registration belongs to, by its mark and shape, or null. */
export function registrationCountry(registration: string): { country: string; iso: string } | null {
  if (registration.length > LONGEST) return null;
  const [mark] = fits(compactOf(registration));
  return mark ? { country: mark.country, iso: mark.iso } : null;
}

export interface RegistrationHint {
  /** Said under the field. */
  message: string;
  /** The spelling the member most likely meant, when there is one. */
  likely: string | null;
}

const format = (m: NationalityMark) => `${m.mark}${m.joined ? '' : '-'} 加 ${m.shape}${m.joined ? '，不带连字符' : ''}`;

/** A hint for a typed registration that is not written as its country writes it, or null when it is. */
export function registrationHint(typed: string): RegistrationHint | null {
  if (typed.length > LONGEST) return null;
  const text = typed.trim().toUpperCase();
  const compact = compactOf(text);
  // Digits alone are a military serial (20045), which is allowed as it is.
  if (!compact || /^\d+$/.test(compact)) return null;
  const [mark] = fits(compact);
  if (mark) {
    const likely = written(mark, compact);
    return likely === text ? null : { message: `${mark.country}注册号的格式是 ${format(mark)}，可能是 ${likely}`, likely };
  }
  // A known mark with a rest of the wrong shape: say that country's format (B: China's, the last B).
  const marked = NATIONALITY_MARKS.filter((m) => compact.startsWith(m.mark));
  const longest = Math.max(0, ...marked.map((m) => m.mark.length));
  const home = marked.filter((m) => m.mark.length === longest).at(-1);
  if (home) {
    return {
      message: `${home.country}注册号的格式是 ${format(home)}${home.example ? `（如 ${home.example}）` : ''}，请核对`,
      likely: null,
    };
  }
  return { message: '不像任何国家或地区的注册号格式，请核对（军机编号可照实填写）', likely: null };
}
