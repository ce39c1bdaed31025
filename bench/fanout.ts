// Issue 23's bench row: a screener accepts a photo that 10,000 members follow. The decision must not
// wait for them (the fan-out is queued in its transaction and done by the claimed job), and every
// follower has the notification soon after. In process, on SQLite and PostgreSQL, next to GET /health.
import { sql } from 'kysely';
import { bearer, createTestApp, insertPhoto, makeUser } from '../server/src/testing/harness.js';
import { seedFollowers } from '../server/src/testing/followers.js';
import { SCREENING_LIMITS } from '../contract/screening.js';

const FOLLOWERS = 10_000;
const ROUNDS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

export async function benchFanout(pgUrl: string | null): Promise<void> {
  const kinds: ('sqlite' | 'postgres')[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  if (pgUrl) process.env.TEST_DATABASE_URL ??= pgUrl;
  for (const kind of kinds) {
    const t = await createTestApp(kind);
    try {
      await seedFollowers(t, FOLLOWERS);
      const photographer = await makeUser(t);
      const screener = await makeUser(t, 1);
      const decide = async (registration: string) => {
        const id = await insertPhoto(t, photographer.id, { registration });
        await t.app.inject({ method: 'POST', url: `/api/v1/screening/photos/${id}/lock`, headers: bearer(screener.token) });
        const start = process.hrtime.bigint();
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/screening/photos/${id}/decision`,
          headers: bearer(screener.token),
          payload: { decision: 'accept' },
        });
        const took = ms(start);
        if (res.statusCode !== 200) throw new Error(`decision ${res.statusCode}: ${res.body}`);
        return { id, took };
      };
      const told = async (photoId: number) =>
        Number(
          (
            await t.database.db
              .selectFrom('notifications')
              .select(sql<number>`count(*)`.as('n'))
              .where('photo_id', '=', photoId)
              .where('kind', '=', 'followed')
              .executeTakeFirstOrThrow()
          ).n,
        );
      const health: number[] = [];
      for (let i = 0; i < 100; i++) {
        const start = process.hrtime.bigint();
        await t.app.inject({ method: 'GET', url: '/api/v1/health' });
        health.push(ms(start));
      }
      const followed: number[] = [];
      const unfollowed: number[] = [];
      const fanouts: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        unfollowed.push((await decide(`B-${7000 + round}`)).took);
        t.clock.advance(SCREENING_LIMITS.undoSeconds * 1000);
        await t.services.fanout.run(100);
        const { id, took } = await decide('B-30EE');
        followed.push(took);
        // Followers are told once the acceptance can no longer be taken back (撤销).
        t.clock.advance(SCREENING_LIMITS.undoSeconds * 1000);
        // The job run back to back, as the job runner would with no pause: until the last follower is told.
        const start = process.hrtime.bigint();
        while ((await t.services.fanout.run(20)) > 0);
        fanouts.push(ms(start));
        const n = await told(id);
        if (n !== FOLLOWERS) throw new Error(`${n} of ${FOLLOWERS} followers told`);
      }
      const h = median(health);
      console.log(
        `follows on ${kind}, a photo followed by ${FOLLOWERS.toLocaleString('en')} members (median of ${ROUNDS}): ` +
          `the accept decision ${median(followed).toFixed(1)} ms (${(median(followed) / h).toFixed(1)} × GET /health) ` +
          `vs ${median(unfollowed).toFixed(1)} ms on an unfollowed photo (ratio ${(median(followed) / median(unfollowed)).toFixed(2)}); ` +
          `every follower's notification ${(median(fanouts) / 1000).toFixed(2)} s of job work after it ` +
          `(${FOLLOWERS / 1_000} batches; the job runs every 5 s, 20 batches a run)`,
      );
    } finally {
      await t.close();
    }
  }
}
