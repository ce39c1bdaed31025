import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServices } from '../../app.js';
import { loadConfig } from '../../config.js';
import { SENT_BODY } from '../../mail/outbox.js';
import { databaseKinds, freshPostgresUrl } from '../../testing/harness.js';
import { startServer, type RunningServer } from '../../testing/process.js';

// Rate limits and mail live in the database, so two processes share them (PRODUCT.md §9.3); and in
// production no live reset link is left in the outbox or written to the log.
describe.runIf(databaseKinds().includes('postgres'))('accounts with two server processes on one PostgreSQL', () => {
  const servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await drop?.();
  });

  it('lets at most 5 of 50 parallel wrong logins through across both, and keeps reset links out of outbox and log', async () => {
    const pgDb = await freshPostgresUrl();
    drop = pgDb.drop;
    const env = { DATABASE_URL: pgDb.url, NODE_ENV: 'production', LOG_LEVEL: 'info' };
    servers.push(await startServer(() => env, undefined, { captureOutput: true }));
    servers.push(await startServer(() => env, undefined, { captureOutput: true }));
    const [a, b] = servers as [RunningServer, RunningServer];
    const { services, database } = await buildServices(loadConfig(a.env));
    try {
      await services.accounts.createUser({ email: 'target@example.com', username: 'target', password: 'password-123', level: 0 });
    } finally {
      await database.destroy();
    }

    const login = (server: RunningServer, password: string) =>
      fetch(`${server.url}/api/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'target@example.com', password }),
      });
    const codes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(i % 2 ? b : a, `wrong-${i}`).then((r) => r.status)),
    );
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(45);

    const forgot = await fetch(`${b.url}/api/v1/user/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'target@example.com' }),
    });
    expect(forgot.status).toBe(200);
    // The outbox job (no SMTP: the log transport) sends it within a few seconds in one of the two.
    const client = new pg.Client({ connectionString: pgDb.url });
    await client.connect();
    try {
      let rows: { body: string; sent_at: string | null }[] = [];
      await expect
        .poll(
          async () => {
            rows = (await client.query('select body, sent_at from outbox')).rows;
            return rows.length === 1 && rows[0]!.sent_at !== null;
          },
          { timeout: 60_000, interval: 200 },
        )
        .toBe(true);
      expect(rows[0]!.body).toBe(SENT_BODY);
    } finally {
      await client.end();
    }
    const log = [...a.output, ...b.output].join('\n');
    expect(log).toContain('航迹 Contrail 密码重置');
    expect(log).not.toContain('token=');
  }, 240_000);
});
