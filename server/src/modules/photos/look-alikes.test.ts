import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hammingDistance } from '../../../../contract/image-analysis.js';
import { photoRow } from '../../testing/photos.js';
import { pgRowsRead, sqlitePlan } from '../../testing/query-plans.js';
import { createTestApp, databaseKinds, makeUser, type TestApp } from '../../testing/harness.js';
import { bandProbes } from './phash-bands.js';
import { phashCandidatesQuery } from './look-alikes.repository.js';
import { DUPLICATE_DISTANCE } from './upload.service.js';

// Issue 37: an upload's look-alike check reads the photos sharing a band of its perceptual hash through
// the bands' indexes, never every accepted photo (464 ms at 200,001 photos before). Counted here on a
// collection of 20,000 accepted photos: the rows the query reads stay a handful, on both databases.

const QUERY = 'f0f0f0f0a5a5a5a5';

/** `hash` with the given bits (0 = the first hex digit's highest) flipped. */
function flip(hash: string, bits: number[]): string {
  let n = BigInt(`0x${hash}`);
  for (const bit of bits) n ^= 1n << BigInt(63 - bit);
  return n.toString(16).padStart(16, '0');
}

const randomHash = () => randomBytes(8).toString('hex');

describe.each(databaseKinds())('look-alikes of an upload on %s', (kind) => {
  let t: TestApp;
  let uploader: number;
  const planted = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    uploader = (await makeUser(t)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function addAccepted(n: number) {
    for (let done = 0; done < n; done += 500) {
      const rows = Array.from({ length: Math.min(500, n - done) }, () =>
        photoRow(t, uploader, { state: 'accepted', phash: randomHash(), sha256: randomBytes(32).toString('hex') }),
      );
      await t.database.db.insertInto('photos').values(rows).execute();
    }
    await sql`analyze`.execute(t.database.db);
  }

  /** Photos from the query hash: the distance each was planted at, by id. */
  async function plant(bits: number[]) {
    const phash = flip(QUERY, bits);
    const row = photoRow(t, uploader, { state: 'accepted', phash, sha256: randomBytes(32).toString('hex') });
    const { id } = await t.database.db.insertInto('photos').values(row).returning('id').executeTakeFirstOrThrow();
    planted.set(id, hammingDistance(phash, QUERY));
  }

  /** The photo rows the check's query reads, from the database's own account of it, and its plan. */
  async function rowsRead(): Promise<{ rows: number; plan: string }> {
    const probes = bandProbes(QUERY, DUPLICATE_DISTANCE);
    const query = phashCandidatesQuery(t.database.db, 0, probes);
    if (kind === 'postgres') return pgRowsRead(t.database.db, query, 'photos');
    // SQLite walks exactly the index entries equal to a probed value: the rows read are those photos.
    const plan = await sqlitePlan(t.database.db, query);
    const { n } = await t.database.db
      .selectFrom('photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.or(probes.map((values, band) => eb(sql<string>`substr(phash, ${sql.lit(band * 4 + 1)}, 4)`, 'in', values))),
      )
      .executeTakeFirstOrThrow();
    return { rows: Number(n), plan: plan.join(' | ') };
  }

  it('finds every look-alike within the distance, however its differing bits fall across the bands', async () => {
    await addAccepted(2_000);
    // 6 bits, two in each of three bands (the fourth band equal); 6 in one band; 1; 0; 7 (too far).
    for (const bits of [[0, 1, 16, 17, 32, 33], [48, 49, 50, 51, 52, 53], [5], [], [0, 1, 16, 17, 32, 33, 48]]) await plant(bits);
    const me = { id: uploader, username: 'x', level: 0 } as Parameters<TestApp['services']['uploads']['findDuplicates']>[0];
    const found = await t.services.uploads.findDuplicates(me, QUERY);
    const expected = [...planted].filter(([, d]) => d <= DUPLICATE_DISTANCE).map(([id]) => id);
    expect(found.map((d) => d.photoId).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  it('reads a handful of rows through the bands’ indexes at 20,000 accepted photos', async () => {
    // At 2,000 PostgreSQL rightly reads the whole small table; ten times as many photos are not read.
    await addAccepted(18_000);
    // Autovacuum marks the pages all-visible in service; here it is asked for, so the index alone answers.
    if (kind === 'postgres') await sql`vacuum analyze photos`.execute(t.database.db);
    const { rows, plan } = await rowsRead();
    // The 5 planted, and about 68 probes × N / 65,536 random neighbours (≈ 21 at 20,000).
    expect(rows, plan).toBeLessThan(60);
    if (kind === 'postgres') expect(plan).not.toContain('Seq Scan');
    else expect(plan).not.toMatch(/SCAN photos(?! USING)/);
    // Read through the bands' covering indexes. SQLite never reads a photo's row for an accepted look-alike;
    // PostgreSQL reads only the index where the visibility map allows it: when a busy cluster kept VACUUM
    // from marking every page all-visible (an older snapshot elsewhere), it may check those pages instead.
    if (kind === 'sqlite') expect(plan).toMatch(/USING COVERING INDEX photos_accepted_band0_idx/);
    else {
      expect(plan).toContain('"Index Name":"photos_accepted_band0_idx"');
      const { rows: pages } = await sql<{ relpages: number; relallvisible: number }>`
        select relpages, relallvisible from pg_class where relname = 'photos'`.execute(t.database.db);
      if (pages[0]!.relallvisible >= pages[0]!.relpages) expect(plan).toMatch(/"Index Only Scan".*photos_accepted_band0_idx/);
    }
  });
});
