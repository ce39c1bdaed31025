import type { RefKind } from '@contract/reference';
import { referenceKeys } from '../../../lib/query-keys.js';

// The reference data page's query keys, under the selectors' `reference` root: every change to a
// kind refreshes the page's lists and every selector's searches together.
export const referenceDataKeys = {
  all: referenceKeys.all,
  pending: [...referenceKeys.all, 'pending'] as const,
  entries: (kind: RefKind, q: string) => [...referenceKeys.kind(kind), 'manage', q] as const,
};
