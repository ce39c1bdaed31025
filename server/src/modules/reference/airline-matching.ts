import type { CuratedAirline } from './curated-data.js';

// Which imported airline a curated entry names (issue 21, item 2). Airline codes are reused: TBA was
// Transbrasil's before it was Tibet Airlines', KNA Knight Air's before Kunming Airlines'. A curated
// entry attaches to the row of its own country with its code, a flying one first; else to the row an
// earlier import gave its Chinese name (members picked that row as 西藏航空: their photos stay with
// it); else it becomes a row of its own. Any other row still flying under an ICAO code a curated
// airline holds is marked as no longer flying, so no two flying airlines share one. (IATA codes are
// shared on purpose — a cargo arm flies under its parent's — and retire nobody.)

export interface ImportedAirline {
  externalId: string;
  icao: string | null;
  iata: string | null;
  country: string | null;
  active: boolean;
  /** The Chinese name the row holds from an earlier import, if any. */
  namedZh: string | null;
}

export interface AirlineMatch {
  /** The imported row each curated entry attaches to (by index in the curated list), or none. */
  attached: Map<number, string>;
  /** Imported rows that no longer fly, whatever the data says. */
  retired: Set<string>;
}

export function matchCuratedAirlines(curated: CuratedAirline[], imported: ImportedAirline[]): AirlineMatch {
  const byIcao = new Map<string, ImportedAirline[]>();
  for (const row of imported) if (row.icao) byIcao.set(row.icao, [...(byIcao.get(row.icao) ?? []), row]);
  const attached = new Map<number, string>();
  curated.forEach((entry, i) => {
    const sameCountry = (entry.icao ? (byIcao.get(entry.icao) ?? []) : []).filter((r) => r.country === entry.country);
    const named = entry.icao ? (byIcao.get(entry.icao) ?? []).find((r) => r.namedZh === entry.nameZh) : undefined;
    const pick = sameCountry.find((r) => r.active) ?? sameCountry[0] ?? named;
    if (pick) attached.set(i, pick.externalId);
  });

  const mine = new Set(attached.values());
  const heldIcao = new Set(curated.map((c) => c.icao).filter((c): c is string => c !== null));
  const retired = new Set<string>();
  for (const row of imported) {
    if (mine.has(row.externalId) || !row.active) continue;
    if (row.icao && heldIcao.has(row.icao)) retired.add(row.externalId);
  }
  // Among the rest, one flying airline per ICAO code: the data's newest entry (the highest id).
  for (const rows of byIcao.values()) {
    const flying = rows.filter((r) => r.active && !retired.has(r.externalId));
    if (flying.length < 2) continue;
    const keep = flying.find((r) => mine.has(r.externalId)) ?? flying[flying.length - 1]!;
    for (const r of flying) if (r !== keep) retired.add(r.externalId);
  }
  return { attached, retired };
}
