/**
 * How registrations are written in the countries Chinese spotters meet most (issue 19, item 5): a
 * typed registration that does not look like its country's gets a hint with the likely spelling
 * (`B30EE` → `B-30EE`). A hint only: the server keeps what the member sends, and registrations of
 * other countries, or unusual ones (test and military marks), are not judged.
 */
interface Format {
  /** The country or region, as the hint names it. */
  country: string;
  /** What the format is, in words. */
  shape: string;
  /** The registration without separators; group 1 is the part after the prefix. */
  compact: RegExp;
  /** The prefix as written, with its hyphen when the country writes one. */
  prefix: string;
}

const FORMATS: readonly Format[] = [
  { country: '中国香港', shape: 'B-H、B-K 或 B-L 加 2 个字母', compact: /^B([HKL][A-Z]{2})$/, prefix: 'B-' },
  { country: '中国澳门', shape: 'B-M 加 2 个字母', compact: /^B(M[A-Z]{2})$/, prefix: 'B-' },
  { country: '中国台湾', shape: 'B- 加 5 位数字', compact: /^B(\d{5})$/, prefix: 'B-' },
  { country: '中国', shape: 'B- 加 4 位字母或数字', compact: /^B([0-9A-Z]{4})$/, prefix: 'B-' },
  { country: '日本', shape: 'JA 加 4 位，不带连字符', compact: /^JA([0-9A-Z]{4})$/, prefix: 'JA' },
  { country: '韩国', shape: 'HL 加 4 位数字，不带连字符', compact: /^HL(\d{4})$/, prefix: 'HL' },
  { country: '美国', shape: 'N 加 1–5 位，不带连字符', compact: /^N([1-9][0-9A-Z]{0,4})$/, prefix: 'N' },
  { country: '俄罗斯', shape: 'RA- 加 5 位数字', compact: /^RA(\d{5})$/, prefix: 'RA-' },
  { country: '越南', shape: 'VN-A 加 3 位数字', compact: /^VN(A\d{3})$/, prefix: 'VN-' },
  { country: '菲律宾', shape: 'RP-C 加 4 位数字', compact: /^RP(C\d{4})$/, prefix: 'RP-' },
  // Countries that write a prefix, a hyphen and a number of letters: [prefix, country, letters].
  ...(
    [
      ['9V', '新加坡', 3],
      ['9M', '马来西亚', 3],
      ['HS', '泰国', 3],
      ['PK', '印度尼西亚', 3],
      ['VT', '印度', 3],
      ['VH', '澳大利亚', 3],
      ['ZK', '新西兰', 3],
      ['A6', '阿联酋', 3],
      ['A7', '卡塔尔', 3],
      ['TC', '土耳其', 3],
      ['EI', '爱尔兰', 3],
      ['HB', '瑞士', 3],
      ['PH', '荷兰', 3],
      ['OE', '奥地利', 3],
      ['G', '英国', 4],
      ['D', '德国', 4],
      ['F', '法国', 4],
      ['C', '加拿大', 4],
      ['I', '意大利', 4],
    ] as const
  ).map(([prefix, country, letters]) => ({
    country,
    shape: `${prefix}- 加 ${letters} 个字母`,
    compact: new RegExp(`^${prefix}([A-Z]{${letters}})$`),
    prefix: `${prefix}-`,
  })),
];

export interface RegistrationHint {
  /** Said under the field. */
  message: string;
  /** The spelling the member most likely meant, when there is one. */
  likely: string | null;
}

/** A hint for a typed registration that does not look like its country's, or null when it does (or is unknown). */
export function registrationHint(typed: string): RegistrationHint | null {
  // A registration is at most 15 characters: anything longer is the field's own error, not a hint's.
  if (typed.length > 20) return null;
  const text = typed.trim().toUpperCase();
  if (!text) return null;
  const compact = text.replace(/[^A-Z0-9]/g, '');
  for (const f of FORMATS) {
    const m = f.compact.exec(compact);
    if (!m) continue;
    const likely = `${f.prefix}${m[1]}`;
    return likely === text ? null : { message: `${f.country}注册号的格式是 ${f.shape}，可能是 ${likely}`, likely };
  }
  // Until every country's formats are known, a Chinese-looking one that fits none is said at least.
  if (/^B-/.test(text) || /^B\d/.test(compact)) {
    return { message: '中国注册号的格式是 B- 加 4 位字母或数字（如 B-30EE），请核对', likely: null };
  }
  return null;
}
