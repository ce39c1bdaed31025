import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../server/src/cli.js';

// The README's admin commands are run as written: a reader copies them.
const readme = fs.readFileSync('README.md', 'utf8');
const commands = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
  .flatMap((m) => m[1]!.split('\n'))
  .filter((line) => line.startsWith('npm run admin -- '))
  .map((line) => [...line.slice('npm run admin -- '.length).matchAll(/'([^']*)'|(\S+)/g)].map((t) => t[1] ?? t[2]!));

describe("the README's admin commands", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-readme-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  // Backups go under this test's folder instead of /backups.
  const local = (args: string[]) => args.map((a) => a.replace(/^\/backups\//, `${root}/backups/`));

  it('are found: the first administrator and the restore', () => {
    expect(commands.map((c) => c[0])).toEqual(['create-user', 'restore']);
  });

  it('run as written: the first administrator on a new site, then a restore of its backup into another', async () => {
    const site = { DATA_DIR: path.join(root, 'site'), LOG_LEVEL: 'silent' };
    const [createUser, restore] = commands.map(local) as [string[], string[]];
    expect(await runCli(createUser, site)).toMatch(/^已创建用户 #\d+ 站长大人（等级 3）$/);
    await runCli(['backup', '--to', restore[restore.indexOf('--from') + 1]!], site);
    expect(await runCli(restore, { DATA_DIR: path.join(root, 'restored'), LOG_LEVEL: 'silent' })).toMatch(/^已从 .+ 恢复数据库/);
  });
});
