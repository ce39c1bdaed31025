import type { RegistrationLookup } from '@contract/photos';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/api.js';

/** The latest accepted photo's facts for a registration, or null when it has none. */
export async function lookupRegistration(registration: string): Promise<RegistrationLookup | null> {
  try {
    return await request<RegistrationLookup>('GET', `/registrations/${encodeURIComponent(registration)}`, undefined, {
      quiet: true,
    });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export const registrationQuery = (registration: string | null) =>
  queryOptions({
    queryKey: ['registrations', registration],
    queryFn: registration === null ? skipToken : () => lookupRegistration(registration),
    retry: false,
  });

export const useRegistrationLookup = (registration: string | null) => useQuery(registrationQuery(registration));
