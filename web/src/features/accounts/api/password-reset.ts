import type { ResetRequest } from '@contract/accounts';
import { action } from '../../../lib/api.js';

export function requestPasswordReset(email: string) {
  return action<{ message: string }>({ method: 'POST', path: '/user/password/forgot', json: { email } });
}

export function resetPassword(body: ResetRequest) {
  return action<{ message: string }>({ method: 'POST', path: '/user/password/reset', json: body });
}
