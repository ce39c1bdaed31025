import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type Session } from './session.js';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}
