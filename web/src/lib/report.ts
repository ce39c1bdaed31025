import type { NewReport } from '@contract/reports';
import { useMutation } from '@tanstack/react-query';
import { action } from './api.js';

/** 举报 (issue 38): a photo, a member or a message the member received; the photo, user and inbox pages send it. */
export function sendReport(body: NewReport): Promise<{ message: string }> {
  return action<{ message: string }>({ method: 'POST', path: '/reports', json: body });
}

export const useSendReport = () => useMutation({ mutationFn: sendReport });
