import { DEFAULT_SETTINGS, type MeResponse, type PublicUser, type UserSettings } from '../../../../contract/accounts.js';
import { fromJson } from '../../db/json.js';
import type { UserRow } from '../../db/schema.js';
import type { AdminUser } from '../../../../contract/manage.js';

/**
 * A member's settings, the defaults filling what they never set (a deleted account's are `{}`). Read on
 * every sign-in and mail: a row edited by hand into something else falls back to the defaults, not a 500.
 */
export function parseSettings(raw: UserRow['settings']): UserSettings {
  try {
    const stored = fromJson(raw);
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...DEFAULT_SETTINGS, ...stored } : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** What an administrator sees of an account (PRODUCT.md §3.13); photo counts are added by the caller. */
export type AdminUserBase = Omit<AdminUser, 'acceptedPhotos' | 'decidedPhotos' | 'acceptanceRate'>;
export function presentAdminUser(u: UserRow): AdminUserBase {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    level: u.level,
    status: u.status,
    suspendedUntil: u.suspended_until === null ? null : Number(u.suspended_until),
    suspensionReason: u.suspension_reason,
    queueSlots: u.queue_slots,
    prioritySlots: u.priority_slots,
    createdAt: Number(u.created_at),
  };
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
    homeAirportId: u.home_airport_id,
    coverPhotoId: u.cover_photo_id,
  };
}

/** What the accounts module knows of a public profile; the gallery adds the photos' side. */
export type PublicUserBase = Pick<PublicUser, 'id' | 'username' | 'level' | 'createdAt' | 'ipRegion'> & {
  homeAirportId: number | null;
  coverPhotoId: number | null;
};

/** Never email, status details or slots (PRODUCT.md §6.2). */
export function presentPublicUser(
  u: Pick<UserRow, 'id' | 'username' | 'level' | 'created_at' | 'home_airport_id' | 'cover_photo_id' | 'ip_region'>,
): PublicUserBase {
  return {
    id: u.id,
    username: u.username,
    level: u.level,
    createdAt: u.created_at,
    ipRegion: u.ip_region,
    homeAirportId: u.home_airport_id,
    coverPhotoId: u.cover_photo_id,
  };
}
