// What the community does around the photos: likes after acceptance, editor's-choice votes on the
// nicest, follows a few days after joining, and a photo of the week for each of the last weeks.
import { praise } from './cast.js';
import { AIRLINES, type Aircraft } from './fleet.js';
import { DAY, HOUR, pick, shuffled } from './random.js';
import type { FollowTarget, PlannedPhoto, Story } from './story.js';

/** When the photo entered the gallery, or null when it never did. */
export function acceptedAt(p: PlannedPhoto): number | null {
  const f = p.fate;
  if (f.kind === 'accept') return f.at;
  if (f.kind === 'escalate') return f.senior.accept ? f.senior.at : null;
  if (f.kind === 'reject') return f.appeal && f.refusal.appeal?.won ? f.appeal.decidedAt : null;
  return null;
}

export function communityActs(story: Story, photos: PlannedPhoto[], fleet: Aircraft[]): void {
  const { rand, people, joined, add, team } = story;
  photos.forEach((p, photo) => {
    const at = acceptedAt(p);
    if (at === null) return;
    const nice = !p.scene.flaw && p.scene.light !== 'overcast' && p.scene.light !== 'night';
    const likers = new Set<number>();
    for (let i = Math.floor(rand() ** 2 * (nice ? 16 : 8)); i > 0; i--) {
      const likedAt = at + rand() ** 2 * 12 * DAY;
      const person = Math.floor(rand() * people.length);
      if (person === p.owner || likers.has(person) || joined[person]! >= likedAt) continue;
      likers.add(person);
      add(likedAt, { kind: 'like', photo, person });
    }
    // Editor's choice: about one nice photo in seven is put to the vote (a special paint always); most votes carry.
    if (!nice || !(rand() < 0.14 || p.special)) return;
    const openAt = at + (0.3 + rand() * 2) * DAY;
    const voters = shuffled(rand, team(1, [p.owner])).slice(0, 3 + Math.floor(rand() * 3));
    add(openAt, { kind: 'vote', photo, person: voters[0]!, reason: praise({ ...p.scene, special: p.special }).reason });
    const carries = rand() < 0.85;
    voters.forEach((person, i) =>
      add(openAt + (1 + i * 7 + rand() * 5) * HOUR, { kind: 'ballot', photo, person, value: carries || i === 0 ? 1 : -1 }),
    );
    add(openAt + 72 * HOUR + 60_000, { kind: 'close-votes' });
  });

  // Follows, a few days after joining: a popular photographer, home, an airline, a type, a special paint, a search.
  const popular = people.map((_, i) => i).filter((i) => people[i]!.weight >= 4);
  const specials = fleet.filter((f) => f.special);
  people.forEach((person, i) => {
    const wants: FollowTarget[] = [
      {
        kind: 'photographer',
        person: pick(
          rand,
          popular.filter((j) => j !== i),
        ),
      },
      { kind: 'airport', code: person.home },
      {
        kind: 'airline',
        code: pick(
          rand,
          AIRLINES.filter((a) => a.weight >= 3),
        ).icao,
      },
      { kind: 'type', code: pick(rand, ['C919', 'B77W', 'A359', 'B744', 'B789', 'AJ27']) },
      { kind: 'registration', code: pick(rand, specials).registration },
      { kind: 'search', code: pick(rand, ['q=C919', 'cat=cargo', 'featured=1&cat=night']) },
    ];
    for (const target of shuffled(rand, wants).slice(0, 1 + Math.floor(rand() * 4))) {
      add(joined[i]! + (1 + rand() * 14) * DAY, { kind: 'follow', person: i, target });
    }
  });

  // A photo of the week for each of the last weeks, picked early on by one of the senior screeners.
  const weeks = Math.min(10, 2 + Math.floor(photos.length / 30));
  const seniors = team(2, []);
  for (let k = weeks - 1; k >= -1; k--) {
    // The last one is next week's, picked ahead, so the home page has one when the site starts days later.
    add(story.end - Math.max(k, 0) * 7 * DAY - 1, {
      kind: 'potw',
      person: seniors[(k + 2) % seniors.length]!,
      ahead: k < 0,
    });
  }
}
