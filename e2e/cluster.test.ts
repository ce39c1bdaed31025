import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENING_MESSAGES } from '../contract/screening.js';
import { PHOTO_MESSAGES } from '../contract/photos.js';
import { MESSAGES } from '../contract/texts.js';
import { NGINX, startCluster, startLoad, type Cluster } from '../scripts/cluster.js';
import { buildServices } from '../server/src/app.js';
import { runCli } from '../server/src/cli.js';
import { loadConfig } from '../server/src/config.js';
import { inFlightMeta, multipartBody } from '../server/src/testing/harness.js';
import { asAnotherFile, makeJpeg } from '../server/src/testing/images.js';
import { browserAvailable, launchBrowser, openTab, screenshot } from './harness.js';

// Issue 17 item 7: PRODUCT.md §9.3's scale-out, proven — nginx running deploy/nginx.conf in front of
// three server processes on one PostgreSQL database and one S3 store.

/** The cluster test needs nginx and PostgreSQL as well as the browser; in CI all are required. */
function clusterAvailable(): boolean {
  const ok = fs.existsSync(NGINX) && !!process.env.TEST_DATABASE_URL;
  if (!ok && process.env.CI === 'true')
    throw new Error(`CI=true needs ${NGINX} and TEST_DATABASE_URL: the cluster test is required`);
  return ok && browserAvailable();
}

type Person = { id: number; email: string; token: string; session: Record<string, unknown> };

describe.skipIf(!clusterAvailable())('three processes behind nginx on one PostgreSQL and one S3', () => {
  let cluster: Cluster;
  let browser: Browser;
  let member: Person;
  let screeners: Person[];
  let typeId: number;
  let paths: string[];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-cluster-test-'));
  const env = () => ({ ...cluster.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

  const api = (base: string, method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const upload = async (registration: string, seed: number, base = cluster.url) => {
    // A file of its own for each registration: the member may not send the very same file twice.
    const file = asAnotherFile(await makeJpeg({ seed, width: 1600, height: 1067 }), registration);
    const { payload, headers } = await multipartBody({ file, meta: inFlightMeta(typeId, registration) });
    return fetch(`${base}/api/v1/photos`, {
      method: 'POST',
      body: payload,
      headers: { ...headers, authorization: `Bearer ${member.token}` },
    });
  };

  beforeAll(async () => {
    // Info-level logs are kept, to count which process sent a mail; one load generator is one address.
    cluster = await startCluster({
      processes: 3,
      captureOutput: true,
      extraEnv: { LOG_LEVEL: 'info', REQUESTS_PER_MINUTE: '100000000' },
    });
    const { services, database } = await buildServices(loadConfig(env()));
    try {
      const people: Person[] = [];
      for (const [email, level] of [
        ['spotter@example.com', 0],
        ['screener1@example.com', 1],
        ['screener2@example.com', 1],
      ] as const) {
        const user = await services.accounts.createUser({
          email,
          username: email.split('@')[0]!,
          password: 'password-123',
          level,
        });
        const session = { ...(await services.sessions.login(email, 'password-123', '127.0.0.1')) };
        people.push({ id: user.id, email, token: String(session.token), session });
      }
      [member, ...screeners] = people as [Person, ...Person[]];
      await database.db.updateTable('users').set({ queue_slots: 500 }).where('id', '=', member.id).execute();
      typeId = (await services.reference.search('aircraft_types', { q: 'A320', limit: 1 }, null)).items[0]!.id;
    } finally {
      await database.destroy();
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shares sessions, screening locks and rate limits between the processes', async () => {
    const direct = cluster.servers.map((s) => s.url);
    // A session made through nginx holds on every process, and its end is seen by all of them.
    const login = await api(cluster.url, 'POST', '/user/login', undefined, { email: member.email, password: 'password-123' });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    for (const base of direct) expect((await api(base, 'GET', '/user/me', token)).status).toBe(200);
    expect((await api(direct[0]!, 'POST', '/user/logout', token)).status).toBe(200);
    for (const base of direct) expect((await api(base, 'GET', '/user/me', token)).status).toBe(401);

    // A lock taken on one process refuses the other screener on another.
    const res = await upload('B-7000', 70);
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { photo: { id: number } }).photo.id;
    expect((await api(direct[0]!, 'POST', `/screening/photos/${id}/lock`, screeners[0]!.token)).status).toBe(200);
    expect((await api(direct[1]!, 'POST', `/screening/photos/${id}/lock`, screeners[1]!.token)).status).toBe(409);
    expect((await api(direct[2]!, 'DELETE', `/screening/photos/${id}/lock`, screeners[0]!.token)).status).toBe(200);

    // Five wrong passwords from one address, spread over the processes: the sixth is refused anywhere.
    const from = { 'x-forwarded-for': '203.0.113.9' };
    const wrong = { email: member.email, password: 'wrong-password-1' };
    for (let i = 0; i < 5; i++)
      expect((await api(direct[i % 3]!, 'POST', '/user/login', undefined, wrong, from)).status).toBe(401);
    expect((await api(direct[2]!, 'POST', '/user/login', undefined, wrong, from)).status).toBe(429);

    // Through nginx the address is the one nginx sees: an X-Forwarded-For the client writes changes nothing.
    const other = { email: screeners[1]!.email, password: 'wrong-password-1' };
    const spoofed = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
    for (let i = 0; i < 5; i++)
      expect((await api(cluster.url, 'POST', '/user/login', undefined, other, spoofed(i))).status).toBe(401);
    expect((await api(cluster.url, 'POST', '/user/login', undefined, other, spoofed(99))).status).toBe(429);
  });

  it('runs each job once: a mail leaves through one process', async () => {
    const sentBy = () =>
      cluster.servers.map((s) => s.output.filter((l) => l.includes('mail (no SMTP_URL set)') && l.includes(member.email)).length);
    expect((await api(cluster.url, 'POST', '/user/password/forgot', undefined, { email: member.email })).status).toBe(200);
    await expect.poll(() => sentBy().reduce((a, b) => a + b, 0), { timeout: 30_000 }).toBe(1);
    // Its job is gone once sent; two more runs of a recurring job (the fan-out, every 5 s, each run a
    // claimed job) in whichever processes change nothing.
    const { database } = await buildServices(loadConfig(env()));
    try {
      await expect
        .poll(async () => (await database.db.selectFrom('jobs').select('id').where('kind', '=', 'mail').execute()).length)
        .toBe(0);
      const nextRun = async () =>
        Number(
          (await database.db.selectFrom('jobs').select('run_after').where('key', '=', 'follow-fanout').executeTakeFirst())
            ?.run_after,
        );
      const first = await nextRun();
      await expect.poll(nextRun, { timeout: 30_000 }).toBeGreaterThan(first);
      const second = await nextRun();
      await expect.poll(nextRun, { timeout: 30_000 }).toBeGreaterThan(second);
    } finally {
      await database.destroy();
    }
    expect(sentBy().reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('takes a photo from upload through screening to the gallery in Chromium, through nginx', async () => {
    const uploader = await openTab(browser, member.session);
    let page = uploader.page;
    await page.goto(`${cluster.url}/upload`);
    const form = page.getByTestId('upload-form');
    await form.waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'b-7001.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg({ width: 2400, height: 1600, exif: true, seed: 71 }),
    });
    await page.locator('img.upload-preview').waitFor();
    await form.getByLabel('注册号', { exact: true }).fill('B-7001');
    await page.getByTestId('select-aircraft-types').click();
    await page.keyboard.type('A320');
    const option = page.getByTestId('select-aircraft-types').getByRole('option', { name: '空客 A320（A320）' }).first();
    await option.waitFor();
    await option.click();
    await form.getByText('空中拍摄').click();
    await page.getByRole('button', { name: '上传', exact: true }).click();
    await page.getByText(PHOTO_MESSAGES.uploaded).first().waitFor({ timeout: 30_000 });
    await uploader.context.close();

    const screener = await openTab(browser, screeners[1]!.session);
    page = screener.page;
    await page.goto(`${cluster.url}/screen/queue`);
    await page.getByTestId('screen-row').first().waitFor();
    await page.getByTestId('screen-row').filter({ hasText: 'B-7001' }).click();
    await page.waitForURL(/\/screen\/photo\/\d+$/);
    const id = Number(page.url().split('/').at(-1));
    await page.getByText('已锁定，页面打开期间自动续期').waitFor();
    await page.getByRole('button', { name: '通过 (A)' }).click();
    await page.getByTestId('decided').getByText(SCREENING_MESSAGES.accepted).waitFor();
    await screener.context.close();

    const visitor = await openTab(browser, null, { width: 390 });
    page = visitor.page;
    await page.goto(`${cluster.url}/search?reg=B-7001`);
    await expect.poll(() => page.getByTestId('search-total').textContent()).toBe('共 1 张图片');
    await page.getByTestId('search-results').getByTestId('photo-card').first().click();
    await page.waitForURL(`${cluster.url}/photo/${id}`);
    // The rendition comes from S3 through whichever process nginx picked.
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector<HTMLImageElement>('[data-testid=photo-main] img')?.naturalWidth ?? 0),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'cluster-photo-390');
    await visitor.context.close();
  });

  /** Thousands of distinct gallery, photo, page and image URLs, as visitors ask for them. */
  async function visitorPaths(): Promise<string[]> {
    const res = await api(cluster.url, 'GET', '/photos?limit=40');
    const { items } = (await res.json()) as { items: { id: number; renditions: { url: string }[] }[] };
    const out: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      out.push(`/api/v1/photos?reg=B-${7000 + (i % 500)}&limit=${1 + (i % 40)}`);
      if (i % 4 === 0) out.push(`/api/v1/photos?limit=${1 + (i % 60)}&sort=${i % 8 === 0 ? 'taken' : 'views'}`);
      if (i % 10 === 0) out.push(`/search?reg=B-${7000 + i}`);
      for (const p of items) if (i % 50 === p.id % 50) out.push(`/api/v1/photos/${p.id}`, p.renditions[0]!.url);
    }
    return out;
  }

  /** Members uploading through nginx, one upload after another, until `stop()`; the answers' statuses. */
  function keepUploading(uploaders: number, prefix: string) {
    const outcomes: number[] = [];
    let going = true;
    let n = 0;
    const loop = async () => {
      while (going) {
        const i = n++;
        outcomes.push((await upload(`${prefix}${String(i).padStart(2, '0')}`, 200 + i).catch(() => null))?.status ?? 0);
      }
    };
    const loops = Array.from({ length: uploaders }, loop);
    return {
      outcomes,
      stop: async () => {
        going = false;
        await Promise.all(loops);
        return outcomes;
      },
    };
  }

  it('restarts the three processes one by one under load without one failed request', async () => {
    paths = await visitorPaths();
    const load = startLoad(cluster.url, paths, 20);
    const uploads = keepUploading(2, 'B-71');
    let outcomes: number[];
    let result: Awaited<ReturnType<typeof load.stop>>;
    try {
      for (let slot = 0; slot < 3; slot++) await cluster.restart(slot);
      // Once more after the last restart, so requests also land on the fresh processes.
      await expect.poll(() => uploads.outcomes.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(uploads.outcomes.length + 2);
    } finally {
      // Stopped even when a step fails: uploads still going would fall into the next test's counts.
      outcomes = await uploads.stop();
      result = await load.stop();
    }
    console.log(
      `rolling restart: ${result.requests.total} requests in ${result.duration} s, ${result.non2xx} non-2xx, ${result.errors} errors; ` +
        `uploads ${outcomes.join(' ')}`,
    );
    expect(result.requests.total).toBeGreaterThan(100);
    // On a failure, what the client met and nginx's own account of it (a reset or a truncated answer
    // from the process that stopped).
    const nginxSays =
      `the client met ${JSON.stringify([...load.clientErrors])}; ` +
      `nginx's error log:\n${cluster.nginxErrors().split('\n').slice(-30).join('\n')}`;
    expect({ errors: result.errors, non2xx: result.non2xx, timeouts: result.timeouts }, nginxSays).toEqual({
      errors: 0,
      non2xx: 0,
      timeouts: 0,
    });
    // Uploads are POSTs, which nginx never sends twice: the drain answers those a process holds.
    expect(outcomes.length).toBeGreaterThan(3);
    expect(outcomes.filter((s) => s !== 201)).toEqual([]);
    // Three restarts, each a drain and a start, with the machine's two cores shared by nine processes:
    // over 90 s under a CPU burner.
  }, 240_000);

  it('loses only what was in flight on a process killed under load, and no data', async () => {
    const load = startLoad(cluster.url, paths, 20);
    const uploads = keepUploading(2, 'B-72');
    const outcomes = uploads.outcomes;
    let result: Awaited<ReturnType<typeof load.stop>>;
    try {
      await expect.poll(() => outcomes.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
      await cluster.kill(1);
      const afterKill = outcomes.length;
      await expect.poll(() => outcomes.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(afterKill + 4);
      await cluster.start(1);
    } finally {
      await uploads.stop();
      result = await load.stop();
    }

    console.log(
      `kill -9: ${result.requests.total} requests, ${result.errors + result.non2xx} failed; uploads ${outcomes.join(' ')}`,
    );
    // At most what the killed process held: one request per connection, one upload per uploader.
    expect(result.errors + result.non2xx).toBeLessThanOrEqual(20);
    expect(outcomes.filter((s) => s !== 201).length).toBeLessThanOrEqual(2);
    // Every photo has its files and every file its photo (an upload cut by the kill keeps its files
    // under its intent until the lease ends, as after any crash).
    const report = await runCli(['check'], env());
    expect(report).toContain('缺文件的图片：0');
    expect(report).toContain('无图片记录的文件：0');
    const { database } = await buildServices(loadConfig(env()));
    try {
      const rows = await database.db.selectFrom('photos').select('registration').where('registration', 'like', 'B-72%').execute();
      // Every answered upload is there; one cut after its commit may be there without its answer.
      expect(rows.length).toBeGreaterThanOrEqual(outcomes.filter((s) => s === 201).length);
      expect(rows.length).toBeLessThanOrEqual(outcomes.length);
    } finally {
      await database.destroy();
    }
  }, 240_000);

  it('answers in Chinese what nginx itself refuses: a body over the limit, and no process answering', async () => {
    const big = await fetch(`${cluster.url}/api/v1/photos`, {
      method: 'POST',
      body: Buffer.alloc(17 * 1024 * 1024),
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${member.token}` },
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: PHOTO_MESSAGES.tooLarge, code: 'PAYLOAD_TOO_LARGE' });

    await Promise.all([0, 1, 2].map((slot) => cluster.kill(slot)));
    const down = await fetch(`${cluster.url}/api/v1/photos?limit=5`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('10');
    expect(await down.json()).toEqual({ message: MESSAGES.restarting, code: 'BUSY' });
  });
});
