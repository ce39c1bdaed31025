import type { SessionResponse } from '@contract/accounts';
import { MEMBER_COOKIE } from '@contract/limits';

/** The shell's session: the whole login response under localStorage.userInfo (PRODUCT.md §2.3). */
export type Session = SessionResponse;

const KEY = 'userInfo';
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: Session | null = null;

export function readSession(): Session | null {
  const raw = localStorage.getItem(KEY);
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as Session) : null;
    cached =
      parsed && typeof parsed.token === 'string' && typeof parsed.permission === 'number' && typeof parsed.expireTime === 'number'
        ? parsed
        : null;
  } catch {
    cached = null;
  }
  return cached;
}

/**
 * The member hint the server reads (MEMBER_COOKIE) follows the stored session: set until it expires,
 * removed with it. Not a credential: it only asks for the app's shell instead of a visitor's HTML.
 */
export function syncMemberCookie(session: Session | null = readSession()): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const seconds = session ? Math.floor((session.expireTime - Date.now()) / 1000) : 0;
  document.cookie =
    seconds > 0
      ? `${MEMBER_COOKIE}=1; Path=/; Max-Age=${seconds}; SameSite=Lax${secure}`
      : `${MEMBER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

export function saveSession(session: Session): void {
  localStorage.setItem(KEY, JSON.stringify(session));
  syncMemberCookie(session);
  listeners.forEach((l) => l());
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
  syncMemberCookie(null);
  listeners.forEach((l) => l());
}

export function isExpired(session: Session, now = Date.now()): boolean {
  return session.expireTime <= now;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
