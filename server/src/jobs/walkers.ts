/**
 * The walkers: recurring job kinds that go through a queue or a table of their own in batches. The change
 * that brings one work nudges it (db/jobs-queue.ts: nudgeJob), so it runs at the next claim.
 */
export const WALKERS = { fanout: 'follow-fanout', reindex: 'search-reindex', airframeLink: 'airframe-link' } as const;
