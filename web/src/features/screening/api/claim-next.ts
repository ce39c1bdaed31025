import type { nextResponse } from '@contract/screening';
import type { z } from '@contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { screeningKeys } from './keys.js';

type NextResponse = z.infer<typeof nextResponse>;

/** Claims the next photo (priority first, then oldest) under a 5-minute lock; null when none is left. */
export function claimNext(): Promise<NextResponse> {
  return request<NextResponse>('POST', '/screening/next');
}

export function useClaimNext() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimNext,
    onSuccess: () => client.invalidateQueries({ queryKey: screeningKeys.queue }),
  });
}
