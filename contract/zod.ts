import { z } from 'zod';

// Every validation message a user can see is Chinese (PRODUCT.md §6.1), on every endpoint and in
// every form. Custom texts on a schema still win; these cover zod's own issues, in plain Chinese
// rather than zod's zh-CN locale, which keeps English type names ("期望 string").
const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '是/否',
  array: '列表',
  object: '对象',
  date: '日期',
  null: '空值',
  undefined: '空',
  file: '文件',
};
const typeName = (t: unknown) => TYPE_NAMES[String(t)] ?? '正确的类型';

function sizeMessage(origin: unknown, bound: unknown, big: boolean): string {
  const n = Number(bound);
  if (origin === 'string') return big ? `最多 ${n} 个字符` : n <= 1 ? '不能为空' : `至少 ${n} 个字符`;
  if (origin === 'array' || origin === 'set') return big ? `最多 ${n} 项` : `至少 ${n} 项`;
  return big ? `不能大于 ${n}` : `不能小于 ${n}`;
}

const zhCN = z.locales.zhCN().localeError;

z.config({
  localeError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined ? '必填' : `类型有误：应为${typeName(issue.expected)}`;
      case 'too_big':
        return sizeMessage(issue.origin, issue.maximum, true);
      case 'too_small':
        return sizeMessage(issue.origin, issue.minimum, false);
      case 'invalid_value':
        return '取值无效';
      case 'invalid_format':
        return '格式不正确';
      case 'not_multiple_of':
        return '数值无效';
      case 'unrecognized_keys':
        // Named, so a client sending `suspended` for `suspend` sees which one; shortened, as they are the client's text.
        return `无法识别的字段：${issue.keys
          .slice(0, 3)
          .map((k) => k.slice(0, 40))
          .join('、')}${issue.keys.length > 3 ? ' 等' : ''}`;
      case 'invalid_union':
      case 'invalid_key':
      case 'invalid_element':
        return '输入有误';
      default:
        return zhCN(issue);
    }
  },
});

// NUL breaks PostgreSQL text, other C0/C1 controls (ESC starts terminal sequences in a log) have no
// place in what people write, and format characters are invisible: the bidirectional ones (U+202A–
// U+202E, U+2066–U+2069, U+200E/U+200F, U+061C) let a name display as something else, others hide text.
// Kept: tab and line breaks (multi-line texts), the zero-width joiner and the tag characters, which
// emoji sequences need (👩‍✈️, 🏴󠁧󠁢󠁳󠁣󠁴󠁿).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|(?![\u200D\u{E0020}-\u{E007F}])\p{Cf}/u;
const FORBIDDEN_CHARACTERS_ALL = new RegExp(FORBIDDEN_CHARACTERS.source, 'gu');
export const FORBIDDEN_CHARACTERS_MESSAGE = '不能包含控制字符或文字方向控制符';
const allowed = (v: string) => !FORBIDDEN_CHARACTERS.test(v);

/**
 * Text that did not come from a form (a camera's EXIF, an imported name): the same characters a
 * request may not hold are taken out rather than refused, then it is trimmed and cut to `max`.
 * Null when nothing is left.
 */
export function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const clean = value
    .slice(0, max * 4)
    .replace(FORBIDDEN_CHARACTERS_ALL, '')
    .trim()
    .slice(0, max);
  return clean || null;
}

/** Spaces around typed text are trimmed away, so they may take this much beyond a field's limit. */
export const TRIM_ALLOWANCE = 64;

/**
 * Every text field of a request, capped at `max` UTF-16 units (so at most 3 × `max` bytes of UTF-8).
 * Hostile input is cheap to send: the cap is the first check and it aborts, so no regex, trim,
 * grapheme count or database work ever sees a longer string — a 1 MB field costs one comparison.
 */
export const text = (max: number, message = `最多 ${max} 个字符`) =>
  z.string().max(max, { abort: true, message }).refine(allowed, FORBIDDEN_CHARACTERS_MESSAGE);

/** A short code matched by a pattern after trimming (the pattern holds its length): only capped here. */
export const trimmedCode = (max: number, message: string) =>
  z
    .string()
    .max(max + TRIM_ALLOWANCE, { abort: true, message })
    .refine(allowed, FORBIDDEN_CHARACTERS_MESSAGE)
    .trim();

/** Text a person types: capped first (with room for surrounding spaces), then trimmed, then held to `max`. */
export const trimmedText = (max: number, message = `最多 ${max} 个字符`) =>
  z
    .string()
    .max(max + TRIM_ALLOWANCE, { abort: true, message })
    .refine(allowed, FORBIDDEN_CHARACTERS_MESSAGE)
    .trim()
    .max(max, message);

/** For partial updates: a body naming no field changes nothing and is refused as such. */
export const somethingToChange = (body: object) => Object.values(body).some((v) => v !== undefined);

export { z };
