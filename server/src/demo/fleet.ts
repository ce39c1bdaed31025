// The demo's aircraft: airlines of the curated reference data with their paint, fleets of the types
// they fly under registrations written as China's rules write them (B- and four letters or digits;
// Hong Kong's B-H/K/L and two letters), MSNs in each maker's range, and a few aircraft that moved to
// another airline under a new registration (same MSN: one airframe, two registrations).
import type { Livery, Shape } from './aircraft.js';

type RegSeries = 'airbus' | 'boeing' | 'wide' | 'c919' | 'arj';

// Per ICAO type designator: how it is drawn (shape, fuselage girth per 1000 of length), its MSN range
// and the registration series China gives it.
const TYPE_TABLE = `
A319 narrow 116 2800-7400 airbus   | A320 narrow 105 3000-8600 airbus   | A20N narrow 105 7800-11900 airbus
A321 narrow 90 3200-8400 airbus    | A21N narrow 90 8200-11900 airbus   | B738 narrow 96 35000-44999 boeing
B38M narrow 96 60000-66999 boeing  | B752 narrow 88 24000-30999 wide    | E190 narrow 112 19000100-19000799 arj
C919 narrow 100 10001-10030 c919   | AJ27 tjet 104 110-190 arj          | A333 wide 88 1100-1990 wide
A359 wide 89 100-650 wide          | B763 wide 92 25000-33999 wide      | B77L wide 95 37000-66999 wide
B77W wide 84 38000-66999 wide      | B789 wide 92 38000-66999 wide      | B744 jumbo 92 25800-30999 wide`;

export const TYPES: Record<string, { shape: Shape; girth: number; msn: [number, number]; regs: RegSeries }> = Object.fromEntries(
  TYPE_TABLE.trim()
    .split(/\s*[|\n]\s*/)
    .map((cell) => {
      const [icao, shape, girth, msn, regs] = cell.split(/\s+/) as [string, Shape, string, string, RegSeries];
      const [lo, hi] = msn.split('-').map(Number) as [number, number];
      return [icao, { shape, girth: Number(girth), msn: [lo, hi], regs }];
    }),
);

const paint = (title: string, colours: string): Livery => {
  const [tail, accent, ...rest] = colours.split(' ') as [string, string, ...string[]];
  const more = Object.fromEntries(rest.map((kv) => kv.split('='))) as Partial<
    Record<'body' | 'belly' | 'cheatline' | 'engine' | 'title', string>
  >;
  return {
    title,
    tail,
    accent,
    body: more.body ?? '#f5f6f8',
    belly: more.belly ?? '#e6e9ed',
    cheatline: more.cheatline ?? null,
    engine: more.engine ?? '#dfe3e8',
    titleColour: more.title ?? tail,
  };
};

export interface Airline {
  icao: string;
  livery: Livery;
  /** Fleet: ICAO type → how many of them the demo has. */
  fleet: Record<string, number>;
  /** IATA codes of the airports it is seen at most. */
  hubs: string[];
  /** Hong Kong registers B-H/B-K/B-L and two letters. */
  hongKong: boolean;
  cargo: boolean;
  /** How often it is photographed, against the others (0: only as an aircraft's next owner). */
  weight: number;
}

// icao | titles | tail, emblem and other colours | fleet | hubs | weight [hk] [cargo]
const AIRLINE_TABLE = `
CCA | AIR CHINA | #f3f4f6 #c8102e title=#222222 | A320:4 A321:3 B738:5 A333:3 B77W:2 B789:2 A359:2 B744:1 C919:1 | PEK CTU TFU HGH | 10
CES | CHINA EASTERN | #1c3f94 #d71920 | A320:4 A20N:3 A321:3 B738:3 A333:2 A359:2 B77W:2 C919:2 | PVG SHA KMG XIY PKX | 10
CSN | CHINA SOUTHERN | #2a6db5 #e1251b | A320:4 A21N:2 B738:5 B38M:2 A333:2 B789:2 B77W:2 C919:1 E190:1 | CAN PKX URC SZX CKG | 10
CHH | HAINAN AIRLINES | #cf2027 #f2b632 | B738:4 B789:2 A333:1 | HAK PEK XIY SYX | 6
CSC | SICHUAN AIRLINES | #d0262d #f3c34c | A320:4 A321:2 A333:2 A359:1 | CTU TFU CKG KMG | 6
CXA | XIAMENAIR | #1f5ca9 #ffffff belly=#1f5ca9 engine=#1f5ca9 | B738:4 B38M:2 B789:2 | XMN FOC HGH PEK | 6
CSZ | SHENZHEN AIRLINES | #e0281e #f2c14e | A320:3 B738:3 B38M:1 | SZX CAN NKG | 5
CDG | SHANDONG AIRLINES | #1c4da1 #e53935 | B738:4 | TNA TAO XMN | 3
CQH | SPRING AIRLINES | #7ab51d #ffffff engine=#7ab51d | A320:3 A21N:2 | SHA PVG SJW | 4
DKH | JUNEYAO AIR | #8a1538 #e0b04a | A320:2 A21N:2 B789:1 | PVG SHA NKG | 3
CBJ | CAPITAL AIRLINES | #b01c2e #e8b64c | A320:2 A333:1 | PKX HGH SYX | 2
GCR | TIANJIN AIRLINES | #8c2332 #ffffff | A320:2 E190:2 | TSN XIY URC | 2
LKE | LUCKY AIR | #f29100 #d8232a title=#d8232a | A320:2 | KMG | 2
CHB | WEST AIR | #5b2a86 #f08300 | A320:2 A21N:1 | CKG | 2
CDC | LOONG AIR | #0b3e91 #e60012 | A320:2 A21N:1 | HGH XIY | 2
UEA | CHENGDU AIRLINES | #c61a2f #ffffff | A320:2 AJ27:2 | TFU CTU | 2
TBA | TIBET AIRLINES | #1b75bc #f7c600 | A319:2 | CTU TFU CKG | 1
CSS | SF AIRLINES | #1d1d1f #ffffff belly=#d9dce0 | B752:2 B763:1 | SZX HGH PEK | 2 cargo
CKK | CHINA CARGO AIRLINES | #1c3f94 #d71920 | B77L:2 | PVG | 1 cargo
CPA | CATHAY PACIFIC | #00645a #ffffff cheatline=#00645a belly=#eef0f2 | A333:2 A359:2 B77W:2 | HKG | 3 hk
HKE | HK EXPRESS | #6e2a8c #f5a0c8 | A20N:2 A21N:1 | HKG | 1 hk
JYH | 9 AIR | #e8452c #ffd400 | - | CAN | 0
FZA | FUZHOU AIRLINES | #c4122f #f5b800 | - | FOC | 0`;

export const AIRLINES: Airline[] = AIRLINE_TABLE.trim()
  .split('\n')
  .map((line) => {
    const [icao, title, colours, fleet, hubs, rest] = line.split(' | ') as [string, string, string, string, string, string];
    const [weight, ...flags] = rest.split(' ');
    return {
      icao,
      livery: paint(title, colours),
      fleet: Object.fromEntries(fleet === '-' ? [] : fleet.split(' ').map((f) => [f.split(':')[0]!, Number(f.split(':')[1])])),
      hubs: hubs.split(' '),
      hongKong: flags.includes('hk'),
      cargo: flags.includes('cargo'),
      weight: Number(weight),
    };
  });

/** Special paint: the livery that replaces its airline's on one aircraft, and how members describe it. */
export const SPECIALS: { type: string; airline: string; livery: Livery; remark: string }[] = [
  {
    type: 'A333',
    airline: 'CSC',
    livery: paint('SICHUAN AIRLINES', '#1a1a1a #ffffff body=#f7f7f7 belly=#1a1a1a'),
    remark: '川航熊猫涂装，黑白配色很醒目',
  },
  {
    type: 'B789',
    airline: 'CHH',
    livery: paint('HAINAN AIRLINES', '#f1a325 #2b6e3f belly=#2b6e3f engine=#2b6e3f'),
    remark: '海航特别涂装，机腹一抹绿色',
  },
  {
    type: 'C919',
    airline: 'CES',
    livery: paint('CHINA EASTERN', '#1c3f94 #d71920 cheatline=#d71920'),
    remark: '东航 C919，机身红色腰线',
  },
];

/** Aircraft that moved between airlines: the registration they first carried, and when they changed. */
export const TRANSFERS: { type: string; from: string; to: string; daysAgo: number }[] = [
  { type: 'A320', from: 'CES', to: 'JYH', daysAgo: 95 },
  { type: 'B738', from: 'CHH', to: 'FZA', daysAgo: 80 },
  { type: 'A333', from: 'CPA', to: 'CSC', daysAgo: 70 },
];

export interface Aircraft {
  registration: string;
  type: string;
  msn: string;
  airline: string;
  livery: Livery;
  special: string | null;
  /** For an aircraft that moved: what it was before `until` (ms). */
  before: { registration: string; airline: string; livery: Livery; until: number } | null;
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '0123456789';

function registration(rand: () => number, kind: RegSeries, hongKong: boolean): string {
  const pick = (chars: string) => chars[Math.floor(rand() * chars.length)]!;
  if (hongKong) return `B-${pick('HKL')}${pick(LETTERS)}${pick(LETTERS)}`;
  if (kind === 'c919') return `B-919${pick(LETTERS)}`;
  const prefixes = {
    airbus: ['30', '32', '8', '6', '16'],
    boeing: ['5', '1', '7', '20'],
    wide: ['20', '5', '6', '30', '1', '7'],
    arj: ['3', '60', '65'],
  }[kind];
  const prefix = prefixes[Math.floor(rand() * prefixes.length)]!;
  let rest = '';
  while (prefix.length + rest.length < 4) {
    // The newer series end in letters (B-30EE, B-32DN); the older ones are digits (B-6521).
    rest += prefix.startsWith('3') && prefix.length === 2 && rand() < 0.7 ? pick(LETTERS) : pick(DIGITS);
  }
  return `B-${prefix}${rest}`;
}

/** The demo's fleet, the same for the same seed; `now` dates the transfers. */
export function buildFleet(rand: () => number, now: number): Aircraft[] {
  const taken = new Set<string>();
  const msns = new Set<string>();
  const unique = (make: () => string, seen: Set<string>) => {
    for (;;) {
      const v = make();
      if (seen.has(v)) continue;
      seen.add(v);
      return v;
    }
  };
  const msnOf = (type: string) => {
    const [lo, hi] = TYPES[type]!.msn;
    return unique(() => String(Math.floor(lo + rand() * (hi - lo))), msns);
  };
  const byIcao = new Map(AIRLINES.map((a) => [a.icao, a]));
  const fleet: Aircraft[] = [];
  for (const airline of AIRLINES) {
    for (const [type, count] of Object.entries(airline.fleet)) {
      for (let i = 0; i < count; i++) {
        fleet.push({
          registration: unique(() => registration(rand, TYPES[type]!.regs, airline.hongKong), taken),
          type,
          msn: msnOf(type),
          airline: airline.icao,
          livery: airline.livery,
          special: null,
          before: null,
        });
      }
    }
  }
  for (const s of SPECIALS) {
    const a = fleet.find((f) => f.type === s.type && f.airline === s.airline && !f.special)!;
    a.livery = s.livery;
    a.special = s.remark;
  }
  for (const t of TRANSFERS) {
    const to = byIcao.get(t.to)!;
    const from = byIcao.get(t.from)!;
    fleet.push({
      registration: unique(() => registration(rand, TYPES[t.type]!.regs, false), taken),
      type: t.type,
      msn: msnOf(t.type),
      airline: to.icao,
      livery: to.livery,
      special: null,
      before: {
        registration: unique(() => registration(rand, TYPES[t.type]!.regs, from.hongKong), taken),
        airline: from.icao,
        livery: from.livery,
        until: now - t.daysAgo * 86_400_000,
      },
    });
  }
  return fleet;
}
