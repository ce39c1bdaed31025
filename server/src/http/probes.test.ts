import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDriver, sqliteFile } from '../db/database.js';
import { bearer, createTestApp, databaseKinds, makeUser, type TestApp } from '../testing/harness.js';

/** Holds the sessions table so that nobody can write it (SQLite: the database's write lock) until released. */
async function holdSessions(t: TestApp): Promise<() => Promise<void>> {
  if (t.config.databaseUrl) {
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    await client.query('begin');
    // Not even a read of the table passes: the session lookup waits as on a frozen server.
    await client.query('lock table sessions in access exclusive mode');
    return async () => {
      await client.query('rollback');
      await client.end();
    };
  }
  const SQLite = sqliteDriver();
  const other = new SQLite(sqliteFile(t.config.dataDir));
  other.exec('begin immediate');
  return async () => {
    other.exec('rollback');
    other.close();
  };
}

// Issue 34, item 3: /ready and /health answer their own body whoever calls. With the session lookup
// stuck, a caller's Authorization header made /ready wait for the database's timeout and answer an
// English 500 (the error's body does not fit the readiness schema).
describe.each(databaseKinds())('the health checks with a stuck session lookup on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let release: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    t = await createTestApp(kind, { DB_TIMEOUT_SECONDS: '1' });
    token = (await makeUser(t)).token;
    // The session is due its once-a-minute write of last_seen, which the lock holds up on either database.
    t.clock.advance(120_000);
    release = await holdSessions(t);
  });
  afterAll(async () => {
    await release?.();
    await t?.close();
  });

  it('answers /ready and /health with their own bodies at once, whatever Authorization says', async () => {
    for (const authorization of [bearer(token), { authorization: 'Bearer not-a-token' }, { authorization: 'Basic eDp5' }]) {
      for (const url of ['/api/v1/ready', '/api/v1/health']) {
        const started = Date.now();
        const res = await t.app.inject({ method: 'GET', url, headers: authorization });
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ database: true, storage: true, disk: true });
        expect(Date.now() - started, url).toBeLessThan(900);
      }
    }
  }, 60_000);
});
