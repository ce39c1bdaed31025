// Plays the demo's story through the site's own services, as its members would through the API:
// uploads through the upload pipeline, decisions under a screening lock, appeals, likes, votes,
// follows and the photo of the week, each at its moment of the story (the clock is moved to it),
// so every table derived from them (gallery index, airframes, renditions, notifications) is right.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { weekOf } from '../../../contract/catalogues.js';
import { followRequest } from '../../../contract/follows.js';
import { photoMeta } from '../../../contract/photos.js';
import { decisionRequest } from '../../../contract/screening.js';
import type { Services } from '../app.js';
import { requestScope } from '../db/request-scope.js';
import type { AuthUser } from '../http/auth.js';
import type { JobRunner } from '../jobs/runner.js';
import { praise } from './cast.js';
import { TYPES } from './fleet.js';
import { DAY, seeded } from './random.js';
import { renderScene } from './scene.js';
import type { FollowTarget, Plan, TimedAct } from './story.js';
import { SCREENING_LIMITS } from '../../../contract/screening.js';

/** The reference data the story names, by code: airline ICAO, airport IATA, type ICAO → id. */
export interface Refs {
  airlines: Map<string, number>;
  airports: Map<string, number>;
  types: Map<string, number>;
}

export interface Accounts {
  emailOf(person: number): string;
  passwordOf(person: number): string;
}

/**
 * The clock the story moves: every service reads the story's time. An upload still being processed
 * keeps its own moment while the story goes on.
 */
export class StoryClock {
  private readonly moment = new AsyncLocalStorage<number>();
  constructor(public at: number) {}
  now(): number {
    return this.moment.getStore() ?? this.at;
  }
  during<T>(at: number, fn: () => Promise<T>): Promise<T> {
    return this.moment.run(at, fn);
  }
}

const UNDO_MS = SCREENING_LIMITS.undoSeconds * 1000;

/** How many pictures are drawn ahead of the upload that needs them (drawing overlaps processing). */
const DRAW_AHEAD = 3;
/** Uploads processed at once: one decode per core, as the upload pipeline's gate allows. */
const UPLOADS_AT_ONCE = Math.max(1, Math.min(4, os.availableParallelism()));

export class Play {
  readonly users: (AuthUser | undefined)[];
  readonly photoIds: (number | undefined)[];
  readonly voteIds = new Map<number, number>();
  private readonly drawn = new Map<number, Promise<Buffer>>();
  private readonly uploadOrder: number[];
  private readonly picked = new Set<number>();
  private readonly accepted = new Set<number>();
  private readonly uploading = new Map<number, Promise<void>>();
  private readonly inFlight = new Set<Promise<void>>();
  private acceptedNow = false;

  constructor(
    private readonly plan: Plan,
    private readonly services: Services,
    private readonly clock: StoryClock,
    private readonly refs: Refs,
    private readonly accounts: Accounts,
    private readonly tmpDir: string,
    private readonly jobs: JobRunner,
  ) {
    this.users = plan.people.map(() => undefined);
    this.photoIds = plan.photos.map(() => undefined);
    this.uploadOrder = plan.acts.filter((a) => a.kind === 'upload').map((a) => (a as { photo: number }).photo);
  }

  private user(person: number): AuthUser {
    const u = this.users[person];
    if (!u) throw new Error(`the story's person ${person} has not joined yet`);
    return u;
  }

  private id(photo: number): number {
    const id = this.photoIds[photo];
    if (id === undefined) throw new Error(`the story's photo ${photo} was not uploaded`);
    return id;
  }

  private draw(photo: number): Promise<Buffer> {
    let job = this.drawn.get(photo);
    if (!job) {
      const p = this.plan.photos[photo]!;
      const { seed, facingLeft, ...scene } = p.scene;
      const { shape, girth } = TYPES[p.type]!;
      const freighter = p.categories.includes('cargo');
      const aircraft = { shape, girth, livery: p.livery, registration: p.registration, facingLeft, freighter };
      job = renderScene({ ...scene, rand: seeded(seed), aircraft });
      this.drawn.set(photo, job);
    }
    return job;
  }

  /**
   * One act at its moment, as a request of the member would make it: the inline jobs it enqueued (the
   * gallery's index, the airframe link) run after it, then what the follow-fanout job does once an
   * acceptance's 撤销 window has passed.
   */
  async act(a: TimedAct): Promise<void> {
    this.clock.at = a.at;
    if (a.kind === 'upload') return this.startUpload(a.photo, a.at);
    if ('photo' in a) await this.uploading.get(a.photo);
    this.acceptedNow = false;
    const keys = new Set<string>();
    await requestScope.run({ jobs: keys }, () => this.perform(a));
    if (keys.size > 0) await this.jobs.runKeys(keys);
    // Its followers hear once the acceptance can no longer be taken back (撤销), as the job would tell them.
    if (this.acceptedNow) await this.clock.during(a.at + UNDO_MS, () => this.services.fanout.run(20));
  }

  private async perform(a: TimedAct): Promise<void> {
    const s = this.services;
    switch (a.kind) {
      case 'join': {
        const person = this.plan.people[a.person]!;
        const row = await s.accounts.createUser({
          email: this.accounts.emailOf(a.person),
          username: person.username,
          password: this.accounts.passwordOf(a.person),
          level: person.level,
        });
        this.users[a.person] = { id: row.id, username: row.username, level: row.level, sessionId: 0 };
        // The demo's addresses are example.com: no screening digest is mailed to them.
        await s.profile.updateMe(row.id, {
          homeAirportId: this.refs.airports.get(person.home) ?? null,
          settings: { screeningMails: false },
        });
        return;
      }
      case 'upload':
        return;
      case 'screen':
        return this.screen(a.photo);
      case 'senior': {
        const f = this.plan.photos[a.photo]!.fate;
        if (f.kind !== 'escalate') return;
        const decision = f.senior.accept
          ? { decision: 'accept' }
          : { decision: 'reject', reasons: ['crop'], message: '机尾离画面边缘太近，构图过紧，建议重新裁切。' };
        return this.decide(a.photo, f.senior.by, decision);
      }
      case 'appeal': {
        const p = this.plan.photos[a.photo]!;
        if (p.fate.kind !== 'reject' || !p.fate.refusal.appeal) return;
        await s.appeals.appeal(this.id(a.photo), this.user(p.owner), p.fate.refusal.appeal.note);
        return;
      }
      case 'appeal-decision': {
        const f = this.plan.photos[a.photo]!.fate;
        if (f.kind !== 'reject' || !f.appeal || !f.refusal.appeal) return;
        const { won, answer } = f.refusal.appeal;
        const decision = won
          ? { decision: 'accept', message: answer }
          : { decision: 'reject', reasons: f.refusal.reasons, message: answer };
        return this.decide(a.photo, f.appeal.by, decision);
      }
      case 'like':
        await s.gallery.like(this.id(a.photo), this.user(a.person), true);
        return;
      case 'vote': {
        const { vote } = await s.votes.open(this.user(a.person), { photoId: this.id(a.photo), reason: a.reason });
        this.voteIds.set(a.photo, vote.id);
        return;
      }
      case 'ballot':
        await s.votes.ballot(this.user(a.person), this.voteIds.get(a.photo)!, a.value);
        return;
      case 'close-votes':
        await s.votes.closeDueVotes();
        return;
      case 'follow':
        return this.follow(a.person, a.target);
      case 'potw':
        return this.potw(a.person, a.ahead);
    }
  }

  /**
   * An upload goes on at its own moment while the story moves on to the next acts (a later act about
   * the photo waits for it), a few at once, so drawing and processing keep every core busy.
   */
  private async startUpload(photo: number, at: number): Promise<void> {
    if (this.inFlight.size >= UPLOADS_AT_ONCE) await Promise.race(this.inFlight);
    const job = this.clock.during(at, () => this.upload(photo));
    this.uploading.set(photo, job);
    // Its failure is met by whoever waits for it (a later act, or settle()), not left unhandled.
    const done = job.catch(() => undefined).finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  /** Waits for every upload still being processed. */
  async settle(): Promise<void> {
    await Promise.all(this.uploading.values());
  }

  private async upload(photo: number): Promise<void> {
    const next = this.uploadOrder.indexOf(photo);
    for (const ahead of this.uploadOrder.slice(next + 1, next + 1 + DRAW_AHEAD)) void this.draw(ahead).catch(() => undefined);
    const p = this.plan.photos[photo]!;
    const file = path.join(this.tmpDir, `${photo}.jpg`);
    await fs.promises.writeFile(file, await this.draw(photo));
    this.drawn.delete(photo);
    const meta = photoMeta.parse({
      registration: p.registration,
      ...(p.msn ? { msn: p.msn } : {}),
      aircraftTypeId: this.refs.types.get(p.type),
      airlineId: this.refs.airlines.get(p.airline),
      ...(p.airport ? { airportId: this.refs.airports.get(p.airport) } : { inFlight: true }),
      takenOn: p.takenOn,
      categories: p.categories,
      ...(p.remark ? { remark: p.remark } : {}),
      queue: 'normal',
      watermark: null,
    });
    try {
      const { photo: uploaded } = await this.services.uploads.upload(this.user(p.owner), file, meta);
      this.photoIds[photo] = uploaded.id;
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  }

  private async screen(photo: number): Promise<void> {
    const f = this.plan.photos[photo]!.fate;
    if (f.kind === 'accept') return this.decide(photo, f.by, { decision: 'accept' });
    if (f.kind === 'reject')
      return this.decide(photo, f.by, { decision: 'reject', reasons: f.refusal.reasons, message: f.refusal.message });
    if (f.kind === 'escalate') return this.decide(photo, f.by, { decision: 'escalate', message: f.note });
  }

  /** A decision as the screening page makes it: the lock first, then the decision under it. */
  private async decide(photo: number, person: number, decision: Record<string, unknown>): Promise<void> {
    const screener = this.user(person);
    const id = this.id(photo);
    await this.services.locks.take(id, screener);
    const { photo: decided } = await this.services.decisions.decide(id, screener, decisionRequest.parse(decision));
    if (decided.state === 'accepted') {
      this.accepted.add(photo);
      this.acceptedNow = true;
    }
  }

  private async follow(person: number, target: FollowTarget): Promise<void> {
    let value: string | undefined;
    if (target.kind === 'photographer') value = this.users[target.person] ? String(this.users[target.person]!.id) : undefined;
    else if (target.kind === 'airline') value = String(this.refs.airlines.get(target.code));
    else if (target.kind === 'airport') value = String(this.refs.airports.get(target.code));
    else if (target.kind === 'type') value = String(this.refs.types.get(target.code));
    else value = target.code;
    // A photographer who has not joined yet is not followed.
    if (value === undefined) return;
    await this.services.follows.follow(this.user(person), followRequest.parse({ kind: target.kind, target: value }));
  }

  /** A senior screener's pick: the newest editor's choice not picked yet (else a recent photo), never their own. */
  private async potw(person: number, ahead: boolean): Promise<void> {
    const picker = this.user(person);
    const candidates = [...this.accepted].filter((i) => !this.picked.has(i) && this.plan.photos[i]!.owner !== person).reverse();
    const featured: number[] = [];
    for (const i of candidates.slice(0, 60)) {
      if (this.voteIds.has(i) && (await this.services.photos.get(this.id(i), null)).featured) featured.push(i);
    }
    const photo = featured[0] ?? candidates.find((i) => !this.plan.photos[i]!.scene.flaw);
    if (photo === undefined) return;
    this.picked.add(photo);
    const p = this.plan.photos[photo]!;
    const { comment } = praise({ ...p.scene, special: p.special });
    const week = ahead ? weekOf(this.clock.now() + 7 * DAY) : undefined;
    await this.services.potw.pick(picker, { photoId: this.id(photo), comment, ...(week ? { week } : {}) });
  }

  /** Accepted photos of the story, in the order they were accepted. */
  acceptedPhotos(): number[] {
    return [...this.accepted];
  }
}
