// The home feature's query keys (its NOTAM and photo lists are shared: lib/query-keys.ts).
export const homeKeys = {
  siteStats: ['site', 'stats'] as const,
  trending: ['photos', 'trending'] as const,
};
