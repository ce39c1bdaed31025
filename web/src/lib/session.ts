import type { SessionResponse } from '@contract/accounts';

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

export function saveSession(session: Session): void {
  localStorage.setItem(KEY, JSON.stringify(session));
  listeners.forEach((l) => l());
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
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
