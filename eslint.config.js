import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (STYLE.md): contract → server/web; in web, lib/components → features → app,
// and features do not import each other. On the server: routes → services → repositories → db; a
// module's routes call only their own service, and another module is reached through its service.
const features = fs.readdirSync('web/src/features');
const modules = fs.readdirSync('server/src/modules');
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules that catch real bugs: a promise nobody awaits (its failure vanishes), an API
    // its library has deprecated, a switch that forgets a case of a union.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-deprecated': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['contract/**'],
    rules: restrict([{ group: ['**/server/**', '**/web/**'], message: 'contract/ depends on nothing of ours.' }]),
  },
  {
    files: ['server/**'],
    rules: restrict([{ group: ['**/web/src/**'], message: 'The server does not import the web app.' }]),
  },
  {
    files: ['server/src/http/**', 'server/src/events.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      { group: ['**/web/src/**'], message: 'The server does not import the web app.' },
      {
        group: ['**/modules/**', '**/jobs/**'],
        message: 'http/, db/, mail/, media/, shared/ and the event hub are shared layers: they import no module.',
      },
    ]),
  },
  {
    // Below the HTTP layer: errors and caches come from shared/, never from http/.
    files: ['server/src/{db,mail,media,shared}/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      { group: ['**/web/src/**'], message: 'The server does not import the web app.' },
      {
        group: ['**/modules/**', '**/jobs/**'],
        message: 'http/, db/, mail/, media/, shared/ and the event hub are shared layers: they import no module.',
      },
      {
        group: ['**/http/**'],
        message: 'db/, mail/, media/ and shared/ sit below the HTTP layer: errors and caches are in shared/.',
      },
    ]),
  },
  {
    files: ['server/src/jobs/**'],
    rules: restrict([
      { group: ['**/web/src/**'], message: 'The server does not import the web app.' },
      { group: ['**/modules/**/*.repository*'], message: 'Jobs call services, never a module repository.' },
    ]),
  },
  ...modules
    .map((mod) => {
      const others = modules.filter((other) => other !== mod);
      const outside = (role, message) => others.map((other) => ({ group: [`**/${other}/*.${role}*`], message }));
      const base = [
        { group: ['**/web/src/**'], message: 'The server does not import the web app.' },
        ...outside('repository', 'Another module is reached through its service, never its repository.'),
        ...outside('routes', 'Routes belong to their own module.'),
        ...outside('presenter', 'Another module presents its own rows: call its service.'),
      ];
      return [
        { files: [`server/src/modules/${mod}/**`], rules: restrict(base) },
        {
          files: [`server/src/modules/${mod}/*.routes.ts`],
          rules: restrict([
            ...base,
            {
              group: ['**/*.repository*', '**/db/**'],
              message: 'Routes call their service; only repositories touch the database.',
            },
            ...outside('service', "A module's routes call only their own service."),
          ]),
        },
        {
          files: [`server/src/modules/${mod}/*.repository.ts`],
          rules: restrict([
            ...base,
            { group: ['**/*.service*', '**/*.routes*', '**/http/**'], message: 'Repositories are queries only.' },
          ]),
        },
      ];
    })
    .flat(),
  {
    // Texts (issue 35): a service holds no user-facing words. Those only the server writes (mails, feeds,
    // page titles, notifications) are in its module's catalogue, <module>.texts.ts; those the web shows
    // too are in contract/ (texts.ts or the module's message object). Comments may speak Chinese.
    files: ['server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/[\\u4e00-\\u9fff]/]', 'TemplateElement[value.raw=/[\\u4e00-\\u9fff]/]'].map((selector) => ({
          selector,
          message:
            "Chinese text belongs in the module's catalogue (<module>.texts.ts) or, when the web shows it too, in contract/.",
        })),
      ],
    },
  },
  {
    files: ['web/src/lib/**', 'web/src/components/**', 'web/src/styles/**'],
    rules: restrict([
      { group: ['**/features/**', '**/app/**'], message: 'lib/ and components/ are shared: they import no feature or app code.' },
      { group: ['**/server/**'], message: 'The web app talks to the server over HTTP only.' },
    ]),
  },
  ...features.map((feature) => ({
    files: [`web/src/features/${feature}/**`],
    rules: restrict([
      { group: ['**/app/**'], message: 'Features do not import the app shell.' },
      { group: ['**/server/**'], message: 'The web app talks to the server over HTTP only.' },
      ...features
        .filter((other) => other !== feature)
        .map((other) => ({ group: [`**/features/${other}/**`], message: 'Features do not import each other.' })),
    ]),
  })),
);
