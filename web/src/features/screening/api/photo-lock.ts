import type { lockResponse } from '@contract/screening';
import type { z } from '@contract/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, request } from '../../../lib/api.js';
import type { MessageBody } from '@contract/errors';
import { screeningKeys } from './keys.js';

type LockResponse = z.infer<typeof lockResponse>;

// Quiet: the page itself says who holds the photo or that the lock was lost.
export function takeLock(id: number): Promise<LockResponse> {
  return request<LockResponse>('POST', `/screening/photos/${id}/lock`, undefined, { quiet: true });
}

export function renewLock(id: number): Promise<LockResponse> {
  return request<LockResponse>('PUT', `/screening/photos/${id}/lock`, undefined, { quiet: true });
}

/** keepalive: sent on pagehide, the request must outlive the page. */
export function releaseLock(id: number, keepalive = false): Promise<MessageBody> {
  return request<MessageBody>('DELETE', `/screening/photos/${id}/lock`, undefined, { quiet: true, keepalive });
}

/** Renewed well within the 5-minute expiry, so one slow answer never loses it. */
const RENEW_MS = 2 * 60_000;

// Releases put off by one tick: React's development double mount takes the same lock again at once,
// and a DELETE overtaking that POST would leave the photo unlocked.
const pendingRelease = new Map<number, ReturnType<typeof setTimeout>>();

export type LockState =
  { status: 'idle' } | { status: 'mine' } | { status: 'refused'; message: string } | { status: 'lost'; message: string };

/**
 * Holds the screening lock on a photo while the page shows it (PRODUCT.md §4.3): taken on open,
 * renewed every 2 minutes, released on leave (unmount, pagehide) and taken again when the page
 * comes back from the back-forward cache.
 */
export function useScreeningLock(id: number, wanted: boolean): { state: LockState; retake: () => void } {
  const client = useQueryClient();
  const [state, setState] = useState<LockState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!wanted) return;
    clearTimeout(pendingRelease.get(id));
    pendingRelease.delete(id);
    let live = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    const failed = (status: 'refused' | 'lost') => (e: unknown) => {
      if (!live) return;
      clearInterval(timer);
      setState({ status, message: e instanceof ApiError ? e.message : String(e) });
      // The page's view shows who holds it now.
      void client.invalidateQueries({ queryKey: screeningKeys.photo(id) });
    };
    takeLock(id).then(() => {
      if (!live) return;
      setState({ status: 'mine' });
      timer = setInterval(() => renewLock(id).catch(failed('lost')), RENEW_MS);
    }, failed('refused'));
    const onPageHide = () => void releaseLock(id, true).catch(() => undefined);
    const onPageShow = (e: PageTransitionEvent) => e.persisted && setAttempt((n) => n + 1);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      pendingRelease.set(
        id,
        setTimeout(() => {
          pendingRelease.delete(id);
          void releaseLock(id).catch(() => undefined);
        }, 0),
      );
    };
  }, [id, wanted, attempt, client]);

  const retake = () => {
    setState({ status: 'idle' });
    setAttempt((n) => n + 1);
  };
  return { state, retake };
}
