import path from 'node:path';
import { parseArgs } from 'node:util';
import { isValidEmail, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '../../contract/limits.js';
import { MESSAGES } from '../../contract/texts.js';
import { buildServices } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { AppError } from './shared/errors.js';
import { OUTAGE_MESSAGES } from './http/outages.js';
import { dependencyOf } from './shared/errors.js';
import { describeReport, FilesCheck } from './modules/photos/files-check.js';
import { importReferenceData } from './modules/reference/reference.import.js';
import { backup, BackupError, restoreDatabase, restoreFiles } from './ops/backup.js';

const USAGE = `用法: npm run admin -- <命令> [选项]
  create-user --email E --username U --password P [--level 0-3]
  set-level --email E --level 0-3
  suspend --email E --reason R [--until YYYY-MM-DD]
  unsuspend --email E
  maintenance on|off [--message M]
  backup --to DIR            数据库和图片文件的一致副本（服务运行中也可）
  restore --from DIR         恢复到空的数据库和存储（先停止服务）
  check [--repair]           找出缺文件的图片和无主文件；--repair 修复
  import-reference-data`;

class UsageError extends Error {}

function need(values: Record<string, string | boolean | undefined>, key: string): string {
  const v = values[key];
  if (typeof v !== 'string' || !v) throw new UsageError(`缺少 --${key}`);
  return v;
}

function level(raw: string | undefined): number {
  const n = Number(raw ?? '0');
  if (!Number.isInteger(n) || n < 0 || n > 3) throw new UsageError('--level 需为 0、1、2 或 3');
  return n;
}

export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      level: { type: 'string' },
      reason: { type: 'string' },
      until: { type: 'string' },
      message: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      repair: { type: 'boolean' },
    },
  });
  const [command, arg] = positionals;
  if (!command) throw new UsageError('缺少命令');
  const known = [
    'create-user',
    'set-level',
    'suspend',
    'unsuspend',
    'maintenance',
    'backup',
    'restore',
    'check',
    'import-reference-data',
  ];
  if (!known.includes(command)) throw new UsageError(`未知命令：${command}`);

  const config = loadConfig(env);
  // The database comes back before anything opens (and migrates) it.
  const restoredFrom = command === 'restore' ? path.resolve(need(values, 'from')) : null;
  if (restoredFrom) await restoreDatabase(config, restoredFrom);
  const { services, database, storage, clock } = await buildServices(config);
  const { accounts, accountsAdmin, site } = services;
  try {
    switch (command) {
      case 'create-user': {
        const email = need(values, 'email');
        const username = need(values, 'username');
        const password = need(values, 'password');
        if (!isValidEmail(email)) throw new UsageError(MESSAGES.emailInvalid);
        if (!USERNAME_PATTERN.test(username)) throw new UsageError(MESSAGES.usernameInvalid);
        if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) throw new UsageError(MESSAGES.passwordLength);
        const user = await accounts.createUser({ email, username, password, level: level(values.level) });
        return `已创建用户 #${user.id} ${user.username}（等级 ${user.level}）`;
      }
      case 'set-level': {
        const user = await accounts.requireByEmail(need(values, 'email'));
        const lv = level(need(values, 'level'));
        await accountsAdmin.setLevel(user.id, lv, null);
        return `已将 ${user.username} 的等级设为 ${lv}`;
      }
      case 'suspend': {
        const user = await accounts.requireByEmail(need(values, 'email'));
        const reason = need(values, 'reason');
        let until: number | null = null;
        if (values.until) {
          if (!/^\d{4}-\d{2}-\d{2}$/.test(values.until) || Number.isNaN(Date.parse(values.until))) {
            throw new UsageError('--until 需为 YYYY-MM-DD');
          }
          until = Date.parse(`${values.until}T00:00:00Z`);
        }
        await accountsAdmin.suspend(user.id, reason, until, null);
        return `已停用 ${user.username}${values.until ? `，至 ${values.until}` : ''}`;
      }
      case 'unsuspend': {
        const user = await accounts.requireByEmail(need(values, 'email'));
        await accountsAdmin.unsuspend(user.id, null);
        return `已恢复 ${user.username}`;
      }
      case 'maintenance': {
        if (arg !== 'on' && arg !== 'off') throw new UsageError('maintenance 需要 on 或 off');
        const status = await site.setMaintenance(arg === 'on', values.message, null);
        return status.maintenance ? `维护模式已开启：${status.maintenanceMessage}` : '维护模式已关闭';
      }
      case 'import-reference-data': {
        const n = await importReferenceData(database.db, Date.now());
        return `已导入 ${n.airports} 个机场、${n.airlines} 家航空公司、${n.types} 个机型（审图员修改过的条目保持不变）`;
      }
      case 'backup':
        return await backup(
          database,
          config,
          storage,
          new FilesCheck(database.db, clock, storage),
          path.resolve(need(values, 'to')),
        );
      case 'restore': {
        const check = new FilesCheck(database.db, clock, storage);
        const { put, absent } = await restoreFiles(check, storage, restoredFrom!);
        const report = await check.run({ repair: false });
        return [
          `已从 ${restoredFrom} 恢复数据库和 ${put} 个图片文件`,
          ...(absent.length > 0 ? [`备份中缺少 ${absent.length} 个文件：${absent.slice(0, 20).join('、')}`] : []),
          describeReport(report),
        ].join('\n');
      }
      case 'check':
        return describeReport(await new FilesCheck(database.db, clock, storage).run({ repair: values.repair === true }));
    }
    throw new UsageError(`未知命令：${command}`);
  } finally {
    await database.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2))
    .then((out) => console.log(out))
    .catch((err: unknown) => {
      if (err instanceof BackupError) console.error(`错误：${err.message}`);
      else if (err instanceof UsageError) console.error(`错误：${err.message}\n\n${USAGE}`);
      else if (err instanceof AppError) {
        console.error(`错误：${err.issues?.map((i) => i.message).join('；') ?? err.message}`);
      } else if (err instanceof ConfigError) console.error(err.message);
      else if (err instanceof Error && err.name === 'TypeError' && 'code' in err)
        console.error(`错误：${err.message}\n\n${USAGE}`);
      else {
        // The database or the photo store down, in the same words the site uses; anything else by its
        // message (the stack only with DEBUG set).
        const down = dependencyOf(err);
        console.error(`错误：${down ? OUTAGE_MESSAGES[down] : err instanceof Error ? err.message : String(err)}`);
        if (process.env.DEBUG) console.error(err);
      }
      process.exit(1);
    });
}
