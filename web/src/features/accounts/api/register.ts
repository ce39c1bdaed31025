import type { RegisterRequest, SessionResponse } from '@contract/accounts';
import { action } from '../../../lib/api.js';

export function register(body: RegisterRequest): Promise<SessionResponse> {
  return action<SessionResponse>({ method: 'POST', path: '/user/register', json: body });
}
