import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sqliteDriver } from './db/database.js';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';

const Database = sqliteDriver();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-cli-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
const cli = (...args: string[]) => runCli(args, env);
const userRow = (email: string) =>
  new Database(path.join(dataDir, 'contrail.sqlite'), { readonly: true })
    .prepare('select level, status, suspended_until, suspension_reason from users where email = ?')
    .get(email) as { level: number; status: string; suspended_until: number | null; suspension_reason: string | null };

describe('admin CLI', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates the first administrator and changes levels', async () => {
    expect(
      await cli(
        'create-user',
        '--email',
        'root@example.com',
        '--username',
        '站长大人',
        '--password',
        'tower-cleared-1',
        '--level',
        '3',
      ),
    ).toMatch(/已创建用户 #\d+ 站长大人（等级 3）/);
    expect(userRow('root@example.com').level).toBe(3);
    await cli('set-level', '--email', 'root@example.com', '--level', '2');
    expect(userRow('root@example.com').level).toBe(2);
  });

  it('suspends until a date and unsuspends', async () => {
    await cli('create-user', '--email', 'bad@example.com', '--username', 'badactor', '--password', 'password-123');
    await cli('suspend', '--email', 'bad@example.com', '--reason', '盗图', '--until', '2030-01-02');
    expect(userRow('bad@example.com')).toMatchObject({
      status: 'suspended',
      suspension_reason: '盗图',
      suspended_until: Date.UTC(2030, 0, 2),
    });
    await cli('unsuspend', '--email', 'bad@example.com');
    expect(userRow('bad@example.com').status).toBe('active');
  });

  it('turns maintenance on and off and writes a consistent backup', async () => {
    expect(await cli('maintenance', 'on', '--message', '升级数据库')).toBe('维护模式已开启：升级数据库');
    expect(await cli('maintenance', 'off')).toBe('维护模式已关闭');
    const to = path.join(dataDir, 'backups', 'b');
    expect(await cli('backup', '--to', to)).toMatch(/^已备份到 .+：数据库和 0 个图片文件/);
    const copy = new Database(path.join(to, 'database.sqlite'), { readonly: true });
    expect((copy.prepare('select count(*) n from users').get() as { n: number }).n).toBe(2);
    copy.close();
  });

  it('refuses bad input with a clear message', async () => {
    await expect(
      cli('create-user', '--email', 'root@example.com', '--username', 'other', '--password', 'password-123'),
    ).rejects.toThrow('邮箱已被注册');
    await expect(cli('set-level', '--email', 'nobody@example.com', '--level', '1')).rejects.toThrow('找不到邮箱');
    await expect(cli('set-level', '--email', 'root@example.com', '--level', '9')).rejects.toThrow('--level');
    await expect(cli('suspend', '--email', 'root@example.com', '--reason', 'x', '--until', 'soon')).rejects.toThrow('YYYY-MM-DD');
    await expect(cli('launch')).rejects.toThrow('未知命令');
  });

  it('exits non-zero from the command line on error', () => {
    const res = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli.ts', 'unsuspend', '--email', 'ghost@example.com'],
      {
        env: { ...process.env, ...env },
        encoding: 'utf8',
      },
    );
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('找不到邮箱为 ghost@example.com 的用户');
  });
});
