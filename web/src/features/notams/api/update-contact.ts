import type { SiteContact, updateContactRequest } from '@contract/site';
import type { z } from '@contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { siteContactQuery } from '../../../lib/site-contact.js';

/** PUT /admin/site/contact: how /about and /AccountStop say to reach the team; empty goes back to SITE_CONTACT. */
export function updateContact(body: z.input<typeof updateContactRequest>): Promise<SiteContact & { message: string }> {
  return action({ method: 'PUT', path: '/admin/site/contact', json: body });
}

export function useUpdateContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: ({ contact }) => client.setQueryData(siteContactQuery.queryKey, { contact }),
  });
}
