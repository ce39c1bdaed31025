import { atLeast, LEVELS, type Viewer } from './viewer.js';

/** Editor's-choice votes (PRODUCT.md §3.12): screeners take part, senior screeners may cancel. */
export const votes = {
  /** Seeing votes, opening one, a ballot (the routes' level). */
  level: LEVELS.screener,
  mayOpen: (viewer: Viewer): boolean => atLeast(viewer, LEVELS.screener),
  /** Cancelling an open vote (its route's level). */
  cancelLevel: LEVELS.senior,
  mayCancel: (viewer: Viewer): boolean => atLeast(viewer, LEVELS.senior),
};
