import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { registerWebApp, type PageMeta } from './web.js';

describe('the pages’ HTML on a bad day', () => {
  let app: FastifyInstance | null = null;
  let dir: string | null = null;
  afterEach(async () => {
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function serve(pageMeta: (path: string) => Promise<PageMeta | null>) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-web-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<html><head><meta name="description" content="build"><title>航迹 Contrail</title><!--runtime-config--></head><body></body></html>',
    );
    app = Fastify();
    await registerWebApp(app, loadConfig({ WEB_DIST: dir, DATA_DIR: dir }), { pageMeta });
    return app;
  }

  it('sends the plain page when the page’s own tags never come (a database that does not answer)', async () => {
    // A database that does not answer holds a statement for up to DB_TIMEOUT_SECONDS: the page goes out without waiting.
    const web = await serve(() => new Promise<never>(() => undefined));
    for (const url of ['/', '/photo/7', '/search?q=B-1234']) {
      const page = await web.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>航迹 Contrail</title>');
      expect(page.body, url).toContain('<meta name="description" content="build">');
    }
  });

  it('sends the plain page when the page’s own tags fail, and the page’s own when they come', async () => {
    const meta: PageMeta = { title: 'B-1234 · 航迹', description: '云端飞友 拍摄', image: null, hero: 7 };
    const web = await serve(async (p) => {
      if (p === '/photo/7') throw new Error('database down');
      return meta;
    });
    const failed = await web.inject({ method: 'GET', url: '/photo/7' });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<title>航迹 Contrail</title>');
    const home = await web.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('<title>B-1234 · 航迹</title>');
    expect(home.body).toContain('<meta name="contrail-hero" content="7">');
    // One description: the page's own replaced the build's.
    expect(home.body.match(/<meta name="description"/g)).toHaveLength(1);
  });
});
