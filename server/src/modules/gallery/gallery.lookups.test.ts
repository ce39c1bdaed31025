import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppParts } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import {
  acceptPhoto,
  bearer,
  createTestApp,
  databaseKinds,
  insertPhoto,
  makeUser,
  seedReference,
  type TestApp,
} from '../../testing/harness.js';

/** The bound on staleness the lookups and the gallery's answer cache document: a version read every 250 ms. */
const STALE_MS = 250;

// Usernames and reference summaries are presented from a copy each process keeps (db/versioned-lookup.ts,
// issue 20). A rename in one process is seen by the process that made it at once, and by another process
// on the same database once the documented 250 ms have passed, even when that one has the old name.
describe.each(databaseKinds())('names in gallery answers across two processes on %s', (kind) => {
  let t: TestApp;
  let other: AppParts;
  beforeAll(async () => {
    t = await createTestApp(kind);
    other = await buildApp(t.config, { clock: t.clock, database: openDatabase(t.config), logger: false });
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app.close();
    await t.close();
  });

  const firstItem = async (app: AppParts['app'], query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/photos?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: { uploader: { username: string }; airline: { label: string } | null }[] }>().items[0]!;
  };

  it('shows a renamed member and airline at once in this process and within 250 ms in the other', async () => {
    const { cca } = await seedReference(t);
    const member = await makeUser(t);
    const screener = await makeUser(t, 1);
    const photoId = await insertPhoto(t, member.id, { airline_id: cca.id });
    await acceptPhoto(t, photoId, { ...screener, level: 1 });
    const query = `user=${member.id}`;

    // Both processes have presented the old names (and keep them).
    for (const app of [t.app, other.app]) {
      const item = await firstItem(app, query);
      expect(item.uploader.username).toBe(member.username);
      expect(item.airline?.label).toContain('中国国际航空');
    }

    const renamed = `r${member.username}`.slice(0, 20);
    const rename = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/me',
      headers: bearer(member.token),
      payload: { username: renamed },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/airlines/${cca.id}`,
      headers: bearer(screener.token),
      payload: { icao: 'CCA', iata: 'CA', nameZh: '国航', nameEn: 'Air China', country: 'China' },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    // The process that made the changes shows them in its very next answer.
    const here = await firstItem(t.app, query);
    expect(here.uploader.username).toBe(renamed);
    expect(here.airline?.label).toContain('国航');
    expect(here.airline?.label).not.toContain('中国国际航空');

    // The other one, once its copies' versions have been read again (both processes share the clock).
    t.clock.advance(STALE_MS);
    const there = await firstItem(other.app, query);
    expect(there.uploader.username).toBe(renamed);
    expect(there.airline?.label).toContain('国航');
    expect(there.airline?.label).not.toContain('中国国际航空');
  });
});
