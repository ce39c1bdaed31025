import type { BallotRequest, Vote } from '@contract/manage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { votePageKeys } from './keys.js';

/** One ballot per screener: casting again changes it while the vote is open. */
export function castBallot(voteId: number, value: BallotRequest['value']): Promise<{ message: string; vote: Vote }> {
  return action<{ message: string; vote: Vote }>({ method: 'POST', path: `/votes/${voteId}/ballot`, json: { value } });
}

export function useCastBallot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ voteId, value }: { voteId: number; value: BallotRequest['value'] }) => castBallot(voteId, value),
    onSettled: () => client.invalidateQueries({ queryKey: votePageKeys.all }),
  });
}
