// Which aircraft a photo shows, from its registration, type, MSN and date (issue 22): the rule as a
// plain function over the airframes that could be it, so the upload, the acceptance and the walk over
// older photos all decide alike.

/** An airframe that might be the photo's: found by its MSN, or because it carried the registration. */
export interface Candidate {
  id: number;
  typeId: number | null;
  /** The type's ICAO designator: A320-214 and A320-232 are both A320. */
  typeIcao: string | null;
  msnKey: string | null;
  /** The days of its accepted photos under the photo's registration (null when found by MSN only). */
  span: { from: string; to: string } | null;
}

export interface PhotoIdentity {
  typeId: number | null;
  typeIcao: string | null;
  msnKey: string | null;
  takenOn: string;
}

export type Resolution =
  { outcome: 'match'; airframeId: number } | { outcome: 'new' } | { outcome: 'ambiguous'; candidateIds: number[] };

/** Same type, or the same ICAO designator, or one of them unknown. */
function typeFits(c: Candidate, p: PhotoIdentity): boolean {
  if (c.typeId === null || p.typeId === null || c.typeId === p.typeId) return true;
  return c.typeIcao !== null && c.typeIcao === p.typeIcao;
}

/** Of several airframes that carried the registration: the one whose photos under it surround the date. */
function byDate(candidates: Candidate[], takenOn: string): Resolution {
  const around = candidates.filter((c) => c.span && c.span.from <= takenOn && takenOn <= c.span.to);
  if (around.length === 1) return { outcome: 'match', airframeId: around[0]!.id };
  return { outcome: 'ambiguous', candidateIds: candidates.map((c) => c.id) };
}

function pick(candidates: Candidate[], takenOn: string): Resolution {
  if (candidates.length === 0) return { outcome: 'new' };
  if (candidates.length === 1) return { outcome: 'match', airframeId: candidates[0]!.id };
  return byDate(candidates, takenOn);
}

/**
 * `byMsn`: airframes with the photo's MSN; `byRegistration`: airframes that carried its registration.
 * An MSN decides first (a re-registered aircraft keeps it); an airframe under the registration with
 * another MSN is another aircraft (a registration given again); without an MSN the registration and
 * type decide, and when two aircraft fit, the date does — or a person must.
 */
export function resolveAirframe(p: PhotoIdentity, byMsn: Candidate[], byRegistration: Candidate[]): Resolution {
  if (p.msnKey !== null) {
    const sameMsn = byMsn.filter((c) => c.msnKey === p.msnKey && typeFits(c, p));
    if (sameMsn.length > 0) return pick(sameMsn, p.takenOn);
    return pick(
      byRegistration.filter((c) => c.msnKey === null && typeFits(c, p)),
      p.takenOn,
    );
  }
  return pick(
    byRegistration.filter((c) => typeFits(c, p)),
    p.takenOn,
  );
}
