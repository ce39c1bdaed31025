import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import direction is only real if the linter refuses a file that breaks it.
const eslint = new ESLint();

async function boundaryErrors(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

async function textErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

// The first lint builds the project's type information for the type-aware rules: seconds on a quiet
// machine, over 40 s on a starved one (met under a CPU burner, past the 30 s a test may take). It is
// built once here, within the hook's limit, so each case below only lints its own lines.
beforeAll(async () => {
  await eslint.lintText('export const warm = 1;\n', { filePath: 'server/src/modules/photos/photos.routes.ts' });
});

describe('server import boundaries', () => {
  it.each([
    [
      'a routes file reaching another module’s service',
      'server/src/modules/photos/photos.routes.ts',
      "import { x } from '../accounts/accounts.service.js';",
    ],
    [
      'a routes file reaching its own repository',
      'server/src/modules/photos/photos.routes.ts',
      "import { x } from './photos.repository.js';",
    ],
    [
      'a routes file reaching the database',
      'server/src/modules/photos/photos.routes.ts',
      "import { x } from '../../db/database.js';",
    ],
    [
      'a service reaching another module’s repository',
      'server/src/modules/accounts/accounts.service.ts',
      "import { x } from '../site/site.repository.js';",
    ],
    [
      'a service reaching another module’s presenter',
      'server/src/modules/photos/photos.service.ts',
      "import { x } from '../reference/reference.presenter.js';",
    ],
    [
      'a repository reaching a service',
      'server/src/modules/photos/photos.repository.ts',
      "import { x } from './photos.service.js';",
    ],
    [
      'a job reaching a module repository',
      'server/src/jobs/kinds.ts',
      "import { x } from '../modules/accounts/accounts.repository.js';",
    ],
    [
      'the HTTP layer reaching a module',
      'server/src/http/auth.ts',
      "import { x } from '../modules/accounts/accounts.service.js';",
    ],
    [
      'the server reaching the web app',
      'server/src/modules/site/site.service.ts',
      "import { x } from '../../../../web/src/lib/api.js';",
    ],
  ])('refuses %s', async (_name, file, line) => {
    expect(await boundaryErrors(file, line)).toHaveLength(1);
  });

  it.each([
    ['routes → own service', 'server/src/modules/photos/photos.routes.ts', "import { x } from './photos.service.js';"],
    ['service → own repository', 'server/src/modules/photos/photos.service.ts', "import { x } from './photos.repository.js';"],
    [
      'service → another module’s service',
      'server/src/modules/photos/photos.service.ts',
      "import { x } from '../accounts/accounts.service.js';",
    ],
    ['job → a service', 'server/src/jobs/kinds.ts', "import { x } from '../modules/photos/photos.service.js';"],
  ])('allows %s', async (_name, file, line) => {
    expect(await boundaryErrors(file, line)).toEqual([]);
  });
});

describe('texts out of services', () => {
  it.each([
    ['a string', "export const message = '图片不存在';"],
    ['a template', 'export const count = (n: number) => `${n} 张照片`;'],
  ])('refuses %s with Chinese words in a service', async (_name, source) => {
    expect(await textErrors('server/src/modules/photos/photos.service.ts', source)).toHaveLength(1);
  });

  it.each([
    [
      'the same words in a catalogue',
      'server/src/modules/potw/potw.texts.ts',
      'export const count = (n: number) => `共 ${n} 张照片`;',
    ],
    [
      'a comment in Chinese in a service',
      'server/src/modules/photos/photos.service.ts',
      '// 图片不存在\nexport const code = 404;',
    ],
  ])('allows %s', async (_name, file, source) => {
    expect(await textErrors(file, source)).toEqual([]);
  });
});
