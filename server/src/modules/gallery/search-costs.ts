// The search planner's cost model (search-plan.ts): what each step of a search costs, measured.

/**
 * Costs in ms on SQLite at 1M photos (a 2 GB file) with the server's page cache, the pages of rows and
 * documents met at random (bench/gallery-scale.ts; memory-mapped reads would cut a row to a third, but a
 * read error would then end the process).
 */
export const COST = {
  /** An entry of a filter's covering index: every other filter and sort column is in it. */
  coveredEntry: 0.00004,
  /** A photo's row, read by id or from an index that does not cover the filters. */
  row: 0.002,
  /** A photo met by id in the index keyed by id, which carries every filter and sort column. */
  byId: 0.0005,
  /** Checking a photo's category by key, and its words in its document. */
  categoryProbe: 0.0005,
  textProbe: 0.004,
  /**
   * PostgreSQL's probe of a photo's words (a tsvector read and matched): walking the date-taken index
   * for a word of 5 % of 1M photos, 820 probes, cost 394 ms, where the entries naming it cost 4.
   */
  textProbePostgres: 0.1,
  /** A match of the words listed by the full-text index. */
  textMatch: 0.0007,
  /** Sorting one photo found by a gather. */
  sorted: 0.00005,
};
