import fs from 'node:fs';
import path from 'node:path';

/** Removes upload part files older than `maxAgeMs` (left by a crash; live uploads take seconds). */
export async function cleanTmpDir(dir: string, now: number, maxAgeMs: number): Promise<number> {
  let removed = 0;
  let names: string[] = [];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && now - stat.mtimeMs > maxAgeMs) {
      await fs.promises.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
