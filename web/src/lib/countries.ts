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
    return OWN_NAMES[code] ?? regionNames?.of(code) ?? null;
  } catch {
    return null;
  }
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
