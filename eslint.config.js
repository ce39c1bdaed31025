import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (STYLE.md): contract → server/web; in web, lib/components → features → app,
// and features do not import each other.
const features = fs.readdirSync('web/src/features');
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
