// The demo's story, decided before anything is written: who joins when, which photo each member takes
// of which aircraft where and in what light, and what the screeners decide. Seeded, so the same count
// tells the same story; the run (demo.ts) plays it through the services in time order.
import { ESCALATIONS, PHOTOGRAPHERS, REFUSALS, TEAM } from './cast.js';
import { communityActs } from './community.js';
import { AIRLINES, buildFleet } from './fleet.js';
import { photoOf } from './photo-plan.js';
import { DAY, HOUR, pick, seeded, weighted } from './random.js';
import type { Plan, PlannedPhoto, Story, TimedAct } from './story.js';

/** The site's story over `days` days up to `end`, with `count` photos. */
export function planDemo(count: number, end: number, days = 180, seed = 2025): Plan {
  const rand = seeded(seed + count);
  const start = end - days * DAY;
  const people = [...TEAM, ...PHOTOGRAPHERS];
  const acts: TimedAct[] = [];
  // The team first; photographers keep arriving until two thirds of the way, the keenest earliest.
  const joined = people.map((p, i) =>
    i < TEAM.length ? start - (60 - i * 5) * DAY : start + (rand() ** 1.5 * 0.66 - 0.2 / p.weight) * days * DAY,
  );
  const story: Story = {
    rand,
    people,
    joined,
    end,
    add: (at, act) => {
      if (at < end) acts.push({ ...act, at: Math.round(at) });
    },
    team: (level, not) => people.map((_, i) => i).filter((i) => people[i]!.level >= level && !not.includes(i)),
  };
  joined.forEach((at, person) => story.add(at, { kind: 'join', person }));

  const fleet = buildFleet(rand, end);
  const photos: PlannedPhoto[] = [];
  const everyone = people.map((_, i) => i);
  for (let n = 0; n < count; n++) {
    // More photos lately: the community grows.
    const uploadAt = start + days * DAY * rand() ** 0.7;
    const owner = weighted(
      rand,
      everyone.filter((i) => joined[i]! < uploadAt - DAY && people[i]!.weight > 0),
      (i) => people[i]!.weight,
    );
    const home = people[owner]!.home;
    const airport = rand() < 0.85 ? home : pick(rand, [...new Set(people.map((p) => p.home))]);
    const airline = weighted(
      rand,
      AIRLINES.filter((a) => a.weight > 0),
      (a) => a.weight * (a.hubs.includes(airport) ? 8 : 1) * (a.hongKong && airport !== 'HKG' ? 0.2 : 1),
    );
    const seen = fleet.filter((f) => f.airline === airline.icao && !f.before);
    photos.push(photoOf(rand, owner, pick(rand, seen), airport, uploadAt));
  }
  photos.sort((a, b) => a.uploadAt - b.uploadAt);

  // Each moved aircraft: photos under its first registration, then under its new one (the first, always).
  const transfers = fleet.filter((f) => f.before);
  transfers.forEach((aircraft, k) => {
    const until = aircraft.before!.until;
    const each = k === 0 ? Math.max(1, Math.min(2, Math.floor(count / 60))) : Math.floor(count / 80);
    const sides = [
      { before: true, slots: photos.filter((p) => p.uploadAt < until - 3 * DAY && !p.special) },
      { before: false, slots: photos.filter((p) => p.uploadAt > until + 12 * DAY && !p.special) },
    ];
    for (const { before, slots } of sides) {
      for (let i = 0; i < Math.min(each, slots.length); i++) {
        const slot = slots[Math.floor(((i + 0.5 + k * 0.3) / each) * slots.length) % slots.length]!;
        const airport = slot.airport ?? people[slot.owner]!.home;
        photos[photos.indexOf(slot)] = photoOf(rand, slot.owner, aircraft, airport, slot.uploadAt, before);
      }
    }
  });

  // The newest few still wait in the queue, as on any day.
  const waiting = Math.max(2, Math.round(count / 40));
  photos.forEach((p, n) => decide(story, p, n, n >= count - waiting && !p.special));
  // A story needs its appeals: each appealable refusal at least once.
  for (const refusal of REFUSALS.filter((r) => r.appeal)) {
    if (photos.some((p) => p.fate.kind === 'reject' && p.fate.refusal === refusal)) continue;
    const p = photos.find((q, i) => i > count / 3 && q.fate.kind === 'accept' && !q.special);
    if (!p || p.fate.kind !== 'accept') continue;
    const appealAt = p.fate.at + DAY;
    const appeal = { at: appealAt, decidedAt: appealAt + DAY, by: pick(rand, story.team(2, [p.owner, p.fate.by])) };
    p.fate = { kind: 'reject', at: p.fate.at, by: p.fate.by, refusal, appeal };
    p.scene.flaw = refusal.flaw;
  }

  photos.forEach((p, photo) => {
    story.add(p.uploadAt, { kind: 'upload', photo });
    const f = p.fate;
    if (f.kind === 'pending') return;
    story.add(f.at, { kind: 'screen', photo });
    if (f.kind === 'escalate') story.add(f.senior.at, { kind: 'senior', photo });
    if (f.kind === 'reject' && f.appeal) {
      story.add(f.appeal.at, { kind: 'appeal', photo });
      story.add(f.appeal.decidedAt, { kind: 'appeal-decision', photo });
    }
  });
  communityActs(story, photos, fleet);
  acts.sort((a, b) => a.at - b.at);
  return { people, photos, acts, transfers: transfers.map((t) => ({ before: t.before!.registration, after: t.registration })) };
}

/** What the screeners make of a photo: most accepted within a day or so; the last hours' uploads still wait. */
function decide(story: Story, p: PlannedPhoto, n: number, waits: boolean): void {
  const { rand, team } = story;
  const at = p.uploadAt + (2 + rand() * 30) * HOUR;
  if (waits || at > story.end - 2 * HOUR) return;
  const roll = p.special ? 0 : rand();
  if (roll < 0.8) {
    p.fate = { kind: 'accept', at, by: pick(rand, team(1, [p.owner])) };
  } else if (roll < 0.95) {
    const refusal = REFUSALS[n % REFUSALS.length]!;
    const by = pick(rand, team(1, [p.owner]));
    const appealAt = at + (0.5 + rand() * 3) * DAY;
    const appeal = refusal.appeal
      ? { at: appealAt, decidedAt: appealAt + (0.5 + rand()) * DAY, by: pick(rand, team(2, [p.owner, by])) }
      : null;
    p.fate = { kind: 'reject', at, by, refusal, appeal };
    p.scene.flaw = refusal.flaw;
  } else {
    const senior = { at: at + (0.5 + rand() * 2) * DAY, by: pick(rand, team(2, [p.owner])), accept: rand() < 0.6 };
    const by = pick(
      rand,
      team(1, [p.owner]).filter((i) => story.people[i]!.level === 1),
    );
    p.fate = { kind: 'escalate', at, by, note: pick(rand, ESCALATIONS), senior };
    if (!senior.accept) p.scene.flaw = 'crop';
  }
}
