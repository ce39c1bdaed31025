import { atLeast, LEVELS, type Viewer } from './viewer.js';

/** Members' accounts as administrators run them (PRODUCT.md §3.13), and the site's own settings. */
export const members = {
  /** The users page, levels, suspensions, slots, sign-out, NOTAMs and the site's settings (the routes' level). */
  adminLevel: LEVELS.admin,
  /** The management dashboard (its route's level). */
  dashboardLevel: LEVELS.screener,
  isAdmin: (viewer: Viewer): boolean => atLeast(viewer, LEVELS.admin),
  /** An administrator never lowers their own level (a site would lose its last administrator by a slip). */
  maySetLevel: (actor: NonNullable<Viewer>, targetId: number, level: number): boolean =>
    atLeast(actor, LEVELS.admin) && !(targetId === actor.id && level < actor.level),
  /** Nor suspends themself. */
  maySuspend: (actor: NonNullable<Viewer>, targetId: number): boolean => atLeast(actor, LEVELS.admin) && targetId !== actor.id,
  /** What the dashboard offers this viewer besides the queues. */
  dashboard: (viewer: Viewer) => ({
    manageUsers: atLeast(viewer, LEVELS.admin),
    manageSite: atLeast(viewer, LEVELS.admin),
    jobs: atLeast(viewer, LEVELS.admin),
    importFleets: atLeast(viewer, LEVELS.admin),
  }),
};
