import type { RefKind } from '@contract/reference';

// Query keys more than one feature reads or refreshes. A feature's own keys live in its
// api/keys.ts, built on these roots, so a refresh by prefix reaches every feature's copy.

export const photoKeys = {
  all: ['photos'] as const,
  one: (id: number) => ['photos', id] as const,
  /** An object URL of the private original: the screening page and the own queue show it. */
  original: (id: number | null) => ['photos', id, 'original'] as const,
  search: (params: Readonly<Record<string, string>>, limit: number | null) => ['photos', 'search', params, limit] as const,
};

/** Public member pages (accounts) that an edit or a deletion elsewhere changes. */
export const userKeys = { all: ['users'] as const };

/** The member's own queues (uploads) that an edit elsewhere changes. */
export const queueKeys = { all: ['queue'] as const };

export const notamKeys = {
  all: ['notams'] as const,
  /** The one the home page shows; /manage/notam marks it in its list. */
  current: ['notams', 'current'] as const,
};

/**
 * The maintenance switch's state as /manage/notam and the administrators' reminder on every page read
 * it. Not ['site', 'status']: the maintenance page reads that endpoint with a bare fetch and polls it.
 */
export const siteStatusKey = ['manage', 'site-status'] as const;

/** How to reach the team: /about and /AccountStop read it, /manage/notam sets it. */
export const siteContactKey = ['site', 'contact'] as const;
export const siteFilingsKey = ['site', 'filings'] as const;

export const referenceKeys = {
  all: ['reference'] as const,
  kind: (kind: RefKind) => ['reference', kind] as const,
  search: (kind: RefKind, q: string) => ['reference', kind, q] as const,
  /** The name a filter of /search shows for an entry or a member no result named. */
  label: (kind: string, id: number) => ['reference', 'label', kind, id] as const,
  /** The countries a suggestion picks from. */
  countries: ['reference', 'countries'] as const,
};

export const voteKeys = {
  all: ['votes'] as const,
  photo: (photoId: number) => ['votes', 'photo', photoId] as const,
};

/** Screening data: the screening feature's, and the photo page's screening history under it. */
export const screeningKeys = { all: ['screening'] as const };

/** Airframes as the facts form asks about them: which aircraft a photo's facts name, and liveries by name. */
export const airframeLookupKeys = {
  resolve: (params: Readonly<Record<string, string>>) => ['airframes', 'resolve', params] as const,
  liveries: (q: string) => ['airframes', 'liveries', q] as const,
};

/** The member's follows (the 关注 buttons on many pages) and the photos of them (/following). */
export const followKeys = {
  all: ['follows'] as const,
  mine: (userId: number | null) => ['follows', userId] as const,
  feed: (userId: number) => ['follows', userId, 'feed'] as const,
};

/** Photo of the week: the home page's hero, /potw's archive, the photo page's pick. */
export const potwKeys = {
  all: ['potw'] as const,
  current: ['potw', 'current'] as const,
  archive: ['potw', 'archive'] as const,
  upcoming: ['potw', 'upcoming'] as const,
};

/** 我的目击: a member's sightings and their summary; the airframe and photo pages' buttons read the viewer's. */
export const sightingKeys = {
  all: ['sightings'] as const,
  list: (userId: number, airframe: number | null) => ['sightings', userId, 'list', airframe] as const,
  summary: (userId: number) => ['sightings', userId, 'summary'] as const,
};

/** 收藏: a member's collections (with `photo`: which hold it), a collection's page. */
export const collectionKeys = {
  all: ['collections'] as const,
  ofUser: (userId: number, photo: number | null) => ['collections', 'user', userId, photo] as const,
  page: (id: number) => ['collections', id] as const,
};
