// `npm run demo [-- --photos N]`: the demo community on the configured site (DATA_DIR, DATABASE_URL,
// STORAGE as the server reads them), with its progress and the accounts to sign in with.
import { parseArgs } from 'node:util';
import { LEVEL_NAMES } from '../../../contract/limits.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { DemoRefused, runDemo, type DemoResult } from './demo.js';

/** How many photos the demo draws unless told otherwise. */
export const DEMO_PHOTOS = 300;

export function describeDemo(r: DemoResult): string {
  const p = r.photos;
  return [
    `演示社区已就绪（用时 ${r.seconds} 秒）：${r.people} 名成员，${p.total} 张照片（通过 ${p.accepted}，未通过 ${p.rejected}，待审 ${p.waiting}）。`,
    `管理员：${r.admin.email}  密码：${r.admin.password}`,
    `审图团队与其他成员的密码均为：${r.password}`,
    ...r.team.filter((t) => t.level < 3).map((t) => `  ${LEVEL_NAMES[t.level]} ${t.username}  ${t.email}`),
    `  摄影师 ${r.members.length} 名：${r.members[0]} … ${r.members.at(-1)}`,
  ].join('\n');
}

/** Fills the site and prints what it made; a site with members is refused (DemoRefused). */
export async function fillDemo(config: Config, photos: number): Promise<void> {
  const result = await runDemo(config, { photos, progress: (line) => console.log(line) });
  console.log(describeDemo(result));
}

/** The message a refusal or a failure ends the command with. */
export function demoFailure(err: unknown): string {
  if (err instanceof DemoRefused) return `错误：${err.message}`;
  if (err instanceof ConfigError) return err.message;
  return `错误：${err instanceof Error ? err.message : String(err)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { photos: { type: 'string' } } });
  const photos = values.photos === undefined ? DEMO_PHOTOS : Number(values.photos);
  if (!Number.isInteger(photos) || photos < 10 || photos > 2000) {
    console.error('错误：--photos 需为 10 到 2000 之间的整数');
    process.exit(1);
  }
  fillDemo(loadConfig(), photos).catch((err: unknown) => {
    console.error(demoFailure(err));
    if (process.env.DEBUG) console.error(err);
    process.exit(1);
  });
}
