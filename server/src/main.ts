import { buildApp, tmpDirOf } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { defaultJobs, startLocalUpkeep, startScheduler } from './jobs/scheduler.js';
import { importReferenceDataIfEmpty } from './modules/reference/reference.import.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, database, clock, mail, services } = await buildApp(config);
  if (await importReferenceDataIfEmpty(database.db, clock.now())) app.log.info('reference data imported');
  // Files of uploads that a previous process left half-done (see PhotosService.upload).
  await services.uploads.sweep();
  const stopJobs = startScheduler(database.db, clock, defaultJobs(database.db, clock, mail, services), app.log);
  const stopUpkeep = startLocalUpkeep(tmpDirOf(config), clock, services, app.log);
  const shutdown = async () => {
    stopJobs();
    await stopUpkeep();
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
