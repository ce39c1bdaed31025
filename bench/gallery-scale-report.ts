// The table `npm run bench -- gallery --photos N` prints: each case at both sizes, and every goal of
// issue 37 beside its figure (met or missed, never asserted).
import type { Case } from './gallery-scale-pools.js';

interface Load {
  rps: number;
  /** Over the answers on open connections, ms. */
  p99: number;
  /** The slowest first answer of a connection, ms: the wait to be accepted included. */
  firstWorst: number;
  failed: number;
}

export interface SizeFigures {
  kind: 'sqlite' | 'postgres';
  photos: number;
  fillSeconds: number;
  /** The SQL of one URL, run alone: mean and worst ms per case. */
  serial: Record<Case, { mean: number; worst: number; slowest: { ms: number; url: string }[] }>;
  throughput: Record<Case | 'photo by id', { real: Load; minimal: Load }>;
  /** The upload's look-alike check, median ms. */
  duplicateMs: number;
  /** Answers of the real server whose photos the minimal server's rows gave in the same order. */
  alike: { same: number; asked: number };
  /** Every case's URLs at once against `npm start`'s one worker per core (SQLite at 100k only). */
  allWorkers: (Load & { workers: number }) | null;
}

const n = (x: number) => x.toLocaleString('en', { maximumFractionDigits: 0 });
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
const failed = (...loads: Load[]) => {
  const f = loads.reduce((a, l) => a + l.failed, 0);
  return f ? `  (${f} failed)` : '';
};

export function scaleReport(small: SizeFigures, large: SizeFigures): string {
  const { kind } = small;
  const out: string[] = [
    `gallery at scale on ${kind}: ${n(small.photos)} photos filled in ${small.fillSeconds.toFixed(0)} s, ` +
      `${n(large.photos)} in ${large.fillSeconds.toFixed(0)} s (goal for 1,000,000: ≤ 300 s: ` +
      `${large.photos >= 1_000_000 ? verdict(large.fillSeconds <= 300) : 'not asked'}); 1,000 distinct URLs a case, 50 connections, 2 rounds × 5 s, the sizes in turn`,
    `  ${'case'.padEnd(14)} ${`real at ${n(small.photos)}`.padEnd(24)} ${`real at ${n(large.photos)}`.padEnd(24)} ` +
      `${'growth (≥ 0.8)'.padEnd(20)} ${'real ÷ minimal'.padEnd(24)} SQL per URL, mean / worst ms`,
  ];
  const all = [...Object.keys(small.throughput)] as (Case | 'photo by id')[];
  for (const c of all) {
    const a = small.throughput[c];
    const b = large.throughput[c];
    const growth = b.real.rps / a.real.rps;
    const gallery = c !== 'photo by id';
    const ratioGoal = gallery ? 0.8 : 0.6;
    const ratio = b.real.rps / b.minimal.rps;
    const sa = gallery ? small.serial[c] : null;
    const sb = gallery ? large.serial[c] : null;
    out.push(
      `  ${c.padEnd(14)} ${`${n(a.real.rps)} req/s p99 ${a.real.p99}`.padEnd(24)} ${`${n(b.real.rps)} req/s p99 ${b.real.p99}`.padEnd(24)} ` +
        `${`${growth.toFixed(2)} ${gallery ? verdict(growth >= 0.8) : ''}`.padEnd(20)} ` +
        `${`${ratio.toFixed(2)} (≥ ${ratioGoal}) ${verdict(ratio >= ratioGoal)}`.padEnd(24)} ` +
        (sa && sb ? `${ms(sa.mean)} / ${ms(sa.worst)} → ${ms(sb.mean)} / ${ms(sb.worst)}` : '') +
        failed(a.real, a.minimal, b.real, b.minimal),
    );
  }
  const cases = Object.keys(large.serial) as Case[];
  const worst = cases.reduce((a, c) => (large.throughput[c].real.p99 > large.throughput[a].real.p99 ? c : a));
  const worstP99 = large.throughput[worst].real.p99;
  const worstFirst = Math.max(...cases.map((c) => large.throughput[c].real.firstWorst));
  const meanSql = cases.reduce((a, c) => a + large.serial[c].mean, 0) / cases.length;
  const worstSql = Math.max(...cases.map((c) => large.serial[c].worst));
  const goals = [
    [
      `worst p99 of a gallery case at ${n(large.photos)}, one worker`,
      `${worstP99} ms (${worst})`,
      '≤ 100 ms',
      kind === 'sqlite' ? verdict(worstP99 <= 100) : '(the goal is for SQLite)',
    ],
    [
      `SQL per URL at ${n(large.photos)}, mean / worst`,
      `${ms(meanSql)} / ${ms(worstSql)} ms`,
      '≤ 1 / ≤ 10 ms',
      verdict(meanSql <= 1 && worstSql <= 10),
    ],
    [
      'upload duplicate check, median',
      `${ms(small.duplicateMs)} ms at ${n(small.photos)}, ${ms(large.duplicateMs)} ms at ${n(large.photos)}`,
      '≤ 5 ms, flat',
      verdict(large.duplicateMs <= 5 && large.duplicateMs <= small.duplicateMs * 1.5 + 0.5),
    ],
    [
      'answers alike, real and minimal',
      `${small.alike.same + large.alike.same} of ${small.alike.asked + large.alike.asked}`,
      'all',
      verdict(small.alike.same + large.alike.same === small.alike.asked + large.alike.asked),
    ],
  ];
  const w = small.allWorkers;
  if (w) {
    goals.push([
      `gallery URLs at ${n(small.photos)}, ${w.workers} workers`,
      `${n(w.rps)} req/s p99 ${w.p99} ms${failed(w)}`,
      '≥ 2,000 req/s',
      verdict(w.rps >= 2_000),
    ]);
  }
  out.push(
    `  p99 over the answers on open connections. A connection's first answer waits for the server to accept it,`,
    `  one connection a turn of its event loop: the slowest first answer at ${n(large.photos)} took ${n(worstFirst)} ms.`,
    `  the slowest URLs' SQL at ${n(large.photos)}:`,
  );
  for (const c of cases) {
    for (const { ms: t, url } of large.serial[c].slowest) out.push(`    ${ms(t).padStart(6)} ms  ${decodeURIComponent(url)}`);
  }
  for (const [name, figure, goal, v] of goals)
    out.push(`  ${name!.padEnd(44)} ${figure!.padEnd(34)} goal ${goal!.padEnd(14)} ${v}`);
  return out.join('\n');
}
