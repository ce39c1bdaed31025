import type { LoginRequest, SessionResponse } from '@contract/accounts';
import { action } from '../../../lib/api.js';

export function login(body: LoginRequest): Promise<SessionResponse> {
  return action<SessionResponse>({ method: 'POST', path: '/user/login', json: body });
}
