import type { RegistrationLookup } from '@contract/photos';
import { request } from '../../../lib/api.js';

/** The latest accepted photo's facts for a registration, or null when it has none. */
export async function lookupRegistration(registration: string): Promise<RegistrationLookup | null> {
  try {
    return await request<RegistrationLookup>('GET', `/registrations/${encodeURIComponent(registration)}`, undefined, {
      quiet: true,
    });
  } catch {
    return null;
  }
}
