import type { PhoneCodeRequest, PhoneVerifyRequest } from '@contract/phones';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { myPhoneKey } from '../../../lib/phone.js';

export const useSendPhoneCode = () =>
  useMutation({
    mutationFn: (body: PhoneCodeRequest) =>
      action<{ message: string; resendSeconds: number }>({ method: 'POST', path: '/user/me/phone/code', json: body }),
  });

export function useVerifyPhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PhoneVerifyRequest) =>
      action<{ message: string }>({ method: 'POST', path: '/user/me/phone/verify', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: myPhoneKey }),
  });
}

export function useRemovePhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => action<{ message: string }>({ method: 'DELETE', path: '/user/me/phone' }),
    onSettled: () => client.invalidateQueries({ queryKey: myPhoneKey }),
  });
}
