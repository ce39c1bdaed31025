import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, insertAccepted, makeUser, type TestApp } from '../../testing/harness.js';
import { pgRowsRead, sqlitePlan } from '../../testing/query-plans.js';
import * as repo from './follows.repository.js';
import { photoKeys } from './search-anchor.js';

// Issue 37: an acceptance's saved searches are those anchored on a key the photo carries, found through
// follows_search_anchor_idx; 2,000 saved searches of other photographers are never read, let alone run.

describe.each(databaseKinds())('saved searches a new photo meets on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('anchors each saved search and reads only the few whose anchor the photo carries', async () => {
    const photographer = await makeUser(t);
    const screener = await makeUser(t, 1);
    const members = await Promise.all(Array.from({ length: 5 }, () => makeUser(t)));
    const now = t.clock.now();
    const follow = (userId: number, target: string) => ({
      user_id: userId,
      kind: 'search' as const,
      target,
      label: target,
      mail: 'off' as const,
      muted: 0,
      created_at: now,
    });
    // 2,000 saved searches of other photographers, spread over four members.
    const others = Array.from({ length: 2_000 }, (_, i) => follow(members[i % 4]!.id, `user=${100_000 + i}`));
    for (let i = 0; i < others.length; i += 500)
      await t.database.db
        .insertInto('follows')
        .values(others.slice(i, i + 500))
        .execute();
    // The fifth member's: the photographer, the photo's category with a date range, the text of its
    // registration as typed so far, and a date range alone (anchored on nothing: asked for every photo).
    const mine = [`user=${photographer.id}`, 'cat=airliner&from=2020-01-01', 'q=b-30', 'from=2020-01-01'];
    await t.database.db
      .insertInto('follows')
      .values(mine.map((target) => follow(members[4]!.id, target)))
      .execute();
    let anchored = 0;
    for (let n = await t.services.fanout.anchorNewSearches(); n > 0; n = await t.services.fanout.anchorNewSearches())
      anchored += n;
    expect(anchored).toBe(2_004);
    const anchors = await t.database.db
      .selectFrom('follows')
      .select(['target', 'anchor'])
      .where('user_id', '=', members[4]!.id)
      .orderBy('id')
      .execute();
    expect(anchors.map((a) => a.anchor)).toEqual([`user:${photographer.id}`, 'cat:airliner', 'pre:b30', '*']);

    const photoId = await insertAccepted(
      t,
      photographer.id,
      { id: screener.id, username: 'x', level: 1 },
      {
        registration: 'B-30EE',
        registration_key: 'B30EE',
      },
    );
    const photo = await t.database.db.selectFrom('photos').selectAll().where('id', '=', photoId).executeTakeFirstOrThrow();
    const keys = photoKeys(photo, await repo.documentWords(t.database.db, t.database.dialect, photoId));
    const met = await repo.searchFollowsAfter(t.database.db, photographer.id, keys, 0, 200);
    expect(met.map((f) => f.target).sort()).toEqual([...mine].sort());

    // As a site's statistics have it once its tables filled (PostgreSQL's autovacuum, SQLite's PRAGMA optimize).
    await sql`analyze`.execute(t.database.db);
    const query = repo.searchFollowsQuery(t.database.db, photographer.id, keys, 0, 200);
    if (kind === 'postgres') {
      const { rows, plan } = await pgRowsRead(t.database.db, query, 'follows');
      expect(rows, plan).toBeLessThan(20);
    } else {
      const plan = (await sqlitePlan(t.database.db, query)).join(' | ');
      expect(plan).toMatch(/follows USING (COVERING )?INDEX follows_search_anchor_idx/);
      expect(plan).not.toMatch(/SCAN follows(?! USING)/);
    }
  });
});
