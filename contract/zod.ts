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
        return '包含无法识别的字段';
      case 'invalid_union':
      case 'invalid_key':
      case 'invalid_element':
        return '输入有误';
      default:
        return zhCN(issue);
    }
  },
});

// NUL breaks PostgreSQL text and the bidirectional controls (U+202A–U+202E, U+2066–U+2069) let
// a name display as something else: no text a client sends may contain them.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const FORBIDDEN_CHARACTERS = /[\u0000\u202A-\u202E\u2066-\u2069]/;
export const FORBIDDEN_CHARACTERS_MESSAGE = '不能包含控制字符或文字方向控制符';

/** Every text field of a request: a string without NUL or bidirectional controls. */
export const text = () => z.string().refine((v) => !FORBIDDEN_CHARACTERS.test(v), FORBIDDEN_CHARACTERS_MESSAGE);

export { z };
