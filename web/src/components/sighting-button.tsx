import { useState } from 'react';
import { Link } from 'react-router';
import { localDay } from '../lib/local-time.js';
import { openLoginDialog } from '../lib/login-dialog.js';
import { useMySightingsOf, useSightingChanges } from '../lib/sightings.js';
import { useSession } from '../lib/use-session.js';

/**
 * 我的目击 in one click, on an airframe's page or a photo's: a visitor is asked to log in; a member logs
 * the aircraft as seen today (their own day), or takes today's back. How often they saw it is beside it.
 */
export function SightingButton({ airframeId, className = '' }: { airframeId: number; className?: string }) {
  const session = useSession();
  const mine = useMySightingsOf(session?.id ?? null, airframeId);
  const { log, remove } = useSightingChanges();
  const items = mine.data?.items ?? [];
  // The member's own day, as they would write it; a page left open past midnight keeps the day it opened on.
  const [today] = useState(() => localDay(Date.now()));
  const todays = items.find((s) => s.seenOn === today);
  const busy = log.isPending || remove.isPending;
  const onClick = () => {
    if (!session) return openLoginDialog();
    if (todays) remove.mutate(todays.id);
    else log.mutate({ airframeId, seenOn: today });
  };
  const times = items.length + (mine.data?.nextCursor ? '+' : '');
  return (
    <span className={`sighting ${className}`}>
      <button
        type="button"
        className={`follow-btn${todays ? ' follow-btn-on' : ''}`}
        aria-pressed={!!todays}
        disabled={busy}
        onClick={onClick}
        title={todays ? '再点一次撤销今天的目击' : '记到我的目击'}
        data-testid="sighting-button"
      >
        {todays ? '今天见过 ✓' : '+ 见过'}
      </button>
      {items.length > 0 && session && (
        <Link className="muted sighting-count" to={`/user/${session.id}#sightings`} data-testid="sighting-count">
          你见过 {times} 次
        </Link>
      )}
    </span>
  );
}
