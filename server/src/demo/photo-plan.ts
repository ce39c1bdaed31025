// One photo of the story: the aircraft as it was painted and registered that day, where and when it
// was taken, the light and framing, the camera's settings, and the categories and remark its
// photographer gives it.
import { CATEGORY_CODES } from '../../../contract/catalogues.js';
import { exifFor, REMARKS } from './cast.js';
import { AIRLINES, type Aircraft } from './fleet.js';
import { DAY, HOUR, pick, weighted } from './random.js';
import type { Framing, Light } from './scene.js';
import type { PlannedPhoto } from './story.js';

const chinaDate = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);
/** Airports where the grass stays green in winter. */
const SOUTH = new Set(['CAN', 'SZX', 'HKG', 'HAK', 'SYX', 'XMN', 'KMG', 'FOC']);
/** Airports with hills behind them. */
const HILLS = new Set(['KMG', 'CKG', 'HKG', 'URC', 'XMN', 'SYX', 'FOC', 'TAO', 'HGH', 'XIY']);

/** A photo of `aircraft` by `owner` at `airport`, uploaded at `uploadAt` (under its first registration when `before`). */
export function photoOf(
  rand: () => number,
  owner: number,
  aircraft: Aircraft,
  airport: string,
  uploadAt: number,
  before = false,
): PlannedPhoto {
  const old = aircraft.before && (before || uploadAt < aircraft.before.until) ? aircraft.before : null;
  const taken = uploadAt - rand() ** 2 * (old ? Math.min(10 * DAY, Math.max(0, old.until - uploadAt)) : 10 * DAY);
  const light = weighted<Light>(
    rand,
    ['noon', 'dawn', 'dusk', 'overcast', 'night'],
    (l) => ({ noon: 40, dawn: 15, dusk: 20, overcast: 20, night: 5 })[l],
  );
  const framing = weighted<Framing>(
    rand,
    ['taxi', 'takeoff', 'landing', 'flight', 'closeup', 'air-to-air'],
    (f) => ({ taxi: 25, takeoff: 22, landing: 25, flight: 15, closeup: 8, 'air-to-air': 2 })[f],
  );
  const takenOn = chinaDate(taken);
  const month = Number(takenOn.slice(5, 7));
  const clock =
    { dawn: 6, noon: 10, dusk: 17, overcast: 9, night: 20 }[light] +
    Math.floor(rand() * (light === 'noon' || light === 'overcast' ? 6 : 2));
  const takenAt = `${takenOn.replace(/-/g, ':')} ${String(clock).padStart(2, '0')}:${String(Math.floor(rand() * 60)).padStart(2, '0')}:${String(Math.floor(rand() * 60)).padStart(2, '0')}`;
  const size = weighted(
    rand,
    [
      [1800, 1200],
      [1920, 1280],
      [1600, 1067],
      [2048, 1152],
    ] as const,
    (s) => (s[0] === 1600 ? 6 : s[0] === 1800 ? 2 : 1),
  );
  const cargo = AIRLINES.find((a) => a.icao === aircraft.airline)?.cargo ?? false;
  const categories = [
    cargo ? 'cargo' : 'airliner',
    ...(aircraft.special ? ['livery'] : []),
    ...(light === 'night' ? ['night'] : []),
    ...(framing === 'air-to-air' ? ['air-to-air'] : []),
  ];
  const said = [...(REMARKS[light] ?? []), ...(REMARKS[framing] ?? [])];
  return {
    owner,
    registration: old?.registration ?? aircraft.registration,
    type: aircraft.type,
    msn: aircraft.before || rand() < 0.6 ? aircraft.msn : null,
    airline: old?.airline ?? aircraft.airline,
    livery: old?.livery ?? aircraft.livery,
    airport: framing === 'air-to-air' ? null : airport,
    uploadAt,
    takenOn,
    categories: categories.filter((c) => CATEGORY_CODES.includes(c)),
    remark: aircraft.special && !old ? aircraft.special : rand() < 0.3 && said.length > 0 ? pick(rand, said) : undefined,
    scene: {
      width: size[0],
      height: size[1],
      light,
      framing,
      winter: !SOUTH.has(airport) && (month >= 11 || month <= 2),
      hills: HILLS.has(airport),
      facingLeft: rand() < 0.5,
      flaw: null,
      exif: exifFor(owner, light, framing, takenAt, rand),
      seed: Math.floor(rand() * 2 ** 31),
    },
    fate: { kind: 'pending' },
    special: aircraft.before !== null || aircraft.special !== null,
  };
}
