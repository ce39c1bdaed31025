// Issue 35's bench row: 1,000 members who asked for instant mail follow a registration; a photo of it is
// accepted. How long until a real SMTP server on loopback has every mail (the fan-out's batch, then the
// runner's mail jobs over pooled connections), on SQLite and PostgreSQL.
import { SCREENING_LIMITS } from '../contract/screening.js';
import { createTransport } from '../server/src/mail/transport.js';
import { seedFollowers } from '../server/src/testing/followers.js';
import { acceptPhoto, createTestApp, insertPhoto, makeUser } from '../server/src/testing/harness.js';
import { startSmtp } from '../server/src/testing/smtp.js';

const FOLLOWERS = 1_000;

export async function benchMail(pgUrl: string | null): Promise<void> {
  const kinds: ('sqlite' | 'postgres')[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  if (pgUrl) process.env.TEST_DATABASE_URL ??= pgUrl;
  for (const kind of kinds) {
    const smtp = await startSmtp();
    const t = await createTestApp(
      kind,
      {},
      'fs',
      createTransport({ smtpUrl: smtp.url, from: 'bench <b@example.com>', log: () => undefined }),
    );
    try {
      await seedFollowers(t, FOLLOWERS, { mail: 'instant' });
      const photographer = await makeUser(t);
      const screener = await makeUser(t, 1);
      const photoId = await insertPhoto(t, photographer.id, { registration: 'B-30EE' });
      await acceptPhoto(t, photoId, { ...screener, level: 1 });
      // Followers are told once the acceptance can no longer be taken back (撤销): the figure starts there.
      t.clock.advance(SCREENING_LIMITS.undoSeconds * 1000);
      const start = performance.now();
      await t.jobs.start();
      let queued = 0;
      let first = 0;
      while (smtp.received.length < FOLLOWERS) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (!queued && (await t.database.db.selectFrom('outbox').select('id').limit(1).execute()).length)
          queued = performance.now() - start;
        if (!first && smtp.received.length) first = performance.now() - start;
        if (performance.now() - start > 300_000) throw new Error(`${smtp.received.length} of ${FOLLOWERS} mails after 5 minutes`);
      }
      const all = performance.now() - start;
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(
        `mail on ${kind}: ${FOLLOWERS.toLocaleString('en')} instant alerts of one accepted photo at a local SMTP server in ${s(all)} ` +
          `(${((FOLLOWERS / all) * 1000).toFixed(0)} mails/s; queued by the fan-out after ${s(queued)}, the first delivered after ${s(first)}; goal 30 s)`,
      );
    } finally {
      await t.jobs.stop();
      await t.close();
      await smtp.close();
    }
  }
}
