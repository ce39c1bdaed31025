import type { SuspensionAppeal } from '@contract/messages';
import { useMutation } from '@tanstack/react-query';
import { action } from '../../../lib/api.js';

/**
 * A suspended member's appeal to the administrators (`POST /messages/appeal`): named by the token the
 * suspension refused when the tab kept it, else by the email and password in the body.
 */
export function appealSuspension(appeal: SuspensionAppeal, token: string | null): Promise<{ message: string }> {
  return action<{ message: string }>({ method: 'POST', path: '/messages/appeal', json: appeal, bearer: token ?? undefined });
}

export const useAppealSuspension = (token: string | null) =>
  useMutation({ mutationFn: (appeal: SuspensionAppeal) => appealSuspension(appeal, token) });
