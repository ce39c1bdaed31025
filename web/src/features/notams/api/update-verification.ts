import type { SiteVerification } from '@contract/phones';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { action, request } from '../../../lib/api.js';
import { myPhoneKey } from '../../../lib/phone.js';

// 实名验证 (issue 38): whether publishing needs a verified phone; set on /manage/notam.
export const verificationQuery = queryOptions({
  queryKey: ['site', 'verification'] as const,
  queryFn: () => request<SiteVerification>('GET', '/site/verification'),
});

export function useUpdateVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteVerification) =>
      action<SiteVerification & { message: string }>({ method: 'PUT', path: '/admin/site/verification', json: body }),
    onSuccess: ({ message: _message, ...value }) => client.setQueryData(verificationQuery.queryKey, value),
    // Every member's own phone answer says whether it is required.
    onSettled: () => client.invalidateQueries({ queryKey: myPhoneKey }),
  });
}
