import { DEFAULT_SETTINGS, type MeResponse, type PublicUser, type UserSettings } from '../../../../contract/accounts.js';
import type { UserRow } from '../../db/schema.js';

export function parseSettings(raw: string): UserSettings {
  try {
    return { ...DEFAULT_SETTINGS, ...(JSON.parse(raw) as Partial<UserSettings>) };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function presentMe(u: UserRow): MeResponse {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    level: u.level,
    createdAt: u.created_at,
    queueSlots: u.queue_slots,
    prioritySlots: u.priority_slots,
    settings: parseSettings(u.settings),
  };
}

/** Never email, status details or slots (PRODUCT.md §6.2). */
export function presentPublicUser(u: Pick<UserRow, 'id' | 'username' | 'level' | 'created_at'>): PublicUser {
  return { id: u.id, username: u.username, level: u.level, createdAt: u.created_at };
}
