import type { ResolveReport } from '@contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { photoKeys } from '../../../lib/query-keys.js';
import { reportKeys } from './keys.js';

/** A screener's decision on one thing's open reports (any of its report ids names it). */
export function resolveReport({ id, ...body }: { id: number } & Partial<ResolveReport>): Promise<{ message: string }> {
  return action<{ message: string }>({ method: 'POST', path: `/manage/reports/${id}/resolve`, json: body });
}

export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: reportKeys.all }),
        client.invalidateQueries({ queryKey: photoKeys.all }),
      ]);
    },
  });
}
