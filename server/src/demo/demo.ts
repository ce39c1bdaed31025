// `npm run demo` (and `npm start -- --demo`): fills an empty site with a believable community —
// members and a screening team, a few hundred photos drawn by the project's own code of aircraft with
// Chinese registrations, screened, appealed, liked, voted on, followed and picked as photo of the
// week, over the past six months — through the site's services, on the configured database and storage.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildServices, tmpDirOf, type Services } from '../app.js';
import type { Config } from '../config.js';
import { jobKinds } from '../jobs/kinds.js';
import { JobRunner } from '../jobs/runner.js';
import { importReferenceDataIfChanged } from '../modules/reference/reference.import.js';
import { AIRPORTS } from './cast.js';
import { acceptedAt } from './community.js';
import { AIRLINES, TYPES } from './fleet.js';
import { planDemo } from './plan.js';
import { Play, StoryClock, type Refs } from './play.js';
import { seeded } from './random.js';
import type { Plan } from './story.js';

/** The site already has members: the demo only fills an empty one. */
export class DemoRefused extends Error {}

export interface DemoOptions {
  photos: number;
  /** The story's last moment (now, unless a test says otherwise). */
  end?: number;
  /** Progress, a line at a time, in Chinese. */
  progress?: (line: string) => void;
}

export interface DemoResult {
  people: number;
  photos: { total: number; accepted: number; rejected: number; waiting: number };
  team: { email: string; username: string; level: number }[];
  /** The photographers' sign-in addresses. */
  members: string[];
  admin: { email: string; password: string };
  /** Every other demo account's password. */
  password: string;
  /** Aircraft that moved to another airline: their first registration and their new one. */
  transfers: { before: string; after: string }[];
  seconds: number;
}

const emailOf = (plan: Plan, person: number) =>
  plan.people[person]!.level === 3
    ? 'admin@example.com'
    : plan.people[person]!.level > 0
      ? `screener${person}@example.com`
      : `member${String(person).padStart(2, '0')}@example.com`;

/** Ids of the airlines, airports and types the story names, from the imported reference data. */
async function referenceIds(services: Services): Promise<Refs> {
  const find = async (kind: 'airlines' | 'airports' | 'aircraft_types', code: string, field: 'icao' | 'iata') => {
    const { items } = await services.reference.search(kind, { q: code, limit: 20 }, null);
    const item = items.find((i) => (i as Record<string, unknown>)[field] === code && i.status === 'available');
    if (!item) throw new Error(`参考数据中找不到 ${code}，请先运行 npm run admin -- import-reference-data`);
    return [code, item.id] as const;
  };
  return {
    airlines: new Map(await Promise.all(AIRLINES.map((a) => find('airlines', a.icao, 'icao')))),
    airports: new Map(await Promise.all(AIRPORTS.map((a) => find('airports', a, 'iata')))),
    types: new Map(await Promise.all(Object.keys(TYPES).map((t) => find('aircraft_types', t, 'icao')))),
  };
}

export async function runDemo(config: Config, opts: DemoOptions): Promise<DemoResult> {
  const started = Date.now();
  const say = opts.progress ?? (() => undefined);
  const end = opts.end ?? Date.now();
  const clock = new StoryClock(end);
  const { services, database } = await buildServices(config, { clock });
  const tmpDir = path.join(tmpDirOf(config), `demo-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const accounts = await services.accounts.countAccounts();
    if (accounts > 0) {
      throw new DemoRefused(
        `站点已有 ${accounts} 个账号，演示数据只填入空站点。请换一个空的数据目录（DATA_DIR）或数据库（DATABASE_URL）再试。`,
      );
    }
    if (await importReferenceDataIfChanged(database.db, Date.now())) say('已导入参考数据（机场、航空公司、机型）');
    const refs = await referenceIds(services);
    const plan = planDemo(opts.photos, end);
    const adminPassword = randomBytes(9).toString('base64url');
    const password = randomBytes(9).toString('base64url');
    const passwordOf = (person: number) => (plan.people[person]!.level === 3 ? adminPassword : password);
    fs.mkdirSync(tmpDir, { recursive: true });
    // The runner runs only the jobs each act enqueues inline (the server's loops run the rest); no mail is sent here.
    const jobs = new JobRunner(database, clock, { error: console.error, warn: () => undefined });
    for (const kind of jobKinds(database, clock, { send: async () => undefined }, services)) jobs.register(kind);
    const play = new Play(plan, services, clock, refs, { emailOf: (p) => emailOf(plan, p), passwordOf }, tmpDir, jobs);
    say(`创建演示社区：${plan.people.length} 名成员、${plan.photos.length} 张照片，跨度 180 天`);

    let uploaded = 0;
    const every = Math.max(1, Math.round(plan.photos.length / 10));
    for (const act of plan.acts) {
      await play.act(act);
      if (act.kind === 'upload' && ++uploaded % every === 0) {
        say(
          `照片 ${uploaded}/${plan.photos.length}（已通过 ${play.acceptedPhotos().length} 张，用时 ${Math.round((Date.now() - started) / 1000)} 秒）`,
        );
      }
    }
    await play.settle();
    say('收尾：关闭到期的投票、通知关注者、封面与浏览量……');
    await finish(plan, play, services, clock, end);

    const fates = plan.photos.map((p) => p.fate.kind);
    return {
      people: plan.people.length,
      photos: {
        total: plan.photos.length,
        accepted: play.acceptedPhotos().length,
        rejected: plan.photos.filter((p) => p.fate.kind !== 'pending' && acceptedAt(p) === null).length,
        waiting: fates.filter((f) => f === 'pending').length,
      },
      team: plan.people
        .map((p, i) => ({ email: emailOf(plan, i), username: p.username, level: p.level }))
        .filter((p) => p.level > 0),
      members: plan.people.map((_, i) => emailOf(plan, i)).filter((_, i) => plan.people[i]!.level === 0),
      admin: { email: 'admin@example.com', password: adminPassword },
      password,
      transfers: plan.transfers,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
    await database.destroy();
  }
}

/** The story's present: votes due are closed, followers told, covers chosen, an airframe followed, views counted. */
async function finish(plan: Plan, play: Play, services: Services, clock: StoryClock, end: number): Promise<void> {
  clock.at = end;
  await services.votes.closeDueVotes();
  while ((await services.fanout.run(20)) > 0);
  const likes = new Map<number, number>();
  for (const a of plan.acts) if (a.kind === 'like') likes.set(a.photo, (likes.get(a.photo) ?? 0) + 1);
  const accepted = play.acceptedPhotos();

  // Each photographer's page opens on their most liked photo.
  const best = new Map<number, number>();
  for (const i of accepted) {
    const owner = plan.photos[i]!.owner;
    const current = best.get(owner);
    if (current === undefined || (likes.get(i) ?? 0) > (likes.get(current) ?? 0)) best.set(owner, i);
  }
  for (const [owner, photo] of best) {
    await services.profile.updateMe(play.users[owner]!.id, { coverPhotoId: play.photoIds[photo]! });
  }

  // The aircraft that moved: followed by a few members, as the whole aircraft (both registrations).
  const moved = new Set(plan.transfers.flatMap((t) => [t.before, t.after]));
  const followed = new Set<string>();
  for (const i of accepted.filter((i) => moved.has(plan.photos[i]!.registration))) {
    const { airframeId } = await services.photos.get(play.photoIds[i]!, null);
    const fan = play.users[(i * 7) % plan.people.length];
    if (airframeId === null || !fan || fan.id === play.users[plan.photos[i]!.owner]!.id) continue;
    if (followed.has(`${fan.id} ${airframeId}`)) continue;
    followed.add(`${fan.id} ${airframeId}`);
    await services.follows.follow(fan, { kind: 'airframe', target: String(airframeId), mail: 'off' });
  }

  // Views: the liked and featured ones were opened more.
  const rand = seeded(plan.photos.length);
  for (const i of accepted) {
    const id = play.photoIds[i]!;
    const n = 30 + (likes.get(i) ?? 0) * 40 + Math.floor(rand() ** 2 * 600) + (play.voteIds.has(i) ? 500 : 0);
    services.views.count(id, n);
  }
  await services.views.flush();
}
