import type { RegisterRequest, SessionResponse } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { saveSession } from '../../../lib/session.js';

export function register(body: RegisterRequest): Promise<SessionResponse> {
  return action<SessionResponse>({ method: 'POST', path: '/user/register', json: body });
}

/** Registers and keeps the new member's session (registration logs in). */
export const useRegister = () => useMutation({ mutationFn: register, onSuccess: saveSession });
