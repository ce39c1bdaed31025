import cluster from 'node:cluster';
import { buildApp, tmpDirOf } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { startLocalUpkeep } from './jobs/upkeep.js';
import { importReferenceDataIfChanged } from './modules/reference/reference.import.js';
import { runPrimary } from './workers.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // `npm start -- --demo`: an empty site is filled with the demo community before it opens (by the
  // primary when there are workers: they get the same arguments).
  if (cluster.isPrimary && process.argv.slice(2).includes('--demo')) {
    const demo = await import('./demo/run.js');
    await demo.fillDemo(config, demo.DEMO_PHOTOS).catch((err: unknown) => {
      console.error(demo.demoFailure(err));
      process.exit(1);
    });
  }
  if (cluster.isPrimary && config.workers > 1) return runPrimary(config, config.workers);
  const { app, database, clock, services, drain, checkDependencies, jobs } = await buildApp(config);
  if (await importReferenceDataIfChanged(database.db, clock.now())) app.log.info('reference data imported');
  // Files of uploads that a previous process left half-done (see UploadService.upload).
  await services.uploads.sweep();
  await jobs.start();
  const stopUpkeep = startLocalUpkeep(tmpDirOf(config), clock, services, app.log);
  // The dependencies are asked every 5 s, so an outage's end is seen (and logged) even when no request comes.
  const probes = setInterval(() => void checkDependencies(), 5_000);
  probes.unref();
  // A service manager sends SIGTERM to every process of the service (systemd kills the whole group, so
  // `npm start`'s server may get it twice): the first starts the drain, a repeat changes nothing.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'draining: no new requests, answering those in flight');
    // Runs under way end after their current batch; none starts any more.
    const jobsStopped = jobs.stop();
    clearInterval(probes);
    stopUpkeep();
    // Past the grace, connections still open are closed: the process ends within it whatever a client does.
    let graceOver: () => void = () => undefined;
    const pastGrace = new Promise<void>((resolve) => (graceOver = resolve));
    const force = setTimeout(() => {
      app.log.warn({ graceMs: config.shutdownGraceMs }, 'grace over: closing the connections still open');
      app.server.closeAllConnections();
      graceOver();
    }, config.shutdownGraceMs);
    try {
      // No new connections; those open are answered and closed by their clients (http/drain.ts).
      await drain.start(Math.min(config.drainIdleMs, config.shutdownGraceMs));
      drain.refuseTheRest();
      await Promise.race([jobsStopped, pastGrace]);
      // Closes the idle connections left, waits for the requests inside to be answered; then (onClose)
      // writes the views counted and closes the database.
      await app.close();
    } finally {
      clearTimeout(force);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
