// The demo's story as data: the photos with their fates, and every act of the community in time
// order (plan.ts decides them; demo.ts plays them through the services).
import type { FollowKind } from '../../../contract/follow-rules.js';
import type { Livery } from './aircraft.js';
import type { Person, Refusal } from './cast.js';
import type { Exif, Flaw, Framing, Light } from './scene.js';

export type Fate =
  | { kind: 'accept'; at: number; by: number }
  | { kind: 'reject'; at: number; by: number; refusal: Refusal; appeal: { at: number; decidedAt: number; by: number } | null }
  | { kind: 'escalate'; at: number; by: number; note: string; senior: { at: number; by: number; accept: boolean } }
  | { kind: 'pending' };

export interface PlannedPhoto {
  owner: number;
  registration: string;
  type: string;
  msn: string | null;
  airline: string;
  livery: Livery;
  /** IATA code; null for a picture taken from another aircraft. */
  airport: string | null;
  uploadAt: number;
  takenOn: string;
  categories: string[];
  remark: string | undefined;
  scene: {
    width: number;
    height: number;
    light: Light;
    framing: Framing;
    winter: boolean;
    hills: boolean;
    facingLeft: boolean;
    flaw: Flaw | null;
    exif: Exif;
    seed: number;
  };
  fate: Fate;
  /** A moved aircraft's or a special paint's photo: always accepted, the story needs it. */
  special: boolean;
}

export type FollowTarget =
  { kind: 'photographer'; person: number } | { kind: Exclude<FollowKind, 'photographer' | 'airframe'>; code: string };

/** Something a person does; `person` and `photo` are indexes into the plan's people and photos. */
export type Act =
  | { kind: 'join'; person: number }
  | { kind: 'follow'; person: number; target: FollowTarget }
  | { kind: 'upload' | 'screen' | 'senior' | 'appeal' | 'appeal-decision'; photo: number }
  | { kind: 'like'; photo: number; person: number }
  | { kind: 'vote'; photo: number; person: number; reason: string }
  | { kind: 'ballot'; photo: number; person: number; value: 1 | -1 }
  | { kind: 'close-votes' }
  | { kind: 'potw'; person: number; ahead: boolean };

export type TimedAct = Act & { at: number };

export interface Plan {
  people: Person[];
  photos: PlannedPhoto[];
  acts: TimedAct[];
  /** The registrations the moved aircraft carried, before and after. */
  transfers: { before: string; after: string }[];
}

/** What the parts of the plan share while it is being written. */
export interface Story {
  rand: () => number;
  people: Person[];
  /** When each person joined. */
  joined: number[];
  end: number;
  /** Adds an act, unless it falls after the end. */
  add(at: number, act: Act): void;
  /** The team members at `level` or above, but not these. */
  team(level: number, not: number[]): number[];
}
