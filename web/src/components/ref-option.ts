import { refItemLabel, type RefItem, type RefKind } from '@contract/reference';
import { useState } from 'react';
import { useReferenceSearch } from '../lib/search-reference.js';
import { useDebouncedValue } from '../lib/use-debounced-value.js';

/** A reference entry as a form holds it: its id and the label it is shown by. */
export interface RefOption {
  value: number;
  label: string;
}

/** An entry as a choice, a suggestion not yet reviewed said so. */
export function optionOf<K extends RefKind>(kind: K, item: RefItem<K>): RefOption {
  return { value: item.id, label: refItemLabel(kind, item) + (item.status === 'pending' ? '（待审核）' : '') };
}

/**
 * A selector's search over reference data: what is typed, the entries it finds once typing pauses (less
 * `exclude`), and what was typed when 建议新增 was chosen, which the dialog copies into the right field.
 */
export function useEntrySearch(kind: RefKind, exclude?: number) {
  const [typed, setTyped] = useState('');
  const query = typed.trim();
  const settled = useDebouncedValue(query, 200);
  const search = useReferenceSearch(kind, settled);
  const [suggesting, setSuggesting] = useState<string | null>(null);
  const searching = query !== settled || search.isFetching;
  const options = search.data?.items.filter((item) => item.id !== exclude).map((item) => optionOf(kind, item)) ?? [];
  return { typed, setTyped, query, searching, options, suggesting, setSuggesting };
}
