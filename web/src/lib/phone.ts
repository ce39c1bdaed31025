import type { MyPhone } from '@contract/phones';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api.js';

// The member's phone and whether the site asks for one (实名验证, issue 38): the upload page asks before
// its form, the settings show and change it.
export const myPhoneKey = ['me', 'phone'] as const;

export const myPhoneQuery = queryOptions({
  queryKey: myPhoneKey,
  queryFn: () => request<MyPhone>('GET', '/user/me/phone'),
  staleTime: 30_000,
});

export const useMyPhone = (enabled = true) => useQuery({ ...myPhoneQuery, enabled });

export { verifyPhonePath } from './navigation.js';
