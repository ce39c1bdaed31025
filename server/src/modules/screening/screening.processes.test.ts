import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.js';
import { buildServices } from '../../app.js';
import { loadConfig } from '../../config.js';
import { databaseKinds, freshPostgresUrl, insertPhoto } from '../../testing/harness.js';
import { startServer, type RunningServer } from '../../testing/process.js';

// Several identical server processes share one PostgreSQL (PRODUCT.md §9.3): claims and locks must
// hold across them, since nothing about a lock lives in a process's memory.
describe.runIf(databaseKinds().includes('postgres'))('screening with two server processes on one PostgreSQL', () => {
  const servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await drop?.();
  });

  it('hands out distinct photos to 20 parallel claims split across both, and a lock taken on one is refused on the other', async () => {
    const pgDb = await freshPostgresUrl();
    drop = pgDb.drop;
    const env = { DATABASE_URL: pgDb.url };
    servers.push(await startServer(() => env));
    servers.push(await startServer(() => env));
    const [a, b] = servers as [RunningServer, RunningServer];

    const { services, database } = await buildServices(loadConfig(a.env));
    const tokens: string[] = [];
    try {
      const member = await services.accounts.createUser({
        email: 'm@example.com',
        username: 'member',
        password: 'password-123',
        level: 0,
      });
      for (let i = 0; i < 25; i++) await insertPhoto({ database, clock: systemClock }, member.id);
      for (let i = 0; i < 20; i++) {
        const email = `s${i}@example.com`;
        await services.accounts.createUser({ email, username: `screener${i}`, password: 'password-123', level: 1 });
        tokens.push((await services.sessions.login(email, 'password-123', '127.0.0.1')).token);
      }
    } finally {
      await database.destroy();
    }

    const post = (server: RunningServer, path: string, token: string) =>
      fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const claims = await Promise.all(tokens.map((token, i) => post(i % 2 ? b : a, '/screening/next', token)));
    const ids = await Promise.all(claims.map(async (r) => ((await r.json()) as { photoId: number | null }).photoId));
    expect(claims.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(new Set(ids).size).toBe(20);

    // Screener 0 holds ids[0] (taken through server a): screener 1 is refused on server b.
    const refused = await post(b, `/screening/photos/${ids[0]}/lock`, tokens[1]!);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain('该照片正由其他审图员审核');
    const decided = await fetch(`${b.url}/api/v1/screening/photos/${ids[0]}/decision`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'accept' }),
    });
    expect(decided.status).toBe(200);
  }, 240_000);
});
