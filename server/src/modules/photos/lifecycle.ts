import { LEVELS } from '../../../../contract/limits.js';
import type { PhotoState } from '../../../../contract/photos.js';

/**
 * The photo lifecycle of PRODUCT.md §4.1 as one table: every legal (state, action) pair, who may take
 * it and the level it needs. Every state change of a photo goes through `PhotoLifecycle.transition`,
 * which refuses anything not listed here (409) or taken below the level (403).
 */
export type PhotoAction =
  | 'accept'
  | 'reject'
  | 'escalate'
  | 'revoke'
  | 'undo'
  | 'appeal'
  | 'withdraw'
  | 'delete'
  | 'edit-key-facts'
  | 'hide'
  | 'takedown'
  | 'restore';

export interface LifecycleRule {
  action: PhotoAction;
  from: PhotoState;
  to: PhotoState;
  /**
   * `screener`: anyone of the level but the uploader, on the screening page; `moderator`: the same, on the
   * report queue (issue 38); `owner`: the uploader only; `reports`: the site itself, when enough members
   * report a photo (the event has no actor).
   */
  by: 'screener' | 'moderator' | 'owner' | 'reports';
  level: number;
}

const LIVE: PhotoState[] = ['pending', 'escalated', 'accepted', 'rejected', 'appealed'];

export const LIFECYCLE: readonly LifecycleRule[] = [
  { action: 'accept', from: 'pending', to: 'accepted', by: 'screener', level: LEVELS.screener },
  { action: 'reject', from: 'pending', to: 'rejected', by: 'screener', level: LEVELS.screener },
  { action: 'escalate', from: 'pending', to: 'escalated', by: 'screener', level: LEVELS.screener },
  { action: 'accept', from: 'escalated', to: 'accepted', by: 'screener', level: LEVELS.senior },
  { action: 'reject', from: 'escalated', to: 'rejected', by: 'screener', level: LEVELS.senior },
  // An appeal's result is final: appealed → rejected cannot be appealed again (one appeal per photo).
  { action: 'accept', from: 'appealed', to: 'accepted', by: 'screener', level: LEVELS.senior },
  { action: 'reject', from: 'appealed', to: 'rejected', by: 'screener', level: LEVELS.senior },
  { action: 'revoke', from: 'accepted', to: 'pending', by: 'screener', level: LEVELS.senior },
  // The screener who accepted or rejected takes it back within seconds (issue 34): the photo waits where
  // it waited (DecisionsService.undo says which). An appeal's result stays final.
  { action: 'undo', from: 'accepted', to: 'pending', by: 'screener', level: LEVELS.screener },
  { action: 'undo', from: 'rejected', to: 'pending', by: 'screener', level: LEVELS.screener },
  { action: 'undo', from: 'accepted', to: 'escalated', by: 'screener', level: LEVELS.senior },
  { action: 'undo', from: 'rejected', to: 'escalated', by: 'screener', level: LEVELS.senior },
  { action: 'appeal', from: 'rejected', to: 'appealed', by: 'owner', level: LEVELS.member },
  // 举报 (issue 38, ADR 0043): reports from enough established members hide an accepted photo until a
  // screener decides on the report queue: withhold it (rejected, so its owner sees why and may appeal) or
  // put it back. A screener may also withhold a reported photo still in the gallery.
  { action: 'hide', from: 'accepted', to: 'pending', by: 'reports', level: LEVELS.member },
  { action: 'takedown', from: 'accepted', to: 'rejected', by: 'moderator', level: LEVELS.screener },
  { action: 'takedown', from: 'pending', to: 'rejected', by: 'moderator', level: LEVELS.screener },
  { action: 'restore', from: 'pending', to: 'accepted', by: 'moderator', level: LEVELS.screener },
  { action: 'edit-key-facts', from: 'accepted', to: 'pending', by: 'owner', level: LEVELS.member },
  ...LIVE.map((from): LifecycleRule => ({ action: 'withdraw', from, to: 'withdrawn', by: 'owner', level: LEVELS.member })),
  ...[...LIVE, 'withdrawn' as const].map((from): LifecycleRule => ({
    action: 'delete',
    from,
    to: 'deleted',
    by: 'owner',
    level: LEVELS.member,
  })),
];

/** The rule of `action` from `from` (to `to`, where an action leads to more than one state: undo). */
export function ruleFor(from: PhotoState, action: PhotoAction, to?: PhotoState): LifecycleRule | undefined {
  return LIFECYCLE.find((r) => r.from === from && r.action === action && (to === undefined || r.to === to));
}

/** The screening decisions a viewer of `level` may take on a photo in `state` (for the page's buttons). */
export function decisionsFor(state: PhotoState, level: number): PhotoAction[] {
  return LIFECYCLE.filter((r) => r.from === state && r.by === 'screener' && level >= r.level).map((r) => r.action);
}
