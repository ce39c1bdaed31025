import { PHOTO_STATE_NAMES } from '../../../contract/catalogues.js';
import { SCREENING_MESSAGES } from '../../../contract/screening.js';
import type { PhotoState } from '../../../contract/photos.js';
import { atLeast, LEVELS, type Viewer } from './viewer.js';

const WAITING: PhotoState[] = ['pending', 'escalated', 'appealed'];

/** Screening (PRODUCT.md §3.8–3.10): who screens what. */
export const screening = {
  /** The queue, claims, locks and decisions (the routes' level). */
  level: LEVELS.screener,
  /** Revoking an accepted photo's acceptance (its route's level). */
  revokeLevel: LEVELS.senior,
  mayScreen: (viewer: Viewer): boolean => atLeast(viewer, LEVELS.screener),
  /** The states a screener's claim takes from the queue: escalations and appeals wait for a senior. */
  claimableStates: (viewer: Viewer): PhotoState[] => (atLeast(viewer, LEVELS.senior) ? WAITING : ['pending']),
  /** A lifecycle step asks at least `level`. */
  mayTake: (viewer: Viewer, level: number): boolean => atLeast(viewer, level),
  /**
   * Why the screening page is read-only for this viewer when the server allows them nothing: the page
   * says it in words instead of working it out from levels.
   */
  readOnlyReason(viewer: Viewer, photo: { state: PhotoState; uploaderId: number }, allowed: readonly string[]): string | null {
    if (allowed.length > 0) return null;
    if (!WAITING.includes(photo.state)) return `这张照片${PHOTO_STATE_NAMES[photo.state]}，无需审核`;
    if (viewer?.id === photo.uploaderId) return SCREENING_MESSAGES.ownPhoto;
    if (!atLeast(viewer, LEVELS.senior)) return SCREENING_MESSAGES.seniorOnly;
    if (photo.state === 'appealed') return SCREENING_MESSAGES.appealByRejecter;
    return SCREENING_MESSAGES.notDecidable;
  },
};
