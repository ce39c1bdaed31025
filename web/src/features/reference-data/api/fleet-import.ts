import type { FleetImportResponse } from '@contract/fleet-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';

/** POST /admin/fleet-import: a dry run says what would change; the import writes it (airframes and fleets refresh). */
export function useFleetImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { csv: string; dryRun: boolean }) =>
      action<FleetImportResponse>({ method: 'POST', path: '/admin/fleet-import', json: body }),
    onSuccess: (answer) => {
      if (!answer.dryRun) void client.invalidateQueries({ queryKey: ['airframes'] });
    },
  });
}
