// Pure pixel maths for the automatic checks (PRODUCT.md §3.6, §7). Inputs are raw 8-bit buffers
// made by sharp from the single decode; nothing here touches files.

/** Variance of the 4-neighbour Laplacian of a greyscale image: low means soft or blurred. */
export function laplacianVariance(grey: Uint8Array, width: number, height: number): number {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v = 4 * grey[i]! - grey[i - 1]! - grey[i + 1]! - grey[i - width]! - grey[i + width]!;
      sum += v;
      sumSq += v * v;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/** Shares (0–1) of pixels whose every channel is blown (≥ 250) or blocked (≤ 5). */
export function clipping(rgb: Uint8Array, channels: number): { highlights: number; shadows: number } {
  let high = 0;
  let low = 0;
  const pixels = rgb.length / channels;
  for (let i = 0; i < rgb.length; i += channels) {
    const r = rgb[i]!;
    const g = rgb[i + 1]!;
    const b = rgb[i + 2]!;
    if (r >= 250 && g >= 250 && b >= 250) high++;
    else if (r <= 5 && g <= 5 && b <= 5) low++;
  }
  return { highlights: high / pixels, shadows: low / pixels };
}

/** Mean red and blue against green, in −1…1: a clear cast shows as |value| above ~0.08. */
export function colourCast(rgb: Uint8Array, channels: number): { red: number; blue: number } {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < rgb.length; i += channels) {
    r += rgb[i]!;
    g += rgb[i + 1]!;
    b += rgb[i + 2]!;
  }
  const total = r + g + b || 1;
  return { red: round((r - g) / total, 3), blue: round((b - g) / total, 3) };
}

/**
 * Angle (degrees) of the dominant near-horizontal edge, from a histogram of gradient directions of
 * strong edges; null when no clear horizon-like line exists. Positive = clockwise tilt.
 */
export function dominantTilt(grey: Uint8Array, width: number, height: number): number | null {
  const bins = new Float64Array(41); // −10°…+10° in 0.5° steps
  let strong = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const gx =
        grey[i + 1 - width]! +
        2 * grey[i + 1]! +
        grey[i + 1 + width]! -
        grey[i - 1 - width]! -
        2 * grey[i - 1]! -
        grey[i - 1 + width]!;
      const gy =
        grey[i - 1 + width]! +
        2 * grey[i + width]! +
        grey[i + 1 + width]! -
        grey[i - 1 - width]! -
        2 * grey[i - width]! -
        grey[i + 1 - width]!;
      const mag = Math.hypot(gx, gy);
      if (mag < 200) continue;
      // An edge's direction is perpendicular to its gradient; a horizontal edge has gx ≈ 0.
      const angle = (Math.atan2(gx, gy) * 180) / Math.PI;
      const folded = angle > 90 ? angle - 180 : angle < -90 ? angle + 180 : angle;
      if (Math.abs(folded) > 10) continue;
      bins[Math.round((folded + 10) * 2)]! += mag;
      strong++;
    }
  }
  if (strong < width) return null;
  let best = 0;
  for (let k = 1; k < bins.length; k++) if (bins[k]! > bins[best]!) best = k;
  return round(best / 2 - 10, 1);
}

/** 64-bit DCT perceptual hash of a 32×32 greyscale image, as 16 hex digits. */
export function perceptualHash(grey32: Uint8Array): string {
  const N = 32;
  const cos = Array.from({ length: 8 }, (_, u) =>
    Array.from({ length: N }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N))),
  );
  const coeffs: number[] = [];
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let s = 0;
      for (let y = 0; y < N; y++) {
        for (let x = 0; x < N; x++) s += grey32[y * N + x]! * cos[u]![y]! * cos[v]![x]!;
      }
      coeffs.push(s);
    }
  }
  const ac = coeffs.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)]!;
  let hex = '';
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let j = 0; j < 4; j++) nibble = (nibble << 1) | (coeffs[i + j]! > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

export function hammingDistance(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i += 8) {
    let x = (parseInt(a.slice(i, i + 8), 16) ^ parseInt(b.slice(i, i + 8), 16)) >>> 0;
    while (x) {
      d += x & 1;
      x >>>= 1;
    }
  }
  return d;
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
