// The gallery behind nginx (issue 17 item 7): 1, 2 and 3 server processes on one PostgreSQL and one
// S3 store, the cluster of scripts/cluster.ts, under autocannon (50 connections, 10 s).
import { buildServices } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { GALLERY_SORTS } from '../contract/catalogues.js';
import { startCluster, startLoad } from '../scripts/cluster.js';
import { fill } from '../server/src/testing/gallery-fill.js';

const PHOTOS = 20_000;
const CATEGORIES = ['airliner', 'cargo', 'business', 'night', 'livery', 'airport'];

/** Distinct gallery queries, as visitors page, sort and filter: no two in a row alike. */
function galleryPaths(sample: { airline: number; airport: number }): string[] {
  const out: string[] = [];
  for (let i = 0; i < 5_000; i++) {
    const sort = GALLERY_SORTS[i % GALLERY_SORTS.length]!;
    const limit = 10 + (i % 31);
    const filter = [
      `cat=${CATEGORIES[Math.floor(i / 4) % CATEGORIES.length]}`,
      `airline=${sample.airline}`,
      `airport=${sample.airport}`,
      `reg=B-${1000 + (i % 997)}`,
    ][i % 4];
    out.push(`/api/v1/photos?${filter}&sort=${sort}&limit=${limit}`);
  }
  return out;
}

async function measure(url: string, paths: string[]) {
  const r = await startLoad(url, paths, 50, 10).done;
  return `${r.requests.average.toFixed(0).padStart(6)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms${r.errors + r.non2xx ? `  (${r.errors + r.non2xx} failed)` : ''}`;
}

export async function benchCluster(pgAdminUrl: string | null): Promise<void> {
  if (!pgAdminUrl) {
    console.log('gallery behind nginx: skipped (no PostgreSQL)');
    return;
  }
  process.env.TEST_DATABASE_URL ??= pgAdminUrl;
  console.log(
    `gallery behind nginx (PostgreSQL + S3, ${PHOTOS.toLocaleString('en')} accepted photos, load generator on this machine too)`,
  );
  for (const processes of [1, 2, 3]) {
    let cluster: Awaited<ReturnType<typeof startCluster>> | null = null;
    try {
      cluster = await startCluster({ processes, extraEnv: { LOG_LEVEL: 'warn', REQUESTS_PER_MINUTE: '100000000' } });
      const { database } = await buildServices(loadConfig({ ...cluster.env, LOG_LEVEL: 'silent' }));
      const { sample } = await fill(database, PHOTOS).finally(() => database.destroy());
      const distinct = await measure(cluster.url, galleryPaths(sample));
      const same = await measure(cluster.url, ['/api/v1/photos?limit=40']);
      console.log(
        `  ${processes} process${processes > 1 ? 'es' : '  '}: distinct queries ${distinct}   one query (answer cache) ${same}`,
      );
    } finally {
      await cluster?.stop();
    }
  }
}
