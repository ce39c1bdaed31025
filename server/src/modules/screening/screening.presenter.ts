import { REJECT_REASONS, type AppealInfo, type PhotoState } from '../../../../contract/photos.js';
import type { LockInfo, ScreeningEvent } from '../../../../contract/screening.js';
import { fromJson } from '../../db/json.js';
import type { AppealRow, ScreeningEventRow } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { factsByField } from '../photos/facts.js';

/** Screening rows → contract: the names the API speaks, never column names or JSON text. */

export function presentLock(l: { holder_id: number; username: string; expires_at: number }, viewer: AuthUser): LockInfo {
  return { holder: { id: l.holder_id, username: l.username }, expiresAt: l.expires_at, mine: l.holder_id === viewer.id };
}

export const presentAppeal = (a: AppealRow): AppealInfo => ({
  state: a.state,
  note: a.note,
  createdAt: a.created_at,
  decidedAt: a.decided_at,
});

export interface EventRow {
  id: number;
  actor_id: number | null;
  username: string | null;
  from_state: string | null;
  to_state: string;
  reasons: ScreeningEventRow['reasons'];
  message: string | null;
  facts: ScreeningEventRow['facts'];
  created_at: number;
}

/** One step of a photo's history; corrected facts by the contract's field names, decoded. */
export function presentEvent(r: EventRow): ScreeningEvent {
  const codes = fromJson(r.reasons);
  return {
    id: r.id,
    actor: r.actor_id !== null ? { id: r.actor_id, username: r.username ?? '' } : null,
    from: (r.from_state as PhotoState | null) ?? null,
    to: r.to_state as PhotoState,
    reasons: REJECT_REASONS.filter((x) => codes.includes(x.code)).map((x) => ({ code: x.code, title: x.title })),
    message: r.message,
    facts: factsByField(fromJson(r.facts)),
    at: r.created_at,
  };
}
