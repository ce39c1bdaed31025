// A second process indexing photos, for the suites that race two processes over one database:
// `node --import tsx server/src/testing/index-photos.ts ID…` with the test's DATA_DIR or DATABASE_URL.
// It prints `ready` as it starts.
import { buildServices } from '../app.js';
import { loadConfig } from '../config.js';

const { database, services } = await buildServices(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
try {
  // Told once it can start at once, so the test's own process starts beside it.
  console.log('ready');
  for (const id of process.argv.slice(2)) await services.gallery.indexPhoto(Number(id));
} finally {
  await database.destroy();
}
