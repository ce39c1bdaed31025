import { atLeast, LEVELS, type Viewer } from './viewer.js';

/** Photo of the week: senior screeners pick it and see the weeks picked ahead. */
export const potw = {
  /** Picking, changing and seeing the weeks ahead (the routes' level). */
  level: LEVELS.senior,
  mayPick: (viewer: Viewer): boolean => atLeast(viewer, LEVELS.senior),
};
