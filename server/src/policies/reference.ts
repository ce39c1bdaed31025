import { atLeast, LEVELS, type Viewer } from './viewer.js';

/** Airports, airlines, aircraft types, airframes and liveries: members suggest, screeners edit. */
export const reference = {
  /** Suggesting an entry (the routes' level). */
  suggestLevel: LEVELS.member,
  /** Editing, merging, deleting, reviewing suggestions, placing photos on airframes (the routes' level). */
  editLevel: LEVELS.screener,
  /** Importing a fleet list (issue 39): many aircraft at once, administrators only. */
  importLevel: LEVELS.admin,
  /** A screener's addition is available at once; a member's waits for review. */
  addsDirectly: (viewer: Viewer): boolean => atLeast(viewer, LEVELS.screener),
};
