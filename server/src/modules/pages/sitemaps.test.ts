import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../../db/json.js';
import { createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../../testing/harness.js';
import { SITE_PAGES, SITEMAP_MAX_URLS, SitemapsService } from './sitemaps.service.js';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

/** The document as an XML parser reads it; a document that is not well-formed fails here. */
function parse(xml: string): Document {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

/** A `<urlset>` as the protocol has it: every url a loc on this site and a lastmod day; the locs. */
function urlsOf(xml: string, base: string): { loc: string; lastmod: string; image: string | null }[] {
  const doc = parse(xml);
  expect(doc.documentElement.localName).toBe('urlset');
  expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NS);
  return [...doc.getElementsByTagNameNS(SITEMAP_NS, 'url')].map((u) => {
    const loc = u.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]!.textContent!;
    const lastmod = u.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent ?? '';
    expect(loc.startsWith(base)).toBe(true);
    expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const image = u.getElementsByTagNameNS(IMAGE_NS, 'loc')[0]?.textContent ?? null;
    return { loc, lastmod, image };
  });
}

const collect = async (parts: AsyncGenerator<string>) => {
  let out = '';
  for await (const p of parts) out += p;
  return out;
};

describe.each(databaseKinds())('sitemaps on %s', (kind) => {
  let t: TestApp;
  const base = 'https://contrail.example';
  const photoIds: number[] = [];
  let members: number[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const a = await makeUser(t);
    const b = await makeUser(t);
    members = [a.id, b.id];
    const renditions = toJson([320, 640, 1280, 2560].map((edge) => ({ edge, width: edge, height: Math.round(edge / 1.5) })));
    for (let i = 0; i < 8; i++) {
      photoIds.push(
        await insertPhoto(t, i % 2 ? b.id : a.id, {
          state: 'accepted',
          registration: `B-${6000 + (i % 5)}`,
          decided_at: Date.UTC(2026, 10, 1 + i),
          rendition_hash: `hash${i}`,
          renditions,
        }),
      );
    }
    // Not public: never listed.
    await insertPhoto(t, a.id, { registration: 'B-7777' });
    await insertPhoto(t, a.id, { state: 'accepted', registration: 'NO-REG', decided_at: Date.UTC(2026, 10, 20) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('splits every kind into files of at most a file’s worth, each URL once, read a page at a time', async () => {
    const perFile = 3;
    const sitemaps = new SitemapsService(
      t.database.db,
      t.clock,
      { publicUrl: base, imageHost: '', webDist: '/nowhere' },
      perFile,
    );
    const index = parse(await sitemaps.index());
    expect(index.documentElement.localName).toBe('sitemapindex');
    expect(index.documentElement.namespaceURI).toBe(SITEMAP_NS);
    const files = [...index.getElementsByTagNameNS(SITEMAP_NS, 'loc')].map((l) => new URL(l.textContent!));
    expect(files.every((f) => f.origin === base)).toBe(true);

    const listed: string[] = [];
    for (const file of files) {
      const m = /^\/sitemaps\/(photos|airframes|members)-(\d+)\.xml$/.exec(file.pathname);
      const xml = m
        ? await collect(sitemaps.byId(m[1] as 'photos', Number(m[2])))
        : file.pathname === '/sitemaps/registrations.xml'
          ? await collect(sitemaps.registrations(file.searchParams.get('after') ?? ''))
          : await collect(sitemaps.pages());
      const urls = urlsOf(xml, base);
      expect(urls.length, file.href).toBeLessThanOrEqual(
        perFile === 3 && file.pathname.endsWith('pages.xml') ? SITE_PAGES.length : perFile,
      );
      for (const u of urls) {
        // A photo with renditions names its 1280 px one for image search (the NO-REG one here has none).
        if (photoIds.some((id) => u.loc.endsWith(`/photo/${id}`))) {
          expect(u.image).toMatch(/^https:\/\/contrail\.example\/img\/hash\d-1280\.webp$/);
        }
      }
      listed.push(...urls.map((u) => u.loc));
    }
    expect(new Set(listed).size).toBe(listed.length);
    const photos = listed.filter((l) => l.includes('/photo/')).map((l) => Number(l.split('/').at(-1)));
    // Every accepted photo of this suite (the NO-REG one too), none that waits.
    expect(photos).toEqual(expect.arrayContaining(photoIds));
    expect(photos.length).toBe(photoIds.length + 1);
    const regs = listed.filter((l) => l.includes('/reg/')).map((l) => l.split('/').at(-1));
    expect(regs.sort()).toEqual(['B-6000', 'B-6001', 'B-6002', 'B-6003', 'B-6004']);
    // Five registrations, three a file: the second file starts after the third.
    expect(files.filter((f) => f.pathname === '/sitemaps/registrations.xml')).toHaveLength(2);
    expect(listed.filter((l) => l.includes('/user/')).map((l) => Number(l.split('/').at(-1)))).toEqual(members);
    expect(listed).toContain(`${base}/terms`);
  });

  it('answers the index, a file, robots.txt over HTTP; an unknown file is a 404 and a long cursor a 400', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    const first = [...parse(index.body).getElementsByTagNameNS(SITEMAP_NS, 'loc')].map((l) => new URL(l.textContent!).pathname);
    expect(first).toContain('/sitemaps/photos-1.xml');
    const file = await t.app.inject({ method: 'GET', url: '/sitemaps/photos-1.xml' });
    expect(file.statusCode).toBe(200);
    expect(urlsOf(file.body, 'http').length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/photos-0.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/secrets.xml' })).statusCode).toBe(404);
    const long = await t.app.inject({ method: 'GET', url: `/sitemaps/registrations.xml?after=${'B'.repeat(300)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fff]/);
  });
});
