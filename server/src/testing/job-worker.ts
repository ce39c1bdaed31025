// A second process of the job runner for runner.test.ts: it runs the test kind `step` over the same
// database with a short lease, and hangs in the job whose payload says so until it is killed.
import { sql } from 'kysely';
import { systemClock } from '../clock.js';
import { openDatabase } from '../db/database.js';
import { JobRunner } from '../jobs/runner.js';

const database = openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.DATA_DIR! });
const runner = new JobRunner(
  database,
  systemClock,
  { error: console.error, warn: () => undefined },
  {
    leaseMs: Number(process.env.LEASE_MS),
    slots: 1,
    idleMs: 50,
  },
);
runner.register<{ n: number; hang?: boolean }>({
  kind: 'step',
  run: async ({ n, hang }) => {
    await sql`insert into job_effects (n, what) values (${n}, ${hang ? 'started' : 'done'})`.execute(database.db);
    if (!hang) return;
    console.log(`hanging in ${n}`);
    await new Promise(() => undefined);
  },
});
await runner.start();
// The runner's waits do not hold a process open (a server's listening socket does): this one waits to be killed.
setInterval(() => undefined, 60_000);
console.log('worker running');
