import { newReferenceItems, REF_KIND_NAMES, refItemLabel, type RefItem, type RefKind } from '@contract/reference';

export const KINDS = ['airports', 'airlines', 'aircraft-types'] as const satisfies readonly RefKind[];
export type DataTab = RefKind | 'pending' | 'airframes';
export const TABS: readonly DataTab[] = [...KINDS, 'pending', 'airframes'];

export const KIND_NAMES: Record<RefKind, string> = REF_KIND_NAMES;
export const TAB_NAMES: Record<DataTab, string> = { ...KIND_NAMES, pending: '待审核建议', airframes: '机身与涂装' };

export interface FieldDef {
  name: string;
  /** The form's label. */
  label: string;
  /** The table's column heading. */
  column: string;
  /** Codes are short and uppercase: a narrow column. */
  code?: boolean;
}

// The fields of §3.11, in the order a screener reads them: codes first, then names.
export const FIELDS: Record<RefKind, FieldDef[]> = {
  airports: [
    { name: 'icao', label: 'ICAO 代码（4 位）', column: 'ICAO', code: true },
    { name: 'iata', label: 'IATA 代码（3 位）', column: 'IATA', code: true },
    { name: 'nameZh', label: '中文名', column: '中文名' },
    { name: 'nameEn', label: '英文名', column: '英文名' },
    { name: 'city', label: '城市', column: '城市' },
    { name: 'country', label: '国家/地区', column: '国家/地区' },
  ],
  airlines: [
    { name: 'icao', label: 'ICAO 代码（3 位）', column: 'ICAO', code: true },
    { name: 'iata', label: 'IATA 代码（2 位）', column: 'IATA', code: true },
    { name: 'nameZh', label: '中文名', column: '中文名' },
    { name: 'nameEn', label: '英文名', column: '英文名' },
    { name: 'country', label: '国家/地区', column: '国家/地区' },
  ],
  'aircraft-types': [
    { name: 'icao', label: 'ICAO 代码（2–4 位）', column: 'ICAO', code: true },
    { name: 'manufacturerZh', label: '制造商（中文）', column: '制造商（中文）' },
    { name: 'manufacturerEn', label: '制造商（英文）', column: '制造商（英文）' },
    { name: 'typeName', label: '机型', column: '机型' },
    { name: 'variant', label: '子型号', column: '子型号' },
  ],
};

/** The one line that names an entry, as the selectors show it. */
export function entryLabel(kind: RefKind, item: RefItem): string {
  return refItemLabel(kind, item);
}

/** A field's value as text; '' for none. */
export function fieldValue(item: RefItem, name: string): string {
  const value = (item as unknown as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/** A field's value as a list shows it: the country in Chinese (`countryName`), the rest as stored. */
export function shownValue(item: RefItem, name: string, countryName: (name: string) => string): string {
  const value = fieldValue(item, name);
  return name === 'country' && value ? countryName(value) : value;
}

/** The form's starting values: every field as text. */
export function formValues(kind: RefKind, item?: RefItem): Record<string, string> {
  return Object.fromEntries(FIELDS[kind].map((f) => [f.name, item ? fieldValue(item, f.name) : '']));
}

export type FormCheck = { ok: true; body: Record<string, string> } | { ok: false; fields: { name: string; errors: string[] }[] };

/**
 * Checks a form against the contract's own schema before anything is sent, so a bad code gets the
 * server's exact message at once. Every field is sent trimmed; '' clears a field when editing.
 */
export function checkForm(kind: RefKind, values: Record<string, string | undefined>): FormCheck {
  const body = Object.fromEntries(FIELDS[kind].map((f) => [f.name, (values[f.name] ?? '').trim()]));
  const parsed = newReferenceItems[kind].safeParse(body);
  if (parsed.success) return { ok: true, body };
  const byField = new Map<string, string[]>();
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? FIELDS[kind][0]!.name);
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return { ok: false, fields: [...byField].map(([name, errors]) => ({ name, errors })) };
}
