import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandCard, srcSetOf } from '../../../../contract/cards.js';
import { CARD_SIZES, HERO_SIZES, searchApiParams } from '../../../../contract/catalogues.js';
import type { CardSearchResponse } from '../../../../contract/gallery.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertAccepted,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';

const preloadOf = (html: string) => /<link rel="preload" as="image" imagesrcset="([^"]*)" imagesizes="([^"]*)"/.exec(html);

describe.each(databaseKinds())('/search preloads its first photo from the HTML on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><title>航迹 Contrail</title></head><body><!--runtime-config--></body></html>',
    );
    t = await createTestApp(kind, { WEB_DIST: dist });
    const owner = await makeUser(t);
    const screener = await makeUser(t, 1);
    const decider = { id: screener.id, username: 'screener', level: 1 };
    // Two photos whose order differs by sort: the newest accepted is not the most viewed.
    await insertAccepted(t, owner.id, decider, { registration: 'B-3001', rendition_hash: 'first', views: 50 });
    await insertAccepted(t, owner.id, decider, { registration: 'B-3002', rendition_hash: 'second', views: 5 });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('preloads the image of the card the page shows first, with the card grid sizes, for each search', async () => {
    for (const search of [
      '',
      '?sort=views',
      '?sort=accepted&q=%20B-3001%20',
      '?featured=true&sort=nonsense',
      '?q=B-3002&page=9',
    ]) {
      const page = await t.app.inject({ method: 'GET', url: `/search${search}` });
      expect(page.statusCode, search).toBe(200);
      // What the page asks for, read from its URL the way the page reads it.
      const query = new URLSearchParams(searchApiParams(new URLSearchParams(search)));
      query.set('view', 'card');
      const answer = (await t.app.inject({ method: 'GET', url: `/api/v1/photos?${query}` })).json<CardSearchResponse>();
      const first = answer.items[0];
      const preload = preloadOf(page.body);
      if (!first) {
        expect(preload, search).toBeNull();
        continue;
      }
      expect(preload?.[1], search).toBe(srcSetOf(expandCard(first)).replaceAll('&', '&amp;'));
      expect(preload?.[2], search).toBe(CARD_SIZES);
    }
    // The orders really differ, so the preload followed the sort.
    const byViews = preloadOf((await t.app.inject({ method: 'GET', url: '/search?sort=views' })).body)?.[1];
    const newest = preloadOf((await t.app.inject({ method: 'GET', url: '/search' })).body)?.[1];
    expect(byViews).toContain('/img/first-');
    expect(newest).toContain('/img/second-');
  });

  it('names a shared search by its words and count, and leaves a search it cannot read to the page', async () => {
    const named = await t.app.inject({ method: 'GET', url: '/search?q=B-3001' });
    expect(named.body).toContain('<title>“B-3001” · 图库 · 航迹</title>');
    expect(named.body).toContain('content="1 张照片，第一张：B-3001');
    // The shared address is the search's own, read as the page reads it (a `?` in the words stays theirs).
    expect(named.body).toContain(`<meta property="og:url" content="${t.config.publicUrl}/search?q=B-3001">`);
    const asked = await t.app.inject({ method: 'GET', url: '/search?sort=accepted&q=B-3001?&featured=no' });
    expect(asked.body).toContain(`<meta property="og:url" content="${t.config.publicUrl}/search?q=B-3001%3F">`);
    expect(asked.body).toContain('<title>“B-3001?” · 图库 · 航迹</title>');
    for (const search of ['?type=abc', `?q=${'航'.repeat(5_000)}`, '?from=2026-13-45']) {
      const page = await t.app.inject({ method: 'GET', url: `/search${search}` });
      expect(page.statusCode, search).toBe(200);
      expect(page.body, search).toContain('<title>航迹 Contrail</title>');
      expect(preloadOf(page.body), search).toBeNull();
    }
    const none = await t.app.inject({ method: 'GET', url: '/search?q=ZZZZZZ' });
    expect(none.body).toContain('content="0 张照片"');
    expect(preloadOf(none.body)).toBeNull();
  });
});

describe.each(databaseKinds())('/ names and preloads its hero from the HTML on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  const heroOf = (html: string) => /<meta name="contrail-hero" content="(\d+)">/.exec(html)?.[1];
  const home = async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    // One description (the page's own replaces the build's), the home page's.
    expect(page.body.match(/<meta name="description"/g)).toHaveLength(1);
    return { html: page.body, hero: heroOf(page.body), preload: preloadOf(page.body) };
  };
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><meta name="description" content="build" /><title>航迹 Contrail</title></head><body><!--runtime-config--></body></html>',
    );
    t = await createTestApp(kind, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('draws the hero as the page does: this week’s photo, else an editor’s choice at random, else the latest', async () => {
    // No photo yet: nothing to name or preload.
    const empty = await home();
    expect(empty.hero).toBeUndefined();
    expect(empty.preload).toBeNull();
    expect(empty.html).toContain('<meta property="og:type" content="website">');

    const owner = await makeUser(t);
    const screener = await makeUser(t, 2);
    const decider = { id: screener.id, username: 'senior', level: 2 };
    const older = await insertAccepted(t, owner.id, decider, { registration: 'B-4001', rendition_hash: 'older' });
    const latest = await insertAccepted(t, owner.id, decider, { registration: 'B-4002', rendition_hash: 'latest' });
    const card = async (id: number) => {
      const answer = (await t.app.inject({ method: 'GET', url: '/api/v1/photos?view=card&limit=50' })).json<CardSearchResponse>();
      return expandCard(answer.items.find((p) => p.id === id)!);
    };
    // No editor's choice: the latest photo, preloaded as the hero draws it.
    const plain = await home();
    expect(plain.hero).toBe(String(latest));
    expect(plain.preload?.[1]).toBe(srcSetOf(await card(latest)).replaceAll('&', '&amp;'));
    expect(plain.preload?.[2]).toBe(HERO_SIZES);

    // Three editor's choices: each page names one of them, drawn at random, and preloads that one.
    const featured = [
      older,
      latest,
      await insertAccepted(t, owner.id, decider, { registration: 'B-4003', rendition_hash: 'third' }),
    ];
    await t.database.db.transaction().execute(async (trx) => {
      for (const id of featured) expect(await t.services.photos.feature(trx, id, t.clock.now())).toBe(true);
    });
    const drawn = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const { hero, preload } = await home();
      expect(featured.map(String)).toContain(hero);
      expect(preload?.[1]).toBe(srcSetOf(await card(Number(hero))).replaceAll('&', '&amp;'));
      drawn.add(hero!);
    }
    expect(drawn.size).toBeGreaterThan(1);

    // This week's photo heads the page whenever there is one.
    const picked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/potw',
      headers: bearer(screener.token),
      payload: { photoId: older, comment: '晨光里的 B-4001' },
    });
    expect(picked.statusCode, picked.body).toBe(200);
    for (let i = 0; i < 5; i++) expect((await home()).hero).toBe(String(older));
  });
});

describe('pages and the per-address ceiling', () => {
  it('counts page requests (and unknown paths) against the per-address ceiling, answered in Chinese', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>航迹 Contrail</title></head><body></body></html>');
    // The built files are listed when the server starts (ADR 0051).
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'export {};');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const t = await createTestApp('sqlite', { WEB_DIST: dist, REQUESTS_PER_MINUTE: '4' });
    try {
      const from = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });
      const codes = [];
      for (const url of ['/search?q=a', '/search?q=b', '/api/v1/nothing-here', '/photo/1', '/search?q=c']) {
        codes.push((await from(url, '198.51.100.9')).statusCode);
      }
      expect(codes).toEqual([200, 200, 404, 200, 429]);
      const refused = await from('/search?q=d', '198.51.100.9');
      expect(refused.statusCode).toBe(429);
      expectChineseError(refused.json());
      // Another address is not held back by the first.
      expect((await from('/search?q=d', '198.51.100.10')).statusCode).toBe(200);
      // The static files a page brings (hashed assets, renditions) are never counted: a page asks for dozens.
      for (let i = 0; i < 10; i++) {
        expect((await from('/assets/app-abc123.js', '198.51.100.9')).statusCode).toBe(200);
        expect((await from('/favicon.svg', '198.51.100.9')).statusCode).toBe(200);
        expect((await from('/img/nothing-1280.webp', '198.51.100.9')).statusCode).toBe(404);
      }
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
