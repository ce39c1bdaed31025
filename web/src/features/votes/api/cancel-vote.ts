import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { votePageKeys } from './keys.js';

/** Level 2 only (the server checks): the vote ends without a result. */
export function cancelVote(voteId: number): Promise<{ message: string }> {
  return action<{ message: string }>({ method: 'DELETE', path: `/votes/${voteId}` });
}

export function useCancelVote() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelVote, onSettled: () => client.invalidateQueries({ queryKey: votePageKeys.all }) });
}
