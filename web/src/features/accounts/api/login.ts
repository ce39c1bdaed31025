import type { LoginRequest, SessionResponse } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';
import { saveSession } from '../../../lib/session.js';

export function login(body: LoginRequest): Promise<SessionResponse> {
  return action<SessionResponse>({ method: 'POST', path: '/user/login', json: body });
}

/** Logs in and keeps the session; the shell reloads the page afterwards, so no query is kept. */
export const useLogin = () => useMutation({ mutationFn: login, onSuccess: saveSession });
