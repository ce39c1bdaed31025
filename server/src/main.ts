import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { defaultJobs, startScheduler } from './jobs/scheduler.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, database, clock, mail } = await buildApp(config);
  const stopJobs = startScheduler(database.db, clock, defaultJobs(database.db, clock, mail), app.log);
  const shutdown = async () => {
    stopJobs();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
