import type { AircraftType, Airline, Airport } from '@contract/reference';
import { action, request } from '../../../lib/api.js';

export type RefKind = 'airports' | 'airlines' | 'aircraft-types';
export type RefItem<K extends RefKind> = K extends 'airports' ? Airport : K extends 'airlines' ? Airline : AircraftType;

export function searchReference<K extends RefKind>(kind: K, q: string) {
  return request<{ items: RefItem<K>[]; nextCursor: string | null }>('GET', `/${kind}?q=${encodeURIComponent(q)}&limit=20`);
}

export function suggestReference<K extends RefKind>(kind: K, body: Record<string, string>) {
  return action<{ message: string; item: RefItem<K> }>({ method: 'POST', path: `/${kind}`, json: body });
}
