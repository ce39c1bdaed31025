import type { RegistrationLookup } from '@contract/photos';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { uploadKeys } from './keys.js';

/** The latest accepted photo's facts for a registration, or null when it has none yet. */
export async function lookupRegistration(registration: string): Promise<RegistrationLookup | null> {
  const answer = await request<RegistrationLookup>('GET', `/registrations/${encodeURIComponent(registration)}`, undefined, {
    quiet: true,
  });
  return answer.found ? answer : null;
}

export const registrationQuery = (registration: string | null) =>
  queryOptions({
    queryKey: uploadKeys.registration(registration),
    queryFn: registration === null ? skipToken : () => lookupRegistration(registration),
    retry: false,
  });

export const useRegistrationLookup = (registration: string | null) => useQuery(registrationQuery(registration));
