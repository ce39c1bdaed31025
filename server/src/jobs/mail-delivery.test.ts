import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../mail/transport.js';
import { seedFollowers } from '../testing/followers.js';
import { acceptPhoto, createTestApp, databaseKinds, insertPhoto, makeUser, type TestApp } from '../testing/harness.js';
import { startSmtp } from '../testing/smtp.js';
import { SCREENING_LIMITS } from '../../../contract/screening.js';

// Issue 35: mail left at 20 every 5 s, so 1,000 instant alerts took about 4 minutes. Each mail is now a
// job of the runner, sent by its slots over a pool of SMTP connections. Here 1,000 members who asked
// for instant mail follow a registration; a photo of it is accepted, and a real SMTP server on loopback
// receives one mail for each of them, none twice. (`npm run bench -- mail` prints how long it takes.)

const FOLLOWERS = 1_000;

describe.each(databaseKinds())('instant alerts on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(
      kind,
      {},
      'fs',
      createTransport({ smtpUrl: smtp.url, from: '航迹 Contrail <no-reply@contrail.local>', log: () => undefined }),
    );
  });
  afterAll(async () => {
    await t.jobs.stop();
    await t.close();
    await smtp.close();
  });

  it('reach a real SMTP server, one mail for each of 1,000 followers', async () => {
    await seedFollowers(t, FOLLOWERS, { mail: 'instant' });
    const photographer = await makeUser(t);
    const screener = await makeUser(t, 1);
    await acceptPhoto(t, await insertPhoto(t, photographer.id, { registration: 'B-30EE' }), { ...screener, level: 1 });
    // Followers are told once the acceptance can no longer be taken back (撤销).
    t.clock.advance(SCREENING_LIMITS.undoSeconds * 1000);
    await t.jobs.start();
    await expect.poll(() => smtp.received.length, { timeout: 120_000, interval: 200 }).toBeGreaterThanOrEqual(FOLLOWERS);
    const to = smtp.received.flatMap((m) => m.to);
    expect(new Set(to).size).toBe(FOLLOWERS);
    expect(to).toHaveLength(FOLLOWERS);
    expect(to).toContain('fan0@example.com');
    expect(smtp.received[0]!.data).toMatch(/^Subject: /m);
    // Every mail job ends: a slot deletes its job just after the server has the mail, so this is waited for.
    await expect
      .poll(async () => await t.database.db.selectFrom('jobs').select('id').where('kind', '=', 'mail').execute())
      .toEqual([]);
    expect(smtp.received).toHaveLength(FOLLOWERS);
  }, 180_000);
});
