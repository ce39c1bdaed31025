import { notamKeys } from '../../../lib/query-keys.js';

// The NOTAM page's query keys. Every NOTAM change refreshes the whole `notams` root, the home
// page's current one (lib/current-notam.ts) with it.
export const notamPageKeys = {
  all: notamKeys.all,
  list: [...notamKeys.all, 'all'] as const,
};
