import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppParts } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { fromJson } from '../db/json.js';
import { databaseKinds, freshPostgresUrl } from '../testing/harness.js';
import { DemoRefused, runDemo, type DemoResult } from './demo.js';

// The demo on a fresh site, with a small count: a community whose every part the site shows (members,
// the gallery, refusals with reasons, an appeal, votes, a photo of the week, follows, an aircraft under
// two registrations), made through the services; and a site with members is left alone.
describe.each(databaseKinds())('the demo community (%s)', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-demo-'));
  let drop: (() => Promise<void>) | undefined;
  let config: Config;
  let result: DemoResult;
  let t: AppParts;
  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    const pg = kind === 'postgres' ? await freshPostgresUrl() : null;
    drop = pg?.drop;
    config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    result = await runDemo(config, { photos: 20 });
    t = await buildApp(config, { logger: false });
    await t.app.ready();
  }, 240_000);

  afterAll(async () => {
    await t?.app.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes members, a screening team and an administrator who signs in with the printed password', async () => {
    expect(await t.services.accounts.countAccounts()).toBe(result.people);
    expect(result.team.map((m) => m.level).sort()).toEqual([1, 1, 1, 2, 2, 3]);
    expect(result.members.length).toBeGreaterThanOrEqual(20);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: result.admin.email, password: result.admin.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json<{ permission: number }>().permission).toBe(3);
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: result.members[0], password: result.password },
    });
    expect(member.statusCode).toBe(200);
  });

  it('puts the accepted photos in the gallery, with renditions, over the past months', async () => {
    const { items } = await get<{
      items: { id: number; renditions: { url: string }[]; takenOn: string; registration: string }[];
    }>('/api/v1/photos?limit=100');
    expect(items.length).toBe(result.photos.accepted);
    expect(result.photos.accepted).toBeGreaterThanOrEqual(12);
    expect(result.photos.waiting).toBeGreaterThanOrEqual(1);
    for (const p of items) expect(p.registration).toMatch(/^B-(\d[0-9A-Z]{3}|[HKL][A-Z]{2})$/);
    const days = new Set(items.map((p) => p.takenOn.slice(0, 7)));
    expect(days.size).toBeGreaterThanOrEqual(3);
    const image = await t.app.inject({ url: items[0]!.renditions[0]!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('refuses some photos with reasons, and an appeal was decided', async () => {
    const db = t.database.db;
    const refusals = await db
      .selectFrom('screening_events')
      .select(['reasons', 'message'])
      .where('to_state', '=', 'rejected')
      .execute();
    expect(refusals.length).toBeGreaterThanOrEqual(1);
    for (const r of refusals) expect(fromJson(r.reasons).length).toBeGreaterThan(0);
    const appeals = await db.selectFrom('appeals').select(['state', 'note']).execute();
    expect(appeals.length).toBeGreaterThanOrEqual(1);
    expect(appeals.some((a) => a.state !== 'open')).toBe(true);
  });

  it('has editor’s-choice votes with ballots, a featured photo and a photo of the week', async () => {
    const db = t.database.db;
    expect((await db.selectFrom('ballots').select('vote_id').execute()).length).toBeGreaterThanOrEqual(3);
    const featured = await get<{ items: unknown[] }>('/api/v1/photos?featured=1');
    expect(featured.items.length).toBeGreaterThanOrEqual(1);
    const potw = await get<{ entry: { comment: string } | null }>('/api/v1/potw/current');
    expect(potw.entry?.comment).toBeTruthy();
  });

  it('has follows, and followers told of new photos', async () => {
    const db = t.database.db;
    expect((await db.selectFrom('follows').select('id').execute()).length).toBeGreaterThanOrEqual(20);
    const told = await db.selectFrom('notifications').select('id').where('kind', '=', 'followed').execute();
    expect(told.length).toBeGreaterThanOrEqual(1);
  });

  it('shows an aircraft that moved to another airline as one airframe under two registrations', async () => {
    const { before, after } = result.transfers[0]!;
    const { items } = await get<{ items: { registrations: string[] }[] }>(`/api/v1/airframes?reg=${encodeURIComponent(after)}`);
    expect(items[0]?.registrations.sort()).toEqual([after, before].sort());
  });

  it('refuses a site that already has members, in Chinese, with a failing exit', async () => {
    await expect(runDemo(config, { photos: 20 })).rejects.toThrow(DemoRefused);
    await expect(runDemo(config, { photos: 20 })).rejects.toThrow(/站点已有 \d+ 个账号/);
    if (kind !== 'sqlite') return;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/demo/run.ts', '--photos', '20'], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^错误：站点已有 \d+ 个账号/);
  });
});
