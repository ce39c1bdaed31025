import type { DecisionResponse } from '@contract/screening';
import { useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { screeningKeys } from './keys.js';

/** Takes back one's own acceptance or rejection within SCREENING_LIMITS.undoSeconds; the lock is one's own again. */
export function undoDecision(id: number): Promise<DecisionResponse> {
  return action<DecisionResponse>({ method: 'POST', path: `/screening/photos/${id}/undo` });
}

/**
 * The undo, callable from a notice that may outlive the page that decided (下一张 pressed meanwhile):
 * a plain function over the app's query client rather than a mutation bound to the page.
 */
export function useUndoDecision() {
  const client = useQueryClient();
  return async (id: number) => {
    const answer = await undoDecision(id);
    await client.invalidateQueries({ queryKey: screeningKeys.all });
    return answer;
  };
}
