import type { SiteFilings, UpdateFilingsRequest } from '@contract/site';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { siteFilingsQuery } from '../../../lib/site-filings.js';

/** PUT /admin/site/filings: the footer's filing numbers; empty ones show nothing. */
export function updateFilings(body: UpdateFilingsRequest): Promise<SiteFilings & { message: string }> {
  return action({ method: 'PUT', path: '/admin/site/filings', json: body });
}

export function useUpdateFilings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateFilings,
    onSuccess: ({ message: _message, ...filings }) => client.setQueryData(siteFilingsQuery.queryKey, filings),
  });
}
