import { LEVELS } from '../../../contract/limits.js';

/** Whoever asks: a signed-in member (their id and level) or nobody. */
export type Viewer = { id: number; level: number } | null;

/** The viewer's level is at least `level` (nobody is below every level). */
export const atLeast = (viewer: Viewer, level: number): boolean => (viewer?.level ?? -1) >= level;

export { LEVELS };
