import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptPhoto,
  bearer,
  createTestApp,
  curatedId,
  databaseKinds,
  insertPhoto,
  makeUser,
  type TestApp,
} from '../../testing/harness.js';
import { importReferenceData } from '../reference/reference.import.js';
import { EntryWords } from './entry-words.js';
import { GalleryIndex } from './search-index.service.js';
import { planSearch } from './search-plan.js';
import { isEntriesDriver } from './search.repository.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 37 (ADR 0052): free text through the entries naming a word and the photos' own words. The
// own words are written and removed with each photo's documents, a new entry's words are read as soon
// as it is added, and until the re-index walk has written every photo's own words the search goes as
// before.
describe.each(databaseKinds())('text search by entries and own words on %s', (kind) => {
  let t: TestApp;
  let screener: User;
  let alice: User;
  const photo: Record<string, number> = {};
  let entryWords: EntryWords;

  const search = async (query: string) => {
    const res = await t.app.inject({ url: `/api/v1/photos?q=${encodeURIComponent(query)}&sort=accepted` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: { id: number }[] }).items.map((i) => i.id);
  };
  const planOf = async (query: string) => {
    const filter = t.services.gallery.filterOf({ q: query, sort: 'accepted', limit: 20 })!;
    return (await planSearch(t.database.db, t.database.dialect, filter, 'accepted', 1_000, entryWords)).page.driver;
  };
  const accepted = async (uploader: User, over: Record<string, unknown>) => {
    const id = await insertPhoto(t, uploader.id, { in_flight: 0, ...over });
    await acceptPhoto(t, id, { id: screener.id, username: 's', level: 1 });
    t.clock.advance(1000);
    return id;
  };
  /** Runs the re-index walk to its end; the gallery reads that it has ended within a second. */
  const walk = async () => {
    while ((await t.services.gallery.reindexAfterImport(10)) > 0);
    t.clock.advance(2000);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    entryWords = new EntryWords(t.services.reference);
    await importReferenceData(t.database.db, t.clock.now());
    screener = await makeUser(t, 1);
    alice = await makeUser(t);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/me',
      headers: bearer(alice.token),
      payload: { username: '云端飞友' },
    });
    const [cca, a320, pek] = await Promise.all([
      curatedId(t, 'airlines', 'CCA'),
      curatedId(t, 'aircraft_types', 'A320'),
      curatedId(t, 'airports', 'ZBAA'),
    ]);
    photo.first = await accepted(alice, {
      registration: 'B-1234',
      msn: '4321',
      airline_id: cca,
      aircraft_type_id: a320,
      airport_id: pek,
    });
    photo.second = await accepted(alice, { registration: 'B-5678', airline_id: cca });
    await walk();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds photos by their own words and their entries’ words through the entries', async () => {
    expect(isEntriesDriver(await planOf('云端'))).toBe(true);
    expect(await search('云端')).toEqual([photo.second, photo.first]);
    expect(await search('B-1234')).toEqual([photo.first]);
    expect(await search('4321')).toEqual([photo.first]);
    expect(isEntriesDriver(await planOf('国航'))).toBe(true);
    expect(await search('国航')).toEqual([photo.second, photo.first]);
    expect(await search('首都')).toEqual([photo.first]);
  });

  it('follows a rename and a withdrawal in the own words', async () => {
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/me',
      headers: bearer(alice.token),
      payload: { username: '浦江拍客' },
    });
    expect(renamed.statusCode).toBe(200);
    t.clock.advance(1000);
    expect(await search('云端')).toEqual([]);
    expect(await search('浦江')).toEqual([photo.second, photo.first]);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/v1/photos/${photo.first}/withdraw`,
      headers: bearer(alice.token),
    });
    expect(withdrawn.statusCode).toBe(200);
    t.clock.advance(1000);
    expect(await search('B-1234')).toEqual([]);
    expect(await search('浦江')).toEqual([photo.second]);
  });

  it('finds a photo of an entry added a moment ago by the entry’s words', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/airlines',
      headers: bearer(screener.token),
      payload: { nameZh: '鲲鹏试飞航空', nameEn: 'Kunpeng Test Air', icao: 'KPX', iata: 'K9', country: 'CN' },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const id = (added.json() as { item: { id: number } }).item.id;
    t.clock.advance(1000);
    const fresh = await accepted(alice, { registration: 'B-9999', airline_id: id });
    expect(isEntriesDriver(await planOf('鲲鹏'))).toBe(true);
    expect(await search('鲲鹏')).toEqual([fresh]);
    expect(await search('kunpeng')).toEqual([fresh]);
  });

  it('waits for the walk after an import before it reads the entries again', async () => {
    const index = new GalleryIndex(t.database, t.services.reference, () => undefined);
    expect(await index.walked()).toBe(true);
    t.clock.advance(1000);
    await importReferenceData(t.database.db, t.clock.now());
    expect(await index.walked()).toBe(false);
    await walk();
    expect(await index.walked()).toBe(true);
    expect(await search('国航')).toEqual([photo.second]);
  });
});
