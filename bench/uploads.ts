// Uploads under sustained load (issue 20, item 3): 300 camera-sized JPEGs (4096 px, ~4 MB, a copy of
// its own each, as the same file twice is refused) sent two at a time to the real server process,
// whose resident memory is read from /proc while it works and once it has been idle a while.
// Goal: RSS once idle within 200 MB of where it started, and never above 700 MB.
import fs from 'node:fs';
import { buildServices } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { inFlightMeta, memberOnServer, multipartBody } from '../server/src/testing/harness.js';
import { asAnotherFile } from '../server/src/testing/images.js';
import { startServer } from '../server/src/testing/process.js';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 300);
const PARALLEL = 2;
const GOAL = { aboveStartMb: 200, peakMb: 700 };
/** How long the process is left alone before its idle memory is read. */
const IDLE_MS = 10_000;

const rssMb = (pid: number): number => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : NaN;
};

export async function benchUploads(jpeg: Buffer): Promise<void> {
  if (!fs.existsSync('/proc/self/status')) {
    console.log('uploads under load: skipped (no /proc to read memory from)');
    return;
  }
  const server = await startServer(() => ({ REQUESTS_PER_MINUTE: '1000000' }));
  const pid = server.process.pid!;
  try {
    const { token, typeId } = await memberOnServer(server, 'uploads@example.com');
    // Room in the queue for every upload: the quota is not what is measured here.
    const { database } = await buildServices(loadConfig(server.env));
    await database.db
      .updateTable('users')
      .set({ queue_slots: UPLOADS + 10 })
      .where('email', '=', 'uploads@example.com')
      .execute();
    await database.destroy();
    const start = rssMb(pid);
    let peak = start;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const statuses = new Map<number, number>();
    const began = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < UPLOADS) {
        const i = next++;
        const { payload, headers } = await multipartBody({
          file: asAnotherFile(jpeg, `upload ${i}`),
          meta: inFlightMeta(typeId, `B-${(5000 + i).toString()}`),
        });
        const res = await fetch(`${server.url}/api/v1/photos`, {
          method: 'POST',
          headers: { ...headers, authorization: `Bearer ${token}` },
          body: new Uint8Array(payload),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const seconds = (Date.now() - began) / 1000;
    const busy = rssMb(pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    clearInterval(sampler);
    const idle = rssMb(pid);
    const met = idle - start <= GOAL.aboveStartMb && peak <= GOAL.peakMb ? 'met' : 'missed';
    console.log(
      `uploads under load: ${UPLOADS} × ${(jpeg.length / 1024 / 1024).toFixed(1)} MB 4096 px JPEGs, ${PARALLEL} at a time, in ${seconds.toFixed(0)} s ` +
        `(${(UPLOADS / seconds).toFixed(2)}/s; answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')})`,
    );
    console.log(
      `  server RSS: ${start.toFixed(0)} MB at start, peak ${peak.toFixed(0)} MB, ${busy.toFixed(0)} MB after the last answer, ` +
        `${idle.toFixed(0)} MB after ${IDLE_MS / 1000} s idle (+${(idle - start).toFixed(0)} MB); ` +
        `goal idle ≤ start + ${GOAL.aboveStartMb} MB, peak ≤ ${GOAL.peakMb} MB: ${met}`,
    );
  } finally {
    await server.stop();
  }
}
