// An airliner seen from the side, as SVG: fuselage, fin, stabiliser, the near wing, engines, gear,
// windows and an airline's paint with its titles and the registration. Drawn in its own units (nose
// to the right at x = 1000, the fuselage's axis on y = 0); the scene places, turns and scales it.

/** How a family of aircraft looks from the side. */
export type Shape = 'narrow' | 'wide' | 'jumbo' | 'tjet';

/** An airline's paint, simplified to what shows at a spotter's distance. */
export interface Livery {
  /** The titles painted above the windows (Latin letters: every machine has a font for them). */
  title: string;
  body: string;
  belly: string;
  tail: string;
  /** The emblem on the fin and the cheatline, when there is one. */
  accent: string;
  cheatline: string | null;
  engine: string;
  titleColour: string;
}

export interface AircraftLook {
  shape: Shape;
  /** Fuselage diameter per 1000 units of length (an A321 is slimmer than an A319). */
  girth: number;
  livery: Livery;
  registration: string;
  gearDown: boolean;
  /** Facing left: the drawing is mirrored, its lettering is not. */
  facingLeft: boolean;
  /** A freighter has no cabin windows. */
  freighter: boolean;
  /** A prefix for the SVG ids, unique in the picture. */
  id: string;
}

const n = (v: number) => Math.round(v * 10) / 10;

/** Lettering, drawn after the (possibly mirrored) aircraft so it always reads the right way round. */
function lettering(x: number, y: number, size: number, text: string, fill: string) {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    `<text x="${n(x)}" y="${n(y)}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" ` +
    `font-weight="bold" font-size="${n(size)}" fill="${fill}" text-anchor="middle">${escaped}</text>`
  );
}

/** The fuselage outline: a tail cone rising to the fin, a straight cabin, a rounded nose (747: the hump). */
function fuselagePath(h: number, shape: Shape): string {
  const t = -h / 2;
  const b = h / 2;
  const top =
    shape === 'jumbo'
      ? `L 560,${n(t)} C 640,${n(t)} 660,${n(t - h * 0.42)} 760,${n(t - h * 0.42)} C 870,${n(t - h * 0.42)} 940,${n(t - h * 0.2)} 985,${n(t + h * 0.35)}`
      : `L 860,${n(t)} C 930,${n(t)} 975,${n(t + h * 0.15)} 993,${n(t + h * 0.42)}`;
  return (
    `M 6,${n(t + h * 0.22)} L 150,${n(t)} ${top} ` +
    `C 1003,${n(t + h * 0.55)} 1001,${n(b - h * 0.3)} 990,${n(b - h * 0.22)} ` +
    `C 968,${n(b - h * 0.02)} 930,${n(b)} 880,${n(b)} L 300,${n(b)} ` +
    `C 200,${n(b)} 90,${n(b - h * 0.32)} 8,${n(t + h * 0.35)} Z`
  );
}

/** An engine nacelle centred on (cx, cy) with its intake facing the nose. */
function engine(cx: number, cy: number, len: number, dia: number, colour: string): string {
  const x0 = cx - len / 2;
  const x1 = cx + len / 2;
  const r = dia / 2;
  return (
    `<path d="M ${n(x0)},${n(cy - r * 0.8)} L ${n(x1 - 8)},${n(cy - r)} Q ${n(x1)},${n(cy - r)} ${n(x1)},${n(cy - r * 0.7)} ` +
    `L ${n(x1)},${n(cy + r * 0.7)} Q ${n(x1)},${n(cy + r)} ${n(x1 - 8)},${n(cy + r)} L ${n(x0)},${n(cy + r * 0.8)} Z" fill="${colour}"/>` +
    `<ellipse cx="${n(x1)}" cy="${n(cy)}" rx="${n(dia * 0.12)}" ry="${n(r * 0.86)}" fill="#3a3f46"/>` +
    `<path d="M ${n(x0)},${n(cy - r * 0.55)} L ${n(x0 - len * 0.16)},${n(cy)} L ${n(x0)},${n(cy + r * 0.55)} Z" fill="#6d737b"/>` +
    `<rect x="${n(x0)}" y="${n(cy - r * 0.8)}" width="${n(len)}" height="${n(r * 0.5)}" fill="#ffffff" opacity="0.18"/>`
  );
}

function gear(x: number, top: number, len: number, wheel: number, twin: boolean): string {
  const strut = `<rect x="${n(x - 3)}" y="${n(top)}" width="6" height="${n(len)}" fill="#5b6068"/>`;
  const y = top + len;
  const wheels = twin
    ? `<circle cx="${n(x - wheel * 0.9)}" cy="${n(y)}" r="${n(wheel)}" fill="#1d1f23"/><circle cx="${n(x + wheel * 0.9)}" cy="${n(y)}" r="${n(wheel)}" fill="#1d1f23"/>`
    : `<circle cx="${n(x)}" cy="${n(y)}" r="${n(wheel)}" fill="#1d1f23"/>`;
  return strut + wheels;
}

/** How far below the axis the wheels touch the ground (gear down) or the lowest part hangs (gear up). */
export function groundClearance(look: Pick<AircraftLook, 'shape' | 'girth' | 'gearDown'>): number {
  const h = look.girth;
  return look.gearDown ? h / 2 + h * 0.62 + h * 0.17 : h / 2 + h * (look.shape === 'tjet' ? 0.15 : 0.5);
}

/** The aircraft as an SVG group in its own units. */
export function aircraftSvg(look: AircraftLook): string {
  const { shape, livery: l, id } = look;
  const h = look.girth;
  const t = -h / 2;
  const b = h / 2;
  const body = fuselagePath(h, shape);
  const finTop = t - (shape === 'tjet' ? h * 1.55 : shape === 'narrow' ? h * 1.45 : h * 1.75);
  const finRootFront = shape === 'tjet' ? 215 : 190;
  const fin = `M ${finRootFront},${n(t + 2)} L ${shape === 'tjet' ? 95 : 78},${n(finTop)} L ${shape === 'tjet' ? 40 : 32},${n(finTop)} L 8,${n(t + h * 0.24)} Z`;
  const stab =
    shape === 'tjet'
      ? `M 120,${n(finTop + 4)} L 20,${n(finTop - 8)} L 5,${n(finTop - 6)} L 40,${n(finTop + 10)} Z`
      : `M 165,${n(t + h * 0.42)} L 52,${n(t + h * 0.08)} L 22,${n(t + h * 0.1)} L 60,${n(t + h * 0.62)} Z`;
  const wingRoot = shape === 'tjet' ? 560 : shape === 'narrow' ? 600 : 620;
  const wing = `M ${wingRoot},${n(b - h * 0.25)} L ${wingRoot - 215},${n(b - h * 0.1)} L ${wingRoot - 330},${n(b + h * 0.38)} L ${wingRoot - 290},${n(b + h * 0.42)} Z`;
  const winglet = `M ${wingRoot - 318},${n(b + h * 0.36)} L ${wingRoot - 335},${n(b - h * 0.05)} L ${wingRoot - 322},${n(b - h * 0.05)} L ${wingRoot - 300},${n(b + h * 0.36)} Z`;

  const windowsFrom = shape === 'tjet' ? 300 : 170;
  const windowsTo = shape === 'jumbo' ? 900 : 850;
  const doors = new Set([windowsFrom + 14, 430, 570, windowsTo + 14].map((x) => Math.round(x / 14)));
  let windows = '';
  if (!look.freighter) {
    for (let x = windowsFrom; x <= windowsTo; x += 14) {
      if (doors.has(Math.round(x / 14))) continue;
      windows += `<rect x="${x}" y="${n(t + h * 0.36)}" width="6" height="${n(h * 0.1)}" rx="2.5" fill="#27303b"/>`;
    }
    if (shape === 'jumbo') {
      for (let x = 700; x <= 860; x += 14)
        windows += `<rect x="${x}" y="${n(t - h * 0.22)}" width="6" height="${n(h * 0.09)}" rx="2.5" fill="#27303b"/>`;
    }
  }
  const doorOutlines = [windowsFrom + 14, windowsTo + 14, ...(look.freighter ? [] : [430])]
    .map(
      (x) =>
        `<rect x="${x - 9}" y="${n(t + h * 0.2)}" width="18" height="${n(h * 0.55)}" rx="3" fill="none" stroke="#8d96a1" stroke-width="1.5"/>`,
    )
    .join('');
  const cockpitY = shape === 'jumbo' ? t - h * 0.2 : t + h * 0.3;
  const cockpit = `<path d="M 950,${n(cockpitY)} L 976,${n(cockpitY - 2)} L 985,${n(cockpitY + h * 0.1)} L 952,${n(cockpitY + h * 0.12)} Z" fill="#1f2630"/>`;

  // The engines: under the wing ahead of it, two on a 747's near wing, on the tail cone of a T-tail jet.
  const engineColour = l.engine;
  const dia = shape === 'narrow' ? h * 0.55 : shape === 'tjet' ? h * 0.42 : h * 0.68;
  const len = shape === 'narrow' ? 150 : shape === 'tjet' ? 130 : 170;
  const engines =
    shape === 'tjet'
      ? engine(205, t + h * 0.12, len, dia, engineColour)
      : shape === 'jumbo'
        ? engine(wingRoot - 130, b + h * 0.32, len * 0.8, dia * 0.8, engineColour) +
          engine(wingRoot + 15, b + h * 0.2, len * 0.85, dia * 0.85, engineColour)
        : engine(wingRoot + 25, b + h * 0.22, len, dia, engineColour);
  const pylon =
    shape === 'tjet'
      ? ''
      : `<path d="M ${wingRoot - 30},${n(b)} L ${wingRoot + 60},${n(b + h * 0.1)} L ${wingRoot + 30},${n(b + h * 0.3)} L ${wingRoot - 40},${n(b + h * 0.2)} Z" fill="${engineColour}"/>`;

  const gearTop = b - 4;
  const gearLen = h * 0.62;
  const gearSvg = look.gearDown
    ? gear(shape === 'tjet' ? wingRoot - 150 : wingRoot - 175, gearTop, gearLen, h * 0.17, true) +
      (shape === 'jumbo' || shape === 'wide' ? gear(wingRoot - 215, gearTop, gearLen, h * 0.17, true) : '') +
      gear(900, b - 10, gearLen + 6, h * 0.13, false)
    : '';

  const titleSize = h * (shape === 'narrow' || shape === 'tjet' ? 0.2 : 0.22);
  const cheat = l.cheatline
    ? `<rect x="0" y="${n(t + h * 0.56)}" width="1000" height="${n(h * 0.1)}" fill="${l.cheatline}"/>`
    : '';
  const emblemY = (finTop + t) / 2 + 6;
  return (
    `<defs><clipPath id="${id}-body"><path d="${body}"/></clipPath><clipPath id="${id}-fin"><path d="${fin}"/></clipPath>` +
    `<linearGradient id="${id}-shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/>` +
    `<stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></linearGradient></defs>` +
    `<g transform="${look.facingLeft ? 'translate(1000,0) scale(-1,1)' : ''}">` +
    `<path d="${wing}" fill="#9aa1aa" opacity="0.85" transform="translate(0,-8) scale(1,0.97)"/>` +
    `<path d="${stab}" fill="#b9c0c8"/>` +
    `<path d="${fin}" fill="${l.tail}"/>` +
    `<g clip-path="url(#${id}-fin)"><circle cx="${shape === 'tjet' ? 95 : 90}" cy="${n(emblemY)}" r="${n(h * 0.42)}" fill="${l.accent}"/>` +
    `<path d="M 40,${n(finTop + 10)} L 200,${n(t - 4)}" stroke="${l.accent}" stroke-width="${n(h * 0.08)}" opacity="0.7"/></g>` +
    `<path d="${body}" fill="${l.body}"/>` +
    `<g clip-path="url(#${id}-body)"><rect x="0" y="${n(b - h * 0.3)}" width="1000" height="${n(h)}" fill="${l.belly}"/>${cheat}` +
    `${windows}${doorOutlines}${cockpit}<rect x="0" y="${n(t - h)}" width="1000" height="${n(h * 2)}" fill="url(#${id}-shade)"/></g>` +
    (shape === 'tjet' ? pylon : `<path d="${wing}" fill="#c3c9d0"/><path d="${winglet}" fill="${l.tail}"/>`) +
    gearSvg +
    pylon +
    engines +
    (shape === 'tjet' ? `<path d="${stab}" fill="#aab2bb"/>` : '') +
    `</g>` +
    lettering(look.facingLeft ? 1000 - 640 : 640, t + h * 0.3, titleSize, l.title, l.titleColour) +
    lettering(look.facingLeft ? 1000 - 105 : 105, t + h * 0.55, h * 0.17, look.registration, '#22272e')
  );
}
