import { voteKeys } from '../../../lib/query-keys.js';

// The votes page's query keys, under the `votes` root the photo page's open vote shares.
export const votePageKeys = {
  all: voteKeys.all,
  list: (state: 'open' | 'closed') => [...voteKeys.all, 'list', state] as const,
};
