// @vitest-environment jsdom
// (for its DOMParser: a real XML parser checks every feed)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENCE_CC, LICENCE_DISPLAY } from '../../../../contract/public-api.js';
import type { NewPhoto } from '../../db/schema.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertAccepted,
  insertPhoto,
  WITH_RENDITIONS,
  makeUser,
  runInlineJobs,
  type TestApp,
} from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;
const ATOM = 'http://www.w3.org/2005/Atom';

interface Entry {
  id: string;
  title: string;
  link: string;
  updated: string;
  author: string;
  rights: string;
  summary: string;
  image: string;
}

/**
 * Parses a feed with a real XML parser (jsdom's DOMParser, which reports a malformed document as a
 * `parsererror`) and checks what Atom 1.0 (RFC 4287) requires of a feed and each entry.
 */
function parseAtom(xml: string): { title: string; updated: string; self: string; entries: Entry[] } {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const feed = doc.documentElement;
  expect([feed.localName, feed.namespaceURI]).toEqual(['feed', ATOM]);
  const child = (el: Element, name: string) =>
    Array.from(el.children).filter((c) => c.localName === name && c.namespaceURI === ATOM);
  const one = (el: Element, name: string) => {
    const found = child(el, name);
    expect(found, name).toHaveLength(1);
    return found[0]!;
  };
  const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(s) && !Number.isNaN(Date.parse(s));
  for (const name of ['id', 'title', 'updated']) one(feed, name);
  expect(isDate(one(feed, 'updated').textContent!)).toBe(true);
  const self = child(feed, 'link').find((l) => l.getAttribute('rel') === 'self')!;
  const entries = child(feed, 'entry').map((e) => {
    const updated = one(e, 'updated').textContent!;
    expect(isDate(updated)).toBe(true);
    // Atom requires an author on every entry (or the feed): each entry carries its photographer.
    const author = one(one(e, 'author'), 'name').textContent!;
    return {
      id: one(e, 'id').textContent!,
      title: one(e, 'title').textContent!,
      link: child(e, 'link')
        .find((l) => l.getAttribute('rel') === 'alternate')!
        .getAttribute('href')!,
      updated,
      author,
      rights: one(e, 'rights').textContent!,
      summary: one(e, 'summary').textContent!,
      image:
        child(e, 'link')
          .find((l) => l.getAttribute('rel') === 'enclosure')
          ?.getAttribute('href') ?? '',
    };
  });
  return {
    title: one(feed, 'title').textContent!,
    updated: one(feed, 'updated').textContent!,
    self: self.getAttribute('href')!,
    entries,
  };
}

// Issue 23, item 4: Atom feeds of the latest photos, any search, a photographer and each follow target.
describe.each(databaseKinds())('Atom feeds on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let spotter: User;
  let other: User;
  const photo = {} as Record<'first' | 'second' | 'pending' | 'others', number>;

  const accepted = (by: User, over: Partial<NewPhoto>) =>
    insertAccepted(t, by.id, { id: screener.id, username: 's', level: 1 }, over);
  const feed = (query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/feeds/photos${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp(kind);
    screener = await makeUser(t, 1);
    spotter = await makeUser(t);
    other = await makeUser(t);
    // The spotter lets others use the photos under CC; the other keeps the default.
    const cc = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/me',
      headers: bearer(spotter.token),
      payload: { settings: { allowThirdPartyCc: true } },
    });
    expect(cc.statusCode, cc.body).toBe(200);
    photo.first = await accepted(spotter, { registration: 'B-30EE', remark: '浦东 <34L> & 晨光' });
    photo.second = await accepted(spotter, { registration: 'B-30EE' });
    photo.others = await accepted(other, { registration: 'B-1234' });
    photo.pending = await insertPhoto(t, spotter.id, { registration: 'B-30EE', ...WITH_RENDITIONS });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a browser’s preflight, so a page elsewhere can ask with If-None-Match and read the ETag', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/feeds/photos?reg=B-30EE',
      headers: {
        origin: 'https://reader.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match, if-modified-since',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toMatch(
      /if-none-match.*if-modified-since|if-modified-since.*if-none-match/,
    );
    expect(String((await feed()).headers['access-control-expose-headers'])).toContain('ETag');
  });

  it('gives the latest accepted photos as valid Atom, newest first, each with its image, facts, photographer and licence', async () => {
    const res = await feed();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const atom = parseAtom(res.body);
    expect(atom.title).toBe('最新图片 · 航迹 Contrail');
    expect(atom.self).toBe(`${t.config.publicUrl}/api/v1/feeds/photos`);
    expect(atom.entries.map((e) => e.link)).toEqual(
      [photo.others, photo.second, photo.first].map((id) => `${t.config.publicUrl}/photo/${id}`),
    );
    expect(atom.updated).toBe(atom.entries[0]!.updated);
    const first = atom.entries.find((e) => e.link.endsWith(`/photo/${photo.first}`))!;
    expect(first).toMatchObject({ title: 'B-30EE · 空中拍摄', author: spotter.username, rights: LICENCE_CC });
    expect(first.summary).toContain('浦东 <34L> & 晨光');
    expect(first.image).toMatch(/\/img\/.*1280/);
    expect(atom.entries.find((e) => e.link.endsWith(`/photo/${photo.others}`))!.rights).toBe(LICENCE_DISPLAY);
    // The parser refuses what is not well-formed (so the checks above can fail).
    expect(() => parseAtom(`<feed xmlns="${ATOM}"><id>a & b</id></feed>`)).toThrow();
    // Never a pending photo.
    expect(res.body).not.toContain(`/photo/${photo.pending}<`);
  });

  it('honours the search parameters: a registration in any spelling, a photographer, several at once', async () => {
    const reg = parseAtom((await feed('?reg=b30ee')).body);
    expect(reg.entries.map((e) => e.link)).toEqual([photo.second, photo.first].map((id) => `${t.config.publicUrl}/photo/${id}`));
    expect(reg.title).toBe('B30EE · 航迹 Contrail');
    expect(reg.self).toBe(`${t.config.publicUrl}/api/v1/feeds/photos?reg=b30ee`);
    const person = parseAtom((await feed(`?user=${other.id}`)).body);
    expect(person.entries.map((e) => e.author)).toEqual([other.username]);
    expect(person.title).toBe(`摄影师 ${other.username} · 航迹 Contrail`);
    expect(parseAtom((await feed(`?user=${other.id}&reg=B-30EE`)).body).entries).toEqual([]);
    const bad = await feed('?type=abc');
    expect(bad.statusCode).toBe(400);
    expectChineseError(bad.json());
    // Order and page are not a feed's: a /search URL's `sort` is left aside, newest first still.
    expect(parseAtom((await feed('?reg=B-30EE&sort=views')).body).entries).toEqual(reg.entries);
  });

  it('leaves the image out for a photographer who keeps photos off other sites, and drops characters XML forbids', async () => {
    const shy = await makeUser(t);
    const set = (settings: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/user/me', headers: bearer(shy.token), payload: { settings } });
    expect((await set({ allowThirdPartyDisplay: false, attribution: '摄影\uffff师' })).statusCode).toBe(200);
    const id = await accepted(shy, { registration: 'B-5566', remark: '备注\ufffe里' });
    const atom = parseAtom((await feed(`?user=${shy.id}`)).body);
    expect(atom.entries).toHaveLength(1);
    expect(atom.entries[0]).toMatchObject({ link: `${t.config.publicUrl}/photo/${id}`, image: '' });
    expect(atom.entries[0]!.rights).toContain('仅在航迹 Contrail 展示');
    expect(atom.entries[0]!.summary).toContain('备注里');
    expect((await feed(`?user=${shy.id}`)).body).not.toContain('/img/');
    // Shown elsewhere again: the image is back, credited as written (less what XML cannot carry).
    expect((await set({ allowThirdPartyDisplay: true })).statusCode).toBe(200);
    const again = parseAtom((await feed(`?user=${shy.id}`)).body);
    expect(again.entries[0]!.image).toMatch(/\/img\//);
    expect(again.entries[0]!.summary).toContain('摄影师');
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since, and a new photo changes the feed', async () => {
    const res = await feed('?reg=B-30EE');
    const etag = res.headers.etag as string;
    const lastModified = res.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    const again = await feed('?reg=B-30EE', { 'if-none-match': etag });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect(again.headers.etag).toBe(etag);
    expect((await feed('?reg=B-30EE', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await feed('?reg=B-30EE', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await feed('?reg=B-30EE', { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await feed('?reg=B-30EE', { 'if-modified-since': 'not a date' })).statusCode).toBe(200);
    // Another search's copy is not this one's.
    expect((await feed(`?user=${other.id}`, { 'if-none-match': etag })).statusCode).toBe(200);
    const third = await accepted(spotter, { registration: 'B-30EE' });
    const changed = await feed('?reg=B-30EE', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parseAtom(changed.body).entries[0]!.link).toBe(`${t.config.publicUrl}/photo/${third}`);
    expect((await feed('?reg=B-30EE', { 'if-modified-since': lastModified })).statusCode).toBe(200);
    // A photo leaving the feed is a change too, for a reader that only sends the date.
    const before = (await feed('?reg=B-30EE')).headers['last-modified'] as string;
    t.clock.advance(2_000);
    const row = await t.database.db.selectFrom('photos').selectAll().where('id', '=', third).executeTakeFirstOrThrow();
    const owner = { id: spotter.id, username: spotter.username, level: 0, sessionId: 0 };
    await t.database.db
      .transaction()
      .execute((trx) => t.services.lifecycle.transition(trx, { photo: row, action: 'withdraw', actor: owner }));
    await runInlineJobs(t);
    const gone = await feed('?reg=B-30EE', { 'if-modified-since': before });
    expect(gone.statusCode).toBe(200);
    expect(gone.body).not.toContain(`/photo/${third}<`);
  });

  it('gives each follow its feed', async () => {
    const follow = async (kind: string, target: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/follows',
        headers: bearer(screener.token),
        payload: { kind, target },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().follow.feed as string;
    };
    expect(await follow('registration', 'b30ee')).toBe('/api/v1/feeds/photos?reg=B-30EE');
    expect(await follow('photographer', String(other.id))).toBe(`/api/v1/feeds/photos?user=${other.id}`);
    expect(await follow('search', '/search?q=浦东&featured=0&sort=views&reg=B-30EE')).toBe(
      `/api/v1/feeds/photos?q=${encodeURIComponent('浦东')}&reg=B-30EE`,
    );
    const regFeed = parseAtom((await feed('?reg=B-30EE')).body);
    expect(regFeed.entries.length).toBeGreaterThanOrEqual(2);
  });

  it('advertises a page’s feed with <link rel="alternate"> for feed readers', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>航迹 Contrail</title></head><body></body></html>');
    const web = await createTestApp(kind, { WEB_DIST: dist });
    try {
      const feedOf = async (url: string) => {
        const body = (await web.app.inject({ method: 'GET', url })).body;
        return /<link rel="alternate" type="application\/atom\+xml" href="([^"]*)"/.exec(body)?.[1] ?? null;
      };
      const base = `${web.config.publicUrl}/api/v1/feeds/photos`;
      expect(await feedOf('/')).toBe(base);
      expect(await feedOf('/search')).toBe(base);
      expect(await feedOf('/search?reg=B-30EE&sort=views&airline=12')).toBe(`${base}?reg=B-30EE&amp;airline=12`);
      expect(await feedOf('/search?q=%22%3E%3Cscript%3E')).toBe(`${base}?q=%22%3E%3Cscript%3E`);
      expect(await feedOf('/user/7')).toBe(`${base}?user=7`);
      expect(await feedOf('/airframe/3')).toBe(`${base}?airframe=3`);
      expect(await feedOf('/reg/b-30ee')).toBe(`${base}?reg=B-30EE`);
      expect(await feedOf('/about')).toBeNull();
      expect(await feedOf('/user/abc')).toBeNull();
      // A malformed percent-encoding is no registration, not an error.
      expect(await feedOf('/reg/x%E0')).toBeNull();
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
