import { REJECT_REASONS, type AppealInfo, type PhotoState } from '../../../../contract/photos.js';
import type { FactsCorrection, LockInfo, ScreeningEvent } from '../../../../contract/screening.js';
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

/** Names of reference entries and liveries by id, as the history shows the facts a step changed. */
export interface FactNames {
  types: Map<number, string>;
  airlines: Map<number, string>;
  airports: Map<number, string>;
  liveries: Map<number, string>;
}

/** The facts an event names by id, and where their names come from. */
const NAMED_FACTS = {
  aircraftTypeId: 'types',
  airlineId: 'airlines',
  airportId: 'airports',
  liveryId: 'liveries',
} as const satisfies Partial<Record<keyof FactsCorrection, keyof FactNames>>;

const isNamed = (field: string): field is keyof typeof NAMED_FACTS => field in NAMED_FACTS;

/** The ids these events' facts name, by where their names are found. */
export function idsNamedBy(events: ScreeningEvent[]): Record<keyof FactNames, number[]> {
  const ids: Record<keyof FactNames, Set<number>> = {
    types: new Set(),
    airlines: new Set(),
    airports: new Set(),
    liveries: new Set(),
  };
  for (const e of events) {
    for (const [field, pair] of Object.entries(e.facts)) {
      if (!isNamed(field)) continue;
      for (const v of pair) if (typeof v === 'number') ids[NAMED_FACTS[field]].add(v);
    }
  }
  return {
    types: [...ids.types],
    airlines: [...ids.airlines],
    airports: [...ids.airports],
    liveries: [...ids.liveries],
  };
}

/** The event with the names of the entries its facts name (null where none, or the entry is gone). */
export function withLabels(e: ScreeningEvent, names: FactNames): ScreeningEvent {
  const name = (field: keyof typeof NAMED_FACTS, v: unknown) =>
    typeof v === 'number' ? (names[NAMED_FACTS[field]].get(v) ?? null) : null;
  const labels: ScreeningEvent['labels'] = {};
  for (const [field, [before, after]] of Object.entries(e.facts)) {
    if (isNamed(field)) labels[field] = [name(field, before), name(field, after)];
  }
  return { ...e, labels };
}

/** One step of a photo's history; corrected facts by the contract's field names, decoded (names: withLabels). */
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
    labels: {},
    at: r.created_at,
  };
}
