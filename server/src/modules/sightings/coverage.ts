import { SIGHTING_LIMITS } from '../../../../contract/sightings.js';

// 我的目击's counts, from the aircraft a member has seen and those they have photographed: the distinct
// aircraft, the registrations matched to none, the tallies by airline and by type, and per fleet (an
// airline's aircraft of one type) how many were seen and photographed, the fullest fleets first.

interface Seen {
  airframe_id: number | null;
  registration: string;
  airline_id: number | null;
  aircraft_type_id: number | null;
}
interface Shot {
  airline_id: number | null;
  aircraft_type_id: number | null;
}
type Aircraft = { airline: number | null; type: number | null };

export function coverageOf(seen: Seen[], shot: Shot[]) {
  const aircraft = new Map<number, Aircraft>();
  for (const s of seen)
    if (s.airframe_id !== null) aircraft.set(s.airframe_id, { airline: s.airline_id, type: s.aircraft_type_id });
  const unmatched = new Set(seen.filter((s) => s.airframe_id === null).map((s) => s.registration)).size;
  const tally = (key: keyof Aircraft) => {
    const counts = new Map<number | null, number>();
    for (const a of aircraft.values()) counts.set(a[key], (counts.get(a[key]) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 20);
  };
  const fleets = new Map<string, { airline: number; type: number | null; seen: number; photographed: number }>();
  const count = (a: Aircraft, field: 'seen' | 'photographed') => {
    if (a.airline === null) return;
    const key = `${a.airline} ${a.type}`;
    const f = fleets.get(key) ?? { airline: a.airline, type: a.type, seen: 0, photographed: 0 };
    f[field]++;
    fleets.set(key, f);
  };
  for (const a of aircraft.values()) count(a, 'seen');
  for (const p of shot) count({ airline: p.airline_id, type: p.aircraft_type_id }, 'photographed');
  const shown = [...fleets.values()]
    .sort((a, b) => b.seen + b.photographed - (a.seen + a.photographed))
    .slice(0, SIGHTING_LIMITS.fleetsShown);
  return { aircraft, unmatched, tally, shown };
}
