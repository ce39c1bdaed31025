// A spotter's photo drawn from nothing: a sky for the time of day, the airfield (tree line, terminal,
// tower, grass, runway or taxiway), the aircraft placed for the moment (taxi, takeoff, landing, in
// flight, close-up), rendered by sharp from SVG into a camera-sized JPEG with its EXIF. A flaw, when
// asked, is one a screener would refuse: blur, a dark frame, a tilted horizon, a colour cast…
import sharp from 'sharp';
import { aircraftSvg, groundClearance, type AircraftLook } from './aircraft.js';

export type Light = 'dawn' | 'noon' | 'dusk' | 'overcast' | 'night';
export type Framing = 'taxi' | 'takeoff' | 'landing' | 'flight' | 'closeup' | 'air-to-air';
export type Flaw = 'blur' | 'exposure' | 'horizon' | 'centering' | 'crop' | 'color' | 'obstruction' | 'noise';

export interface Exif {
  make: string;
  model: string;
  lens: string;
  focalLength: number;
  aperture: number;
  /** Seconds, as a fraction's denominator: 1000 → 1/1000 s. */
  shutter: number;
  iso: number;
  /** `YYYY:MM:DD HH:MM:SS`, the camera's own clock. */
  takenAt: string;
}

export interface Scene {
  width: number;
  height: number;
  light: Light;
  framing: Framing;
  winter: boolean;
  /** Hills behind the airfield (Kunming, Chongqing, Hong Kong…). */
  hills: boolean;
  aircraft: Omit<AircraftLook, 'id' | 'gearDown'>;
  flaw: Flaw | null;
  exif: Exif;
  /** Seeded: the same scene draws the same picture. */
  rand: () => number;
}

const SKIES: Record<Light, string[]> = {
  dawn: ['#33406e', '#8a6a95', '#e59a86', '#f7c27a'],
  noon: ['#2a62ad', '#4f88c8', '#8dbbe6', '#cfe4f5'],
  dusk: ['#1f2350', '#6c3f77', '#d9735a', '#f7b767'],
  overcast: ['#7d8590', '#9aa2ab', '#b8bec5', '#d2d6da'],
  night: ['#03050c', '#0a1226', '#142042', '#2b3553'],
};

// How each light colours what it falls on (feColorMatrix rows for red, green, blue).
const TINTS: Record<Light, [number, number, number]> = {
  dawn: [1.04, 0.9, 0.78],
  noon: [1, 1, 1],
  dusk: [1.06, 0.84, 0.7],
  overcast: [0.9, 0.92, 0.95],
  night: [0.32, 0.34, 0.42],
};

/** Every colour of a fragment as this light shows it (the sky is drawn in its own colours). */
function toned(svg: string, light: Light): string {
  const [r, g, b] = TINTS[light];
  if (r === 1 && g === 1 && b === 1) return svg;
  return svg.replace(/#([0-9a-f]{6})\b/gi, (_, hex: string) => {
    const v = parseInt(hex, 16);
    const ch = (shift: number, k: number) => Math.min(255, Math.round(((v >> shift) & 255) * k));
    return `#${((ch(16, r) << 16) | (ch(8, g) << 8) | ch(0, b)).toString(16).padStart(6, '0')}`;
  });
}

const between = (rand: () => number, lo: number, hi: number) => lo + (hi - lo) * rand();

function sky(s: Scene): string {
  const stops = SKIES[s.light].map((c, i, all) => `<stop offset="${i / (all.length - 1)}" stop-color="${c}"/>`).join('');
  let out = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">${stops}</linearGradient>`;
  out += `<radialGradient id="sun"><stop offset="0" stop-color="#fff4d6" stop-opacity="0.95"/><stop offset="0.25" stop-color="#ffd58a" stop-opacity="0.5"/><stop offset="1" stop-color="#ffb070" stop-opacity="0"/></radialGradient>`;
  out += `<radialGradient id="puff"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`;
  out += `<radialGradient id="shadow"><stop offset="0" stop-color="#000000" stop-opacity="0.4"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient></defs>`;
  out += `<rect width="${s.width}" height="${s.height}" fill="url(#sky)"/>`;
  if (s.light === 'dawn' || s.light === 'dusk') {
    const r = s.width * 0.35;
    out += `<circle cx="${Math.round(between(s.rand, 0.1, 0.9) * s.width)}" cy="${Math.round(s.height * 0.68)}" r="${Math.round(r)}" fill="url(#sun)"/>`;
  }
  if (s.light !== 'night') {
    const clouds = s.light === 'overcast' ? 9 : Math.floor(between(s.rand, 0, 6));
    let puffs = '';
    for (let i = 0; i < clouds; i++) {
      const cx = between(s.rand, -0.1, 1.1) * s.width;
      const cy = between(s.rand, 0.08, 0.55) * s.height;
      const w = between(s.rand, 0.12, 0.3) * s.width;
      for (let j = 0; j < 4; j++) {
        puffs += `<ellipse cx="${Math.round(cx + (j - 1.5) * w * 0.3)}" cy="${Math.round(cy - (j % 2) * w * 0.06)}" rx="${Math.round(w * 0.34)}" ry="${Math.round(w * 0.12)}"/>`;
      }
    }
    out += `<g fill="url(#puff)" opacity="${s.light === 'overcast' ? 0.5 : s.light === 'noon' ? 0.85 : 0.6}">${puffs}</g>`;
  }
  return out;
}

/** The tree line, terminal and tower on the horizon, grass below, and the runway or taxiway. */
function airfield(s: Scene, horizon: number, strip: { top: number; bottom: number; taxiway: boolean }): string {
  const { width: w, height: h, rand } = s;
  let trees = `M 0,${horizon}`;
  for (let x = 0; x <= w; x += w / 140)
    trees += ` L ${Math.round(x)},${Math.round(horizon - between(rand, h * 0.004, h * 0.016))}`;
  trees += ` L ${w},${horizon + 4} L 0,${horizon + 4} Z`;
  let ridge = '';
  if (s.hills) {
    ridge = `M 0,${horizon} L 0,${Math.round(horizon - between(rand, 0.03, 0.09) * h)}`;
    for (let x = w / 6; x <= w + w / 6; x += w / 6) {
      ridge += ` Q ${Math.round(x - w / 12)},${Math.round(horizon - between(rand, 0.08, 0.16) * h)} ${Math.round(x)},${Math.round(horizon - between(rand, 0.02, 0.09) * h)}`;
    }
    ridge = `<path d="${ridge} L ${w + w / 6},${horizon} Z" fill="#7f8f9c" opacity="0.75"/>`;
  }
  let buildings = '';
  const terminalX = between(rand, 0, 0.6) * w;
  buildings += `<rect x="${Math.round(terminalX)}" y="${Math.round(horizon - h * 0.035)}" width="${Math.round(w * 0.3)}" height="${Math.round(h * 0.035)}" fill="#8c949c"/>`;
  buildings += `<rect x="${Math.round(terminalX)}" y="${Math.round(horizon - h * 0.035)}" width="${Math.round(w * 0.3)}" height="${Math.round(h * 0.008)}" fill="#c9d0d6"/>`;
  const towerX = Math.round(between(rand, 0.05, 0.95) * w);
  const towerTop = horizon - h * 0.13;
  buildings += `<rect x="${towerX - 6}" y="${Math.round(towerTop)}" width="12" height="${Math.round(h * 0.13)}" fill="#9aa1a8"/>`;
  buildings += `<path d="M ${towerX - 22},${Math.round(towerTop)} L ${towerX + 22},${Math.round(towerTop)} L ${towerX + 16},${Math.round(towerTop - 22)} L ${towerX - 16},${Math.round(towerTop - 22)} Z" fill="#5f7f95"/>`;
  const grass = s.winter ? ['#b4a677', '#8f8456'] : ['#8aa363', '#55733a'];
  const asphalt = strip.taxiway ? '#5a5d61' : '#4b4e53';
  const lineColour = strip.taxiway ? '#e8c23a' : '#f2f2f2';
  const mid = (strip.top + strip.bottom) / 2;
  let marks = '';
  if (strip.taxiway) marks = `<rect x="0" y="${Math.round(mid - 2)}" width="${w}" height="4" fill="${lineColour}"/>`;
  else
    for (let x = between(rand, 0, 80); x < w; x += 160)
      marks += `<rect x="${Math.round(x)}" y="${Math.round(mid - 2)}" width="80" height="4" fill="${lineColour}"/>`;
  let lights = '';
  for (let x = between(rand, 0, 120); x < w; x += 120) {
    lights += `<circle cx="${Math.round(x)}" cy="${Math.round(strip.top - 4)}" r="3" fill="${strip.taxiway ? '#3b6fd8' : '#f4f1e0'}"/>`;
  }
  return (
    `<defs><linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${grass[0]}"/><stop offset="1" stop-color="${grass[1]}"/></linearGradient></defs>` +
    `<g>${ridge}<path d="${trees}" fill="#55665a"/>${buildings}` +
    `<rect x="0" y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#grass)"/>` +
    `<rect x="0" y="${horizon}" width="${w}" height="${Math.round(h * 0.02)}" fill="#c7d2d8" opacity="0.35"/>` +
    `<rect x="0" y="${Math.round(strip.top)}" width="${w}" height="${Math.round(strip.bottom - strip.top)}" fill="${asphalt}"/>` +
    (strip.taxiway
      ? ''
      : `<rect x="0" y="${Math.round(strip.top + 3)}" width="${w}" height="3" fill="#e9e9e9"/><rect x="0" y="${Math.round(strip.bottom - 6)}" width="${w}" height="3" fill="#e9e9e9"/>`) +
    `${marks}${lights}</g>`
  );
}

/** Where the aircraft goes: its length in pixels, the point its axis centre sits on, its pitch. */
function placement(s: Scene, look: Pick<AircraftLook, 'shape' | 'girth' | 'gearDown'>) {
  const { width: w, height: h, rand } = s;
  const f = s.framing;
  const len =
    w * (f === 'closeup' ? between(rand, 0.86, 0.92) : f === 'taxi' ? between(rand, 0.7, 0.86) : between(rand, 0.6, 0.8));
  const scale = len / 1000;
  const pitch =
    f === 'takeoff'
      ? between(rand, 7, 12)
      : f === 'landing'
        ? between(rand, 2, 4)
        : f === 'flight' || f === 'air-to-air'
          ? between(rand, -2, 4)
          : 0;
  const grounded = f === 'taxi' || f === 'closeup';
  const horizon = grounded
    ? h * between(rand, 0.5, 0.6)
    : f === 'flight'
      ? h * between(rand, 0.86, 0.94)
      : h * between(rand, 0.62, 0.7);
  // The runway or taxiway lies in front of the tree line, whatever the framing.
  const stripTop = Math.max(grounded ? h * between(rand, 0.7, 0.74) : h * between(rand, 0.8, 0.86), horizon + h * 0.05);
  const strip = { top: stripTop, bottom: stripTop + h * (grounded ? 0.07 : 0.05), taxiway: f === 'taxi' || f === 'closeup' };
  const wheels = grounded ? (strip.top + strip.bottom) / 2 : 0;
  const cy = grounded ? wheels - groundClearance(look) * scale : h * between(rand, 0.42, 0.55);
  const cx = w * (0.5 + between(rand, -0.04, 0.04) * (f === 'closeup' ? 0.3 : 1));
  return { scale, pitch, horizon, strip, cx, cy, grounded, wheels };
}

function sceneSvg(s: Scene): string {
  const { width: w, height: h, rand } = s;
  const gearDown = s.framing === 'air-to-air' ? false : s.framing !== 'flight' || rand() < 0.4;
  const look: AircraftLook = { ...s.aircraft, gearDown, id: 'ac' };
  const p = placement(s, look);
  if (s.flaw === 'centering') p.cx = w * (rand() < 0.5 ? 0.27 : 0.73);
  if (s.flaw === 'crop') {
    // Too tight, and the nose off the frame.
    p.scale *= 1.5;
    p.cx += (s.aircraft.facingLeft ? -1 : 1) * w * 0.22;
  }
  const nose = s.aircraft.facingLeft ? 1 : -1;
  const turn = `translate(${Math.round(p.cx)},${Math.round(p.cy)}) rotate(${(nose * p.pitch).toFixed(1)}) scale(${p.scale.toFixed(4)}) translate(-500,0)`;
  let out = sky(s);
  if (s.framing !== 'air-to-air') out += toned(airfield(s, Math.round(p.horizon), p.strip), s.light);
  else {
    out += `<defs><linearGradient id="deck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.4" stop-color="#eef1f4" stop-opacity="0.85"/><stop offset="1" stop-color="#dfe5ea"/></linearGradient></defs>`;
    out += `<rect y="${Math.round(h * 0.72)}" width="${w}" height="${Math.round(h * 0.28)}" fill="url(#deck)"/>`;
  }
  if (p.grounded) {
    out += `<ellipse cx="${Math.round(p.cx)}" cy="${Math.round(p.wheels + 4)}" rx="${Math.round(p.scale * 450)}" ry="${Math.round(p.scale * 18)}" fill="url(#shadow)"/>`;
  }
  out += `<g transform="${turn}">${toned(aircraftSvg(look), s.light)}</g>`;
  if (s.light === 'night') {
    const side = s.aircraft.facingLeft ? '#33ff66' : '#ff3344';
    out +=
      `<g transform="${turn}"><circle cx="${s.aircraft.facingLeft ? 700 : 300}" cy="${Math.round(look.girth * 0.9)}" r="10" fill="${side}"/>` +
      `<circle cx="${s.aircraft.facingLeft ? 980 : 20}" cy="-10" r="8" fill="#ffffff"/>` +
      `<circle cx="${s.aircraft.facingLeft ? 100 : 900}" cy="${Math.round(look.girth)}" r="26" fill="#fffbe6" opacity="0.85"/></g>`;
  }
  if (s.flaw === 'obstruction') {
    const x = Math.round(p.cx + between(rand, -0.15, 0.15) * w);
    out += `<rect x="${x}" y="0" width="${Math.round(w * 0.025)}" height="${h}" fill="#3a3d40"/><rect x="${x - 30}" y="${Math.round(h * 0.08)}" width="${Math.round(w * 0.025) + 60}" height="14" fill="#3a3d40"/>`;
  }
  if (s.flaw === 'horizon')
    out = `<g transform="rotate(3.5 ${w / 2} ${h / 2}) translate(${w / 2} ${h / 2}) scale(1.1) translate(${-w / 2} ${-h / 2})">${out}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${out}</svg>`;
}

const rational = (v: number) => `${Math.round(v * 10)}/10`;

/** The scene as the JPEG a camera would have written, with the camera's EXIF. */
export async function renderScene(s: Scene): Promise<Buffer> {
  let img = sharp(Buffer.from(sceneSvg(s)));
  if (s.flaw === 'blur') img = img.blur(s.width / 450);
  if (s.flaw === 'exposure') img = img.modulate({ brightness: 0.42 });
  if (s.flaw === 'color')
    img = img.recomb([
      [1.2, 0.05, 0],
      [0.05, 1.1, 0],
      [0, 0, 0.62],
    ]);
  if (s.flaw === 'noise' || s.light === 'night') {
    const rendered = await img.removeAlpha().toBuffer();
    const sigma = s.flaw === 'noise' ? 60 : 14;
    const noise = await sharp({
      create: {
        width: s.width,
        height: s.height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .png()
      .toBuffer();
    img = sharp(rendered).composite([{ input: noise, blend: 'soft-light' }]);
  }
  const e = s.exif;
  return img
    .removeAlpha()
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    .withExif({
      IFD0: { Make: e.make, Model: e.model },
      IFD2: {
        DateTimeOriginal: e.takenAt,
        LensModel: e.lens,
        FocalLength: rational(e.focalLength),
        FNumber: rational(e.aperture),
        ExposureTime: `1/${e.shutter}`,
        ISOSpeedRatings: String(e.iso),
      },
    })
    .toBuffer();
}
