import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildServices } from '../server/src/app.js';
import { systemClock } from '../server/src/clock.js';
import { jobKinds } from '../server/src/jobs/kinds.js';
import { JobRunner } from '../server/src/jobs/runner.js';
import { LINK_JOB } from '../server/src/modules/airframes/airframes.service.js';
import { INDEX_JOB } from '../server/src/modules/gallery/gallery.service.js';
import { loadConfig } from '../server/src/config.js';
import { makeJpeg } from '../server/src/testing/images.js';
import { startServer, type RunningServer } from '../server/src/testing/process.js';
import { INPUT_TRAIL_SCRIPT, watchBrowser } from './trail.js';

export { startServer, type RunningServer } from '../server/src/testing/process.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser suites run wherever chromium and a web build exist; in CI they are required. */
export function browserAvailable(): boolean {
  const ok = fs.existsSync(CHROMIUM) && fs.existsSync('dist/web/index.html');
  if (!ok && process.env.CI === 'true') {
    throw new Error(`CI=true needs ${CHROMIUM} and a web build (dist/web): the browser suite is required`);
  }
  return ok;
}

/**
 * Services over the same database as a running server, to set up users the way the CLI does, and a way to
 * run the jobs a change through them enqueued that a request would run before answering (the gallery's
 * index, the airframe link): the server's runner would do them within a second, the test needs them now.
 */
export async function servicesFor(server: RunningServer) {
  const { services, database } = await buildServices(loadConfig(server.env));
  const jobs = new JobRunner(database, systemClock, { error: console.error, warn: () => undefined });
  for (const kind of jobKinds(database, systemClock, { send: async () => undefined }, services)) jobs.register(kind);
  return {
    ...services,
    db: database.db,
    runInlineJobs: () => jobs.runDue({ kinds: [INDEX_JOB, LINK_JOB] }),
    close: () => database.destroy(),
  };
}

type Services = Awaited<ReturnType<typeof servicesFor>>;
/** A session as the login answers it (what the web keeps in localStorage). */
export type Session = Record<string, unknown> & { id: number; token: string; username: string; permission: number };
export type Actor = { id: number; username: string; level: number; sessionId: number };

/** The member of a session as services take it (the acting user). */
export const actorOf = (s: Session): Actor => ({ id: s.id, username: s.username, level: s.permission, sessionId: 0 });

/** Members made as the CLI makes them, each signed in (password `password-123`): role → session. */
export async function signedInMembers<R extends string>(
  services: Services,
  members: readonly (readonly [role: R, email: string, username: string, level: number])[],
): Promise<Record<R, Session>> {
  const out = {} as Record<R, Session>;
  for (const [role, email, username, level] of members) {
    await services.accounts.createUser({ email, username, password: 'password-123', level });
    out[role] = { ...(await services.sessions.login(email, 'password-123', '127.0.0.1')) };
  }
  return out;
}

/** The first reference entry a search finds (the imported data: `A320`, `CSC`, `PVG`). */
export async function firstEntry(services: Services, kind: 'aircraft_types' | 'airlines' | 'airports', q: string) {
  return (await services.reference.search(kind, { q, limit: 1 }, null)).items[0]!.id;
}

/** Upload facts every seeded photo can share: an A320 of China Southern at Pudong, an airliner, no watermark. */
export async function seedPhotoMeta(services: Services) {
  return {
    aircraftTypeId: await firstEntry(services, 'aircraft_types', 'A320'),
    airlineId: await firstEntry(services, 'airlines', 'CSC'),
    airportId: await firstEntry(services, 'airports', 'PVG'),
    categories: ['airliner'],
    queue: 'normal' as const,
    watermark: null,
  };
}

/** Accepts a photo as screening does (through the lifecycle: the gallery's index and the fan-out follow). */
export async function acceptAs(services: Services, photoId: number, actor: Actor): Promise<void> {
  const row = await services.db.selectFrom('photos').selectAll().where('id', '=', photoId).executeTakeFirstOrThrow();
  await services.db
    .transaction()
    .execute((trx) =>
      services.lifecycle.transition(trx, { photo: row, action: 'accept', actor, patch: { decided_at: Date.now() } }),
    );
  await services.runInlineJobs();
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  watchBrowser(browser);
  return browser;
}

/**
 * A new browser (own storage) at `width` × 900 in Chinese, signed in with `session` (the shell's
 * `userInfo` in localStorage) or a visitor when null; steps wait at most 20 s.
 */
export async function openTab(
  browser: Browser,
  session: object | null,
  opts: { width?: number; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: 900 },
    locale: 'zh-CN',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  context.setDefaultTimeout(20_000);
  await recordNotices(context);
  if (session) await context.addInitScript((s) => localStorage.setItem('userInfo', JSON.stringify(s)), session);
  return { context, page: await context.newPage() };
}

/**
 * The app runs on the page: a page the server rendered has hydrated (layout.tsx marks it). Its HTML shows
 * before its buttons answer; a test that clicks at once waits for this first, as a person's first tap
 * on a slow phone would have to.
 */
export const appReady = (page: Page) => page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });

/**
 * Every notice a page of this context shows is written down as it appears: a notice stays 3 s, and a
 * test polling the screen on a busy machine can look before and after it (noticesSeen). The page's
 * last inputs are kept too, for the report of a failed test (e2e/trail.ts).
 */
export async function recordNotices(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript({ content: INPUT_TRAIL_SCRIPT });
  await target.addInitScript(() => {
    const seen: string[] = [];
    const marked = new WeakSet<Element>();
    (window as unknown as { __noticesSeen: string[] }).__noticesSeen = seen;
    new MutationObserver(() => {
      for (const notice of document.querySelectorAll('.notices .notice')) {
        if (marked.has(notice) || !notice.textContent) continue;
        marked.add(notice);
        seen.push(notice.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Texts of every notice the page has shown since it loaded, oldest first, those gone included. */
export async function noticesSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __noticesSeen?: string[] }).__noticesSeen ?? []);
}

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A screenshot once the page's finite animations (Ant Design's openings, say) have finished. */
export async function screenshotStill(page: Page, name: string): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await screenshot(page, name);
}

/** How many pixels the page is wider than the window (0 when nothing scrolls sideways). */
export const noOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Texts of the notices on screen right now. */
export async function noticeTexts(page: Page): Promise<string[]> {
  return page.locator('.notices .notice').allTextContents();
}

/**
 * A screening desk on a running server: a photographer, a screener (level 1) signed in, and one photo
 * waiting for each registration, drawn `width` × `height` from `seed` on.
 */
export async function screeningDesk(
  server: RunningServer,
  registrations: string[],
  image: { seed: number; width: number; height: number },
): Promise<{ screener: Session; photos: number[] }> {
  const services = await servicesFor(server);
  try {
    const people = await signedInMembers(services, [
      ['uploader', 'spotter@example.com', '拍机少年', 0],
      ['screener', 'screener@example.com', '审图员甲', 1],
    ] as const);
    const uploader = { id: people.uploader.id, username: '拍机少年', level: 0, sessionId: 0 };
    const meta = await seedPhotoMeta(services);
    const file = path.join(server.dataDir, 'seed.jpg');
    const photos: number[] = [];
    for (const [i, registration] of registrations.entries()) {
      fs.writeFileSync(file, await makeJpeg({ ...image, seed: image.seed + i }));
      photos.push((await services.uploads.upload(uploader, file, { ...meta, registration, takenOn: '2024-03-03' })).photo.id);
    }
    return { screener: people.screener, photos };
  } finally {
    await services.close();
  }
}

/**
 * A suite's screening desk: a server started before its tests with `screeningDesk`'s people and photos,
 * and a browser; both stopped after them. Its fields are set once the suite's tests run.
 */
export function screeningDeskSuite(
  registrations: string[],
  image: { seed: number; width: number; height: number },
): ScreeningDesk {
  const desk: Partial<ScreeningDesk> = {};
  beforeAll(async () => {
    desk.server = await startServer();
    Object.assign(desk, await screeningDesk(desk.server, registrations, image));
    desk.browser = await launchBrowser();
  });
  afterAll(async () => {
    await desk.browser?.close();
    await desk.server?.stop();
  });
  return desk as ScreeningDesk;
}

interface ScreeningDesk {
  server: RunningServer;
  browser: Browser;
  screener: Session;
  photos: number[];
}
