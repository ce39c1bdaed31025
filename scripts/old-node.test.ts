import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm start`, `npm run dev` and `npm run admin` on a Node below the floor stop with one sentence.
// The old Node: CONTRAIL_OLD_NODE (.ci/run fetches 20 from the npm registry), else the machine's own
// node when it is older than 22. In CI it is required.
const candidate = process.env.CONTRAIL_OLD_NODE ?? findMachineNode();
const oldNode = candidate && Number(version(candidate).slice(1).split('.')[0]) < 22 ? candidate : undefined;
if (process.env.CI === 'true' && !oldNode) throw new Error('CI needs an old Node for this test (CONTRAIL_OLD_NODE)');

function version(node: string) {
  return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
}
function findMachineNode() {
  const res = spawnSync('sh', ['-c', 'command -v node'], { encoding: 'utf8', env: { PATH: '/usr/local/bin:/usr/bin:/bin' } });
  return res.status === 0 ? res.stdout.trim() : undefined;
}

describe.skipIf(!oldNode)('a Node older than 22', () => {
  it.each(['start', 'dev', 'admin'])('npm run %s says in one sentence what to install, with no stack trace', (script) => {
    const res = spawnSync('npm', ['run', '--silent', script], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${path.dirname(oldNode!)}:${process.env.PATH}` },
      timeout: 60_000,
    });
    expect(res.status).not.toBe(0);
    const ours = res.stderr.split('\n').filter((line) => line.includes('Contrail'));
    expect(ours).toEqual([
      `航迹 Contrail 需要 Node.js 22 或更高版本（推荐 24 LTS），当前是 ${version(oldNode!)}：请安装 Node.js 24 后重新运行 npm install。`,
    ]);
    expect(res.stderr).not.toMatch(/^\s+at /m);
    expect(res.stdout).not.toContain('构建网页');
  });
});
