// Checks the gallery bench (gallery-scale.ts) makes beside its loads: the upload's look-alike check timed,
// and the real server's answers held against the minimal server's rows.
import type { buildServices } from '../server/src/app.js';
import { random } from '../server/src/testing/gallery-fill.js';

/** The upload's look-alike check (median ms of 200), for hashes near the gallery's and far from it. */
export async function duplicateCheck(
  uploads: Awaited<ReturnType<typeof buildServices>>['services']['uploads'],
  userId: number,
): Promise<number> {
  const rand = random(11);
  const user = { id: userId, username: 'bench', level: 0, sessionId: 0 };
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const phash = Array.from({ length: 16 }, () => Math.floor(rand() * 16).toString(16)).join('');
    const t = process.hrtime.bigint();
    await uploads.findDuplicates(user, phash);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return times.sort((a, b) => a - b)[100]!;
}

/** Asks both servers the first URLs of each case: the real answer's photos must be a statement's rows, in order. */
export async function compareAnswers(realUrl: string, minimalUrl: string, pools: Record<string, string[]>) {
  let same = 0;
  let asked = 0;
  for (const urls of Object.values(pools)) {
    for (const u of urls.slice(0, 20)) {
      asked++;
      const real = (await (await fetch(realUrl + u)).json()) as { items: { id: number }[] };
      const rows = (await (await fetch(minimalUrl + u)).json()) as { id?: number }[][];
      const ids = JSON.stringify(real.items.map((i) => i.id));
      if (rows.some((r) => JSON.stringify(r.slice(0, real.items.length).map((x) => x.id)) === ids)) same++;
    }
  }
  return { same, asked };
}
