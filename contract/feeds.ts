import { searchQuery } from './gallery.js';

// Atom feeds (issue 23, item 4): the newest accepted photos of any search — no filter is the latest
// photos, `user=` a photographer, `reg=`, `airframe=`, `airline=`, `airport=`, `type=` each follow
// target. The same query parameters as /search; always newest accepted first.

export const FEED_LIMITS = {
  /** Entries in a feed: the newest photos. */
  entries: 30,
  /** How long readers and proxies may keep a feed before asking again (they then get a 304 if unchanged). */
  maxAgeSeconds: 300,
} as const;

export const feedQuery = searchQuery.omit({ cursor: true, limit: true, sort: true });

export { FEED_PATH, feedPathOf } from './catalogues.js';
