// Where an upload's look-alikes are looked for (issue 37): the 64-bit perceptual hash, 16 hex digits,
// is cut into BANDS bands of four digits, each with its own index (migration 2026-11-28-01). Two hashes
// within `distance` bits differ in at most ⌊distance / BANDS⌋ bits of some band (were every band two
// bits apart, they would be 2 × BANDS apart), so probing each band's value and its neighbours within
// that many bits finds every look-alike, reading only the photos that share one of those values.

export const BANDS = 4;
const BAND_BITS = 16;

/** Bits a band may differ by and still hold a look-alike within `distance`. */
export const bandRadius = (distance: number) => Math.floor(distance / BANDS);

/** Each band's values to probe for a hash (lower-case hex, as stored): its own and those `radius` bits away. */
export function bandProbes(phash: string, distance: number): string[][] {
  const radius = bandRadius(distance);
  if (radius > 1) throw new Error(`bandProbes: radius ${radius} is not supported`);
  return Array.from({ length: BANDS }, (_, band) => {
    const value = parseInt(phash.slice(band * 4, band * 4 + 4), 16);
    const values = [value];
    if (radius === 1) for (let bit = 0; bit < BAND_BITS; bit++) values.push(value ^ (1 << bit));
    return values.map((v) => v.toString(16).padStart(4, '0'));
  });
}
