import type { SiteStatus, updateSiteRequest } from '@contract/site';
import type { z } from '@contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { siteStatusQuery } from '../../../lib/site-status.js';

type UpdateSiteRequest = z.input<typeof updateSiteRequest>;
type UpdateSiteResponse = SiteStatus & { message: string };

/** PUT /admin/site: maintenance on or off for the whole site, with the message /maintenance shows. */
export function updateSite(body: UpdateSiteRequest): Promise<UpdateSiteResponse> {
  return action<UpdateSiteResponse>({ method: 'PUT', path: '/admin/site', json: body });
}

export function useUpdateSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSite,
    onSuccess: ({ maintenance, maintenanceMessage }) =>
      client.setQueryData(siteStatusQuery.queryKey, { maintenance, maintenanceMessage }),
  });
}
