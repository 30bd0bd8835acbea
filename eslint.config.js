// Lint: recommended rules plus the boundaries of ARCHITECTURE.md (machines and contract stay pure,
// the server never reaches into the client, features stay independent, no import cycles).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const root = path.dirname(fileURLToPath(import.meta.url));

// Read at load time so a feature folder added tomorrow is fenced off without editing this file.
function featureFolders() {
  const dir = path.join(root, 'src/features');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const featureZones = featureFolders().map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'Features do not import each other: move the shared piece to src/domain, src/api or src/bindings.',
}));

// The few Node globals our .mjs/.js scripts use (TypeScript files get theirs from the type checker).
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'fetch',
    'AbortController',
    'AbortSignal',
    'globalThis',
    'structuredClone',
    'TextEncoder',
    'TextDecoder',
  ].map((name) => [name, 'readonly']),
);

// Anything that is not xstate, zod, the contract or a sibling file. Relative paths that climb out
// of the folder must land in contract/.
const onlyXstateZodContract = {
  regex: String.raw`^(?!(xstate|zod)(/|$)|\./|(\.\./)+contract(/|$))`,
  message: 'machines/ imports only xstate, zod and contract/ (ARCHITECTURE.md: machines are pure).',
};
const onlyZod = {
  regex: String.raw`^(?!zod(/|$)|\./)`,
  message: 'contract/ imports only zod: it is shared by client and server.',
};

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/route-tree.gen.ts',
      '.data/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'e2e/model/out/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: nodeGlobals },
  },
  // Type-aware rules are limited to the few that catch real bugs (dropped promises) and cost one
  // program build, which the project service shares across files.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.d.ts'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './machines',
              from: ['./src', './server'],
              message: 'machines/ is pure: no app or server code (ARCHITECTURE.md).',
            },
            {
              target: './contract',
              from: ['./src', './server', './machines'],
              message: 'contract/ holds wire schemas only and imports only zod.',
            },
            {
              target: './server',
              from: './src',
              message: 'The server never imports the client (src/); share through contract/ or machines/.',
            },
            // ui/ holds primitives and api/ the HTTP layer: both sit below the app, the features and
            // the shared domain pieces, so they never import them (one-way dependencies).
            ...['./src/ui', './src/api'].map((target) => ({
              target,
              from: ['./src/app', './src/features', './src/domain', './src/bindings'],
              message: `${target.slice(2)}/ sits below app/, features/, bindings/ and domain/: move the shared piece down or pass it in.`,
            })),
            {
              target: './src/domain',
              from: ['./src/app', './src/features', './src/bindings'],
              message: 'domain/ is what features share: it imports ui/, api/ and contract/, never app/, bindings/ or a feature.',
            },
            // bindings/ gives the machines their effects (provide()) for the features and the shell: it
            // sits below both, so what it needs from a feature is passed in by the caller.
            {
              target: './src/bindings',
              from: ['./src/app', './src/features'],
              message: 'bindings/ sits below features/ and app/: take what a feature knows as an effect the caller passes in.',
            },
            // app/ is the shell (header, footer, router, guards, mount): it composes the features, so
            // a feature never imports it; what a feature needs from below the shell lives in bindings/.
            {
              target: './src/features',
              from: './src/app',
              message: 'Features never import the shell (src/app): move the piece to src/bindings or src/domain, or pass it in.',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [onlyXstateZodContract] }],
      // A dynamic import() hides a dependency from the rule above: only xstate and contract/ may be loaded.
      'no-restricted-syntax': [
        'error',
        {
          // esquery regexes cannot contain "/", hence \x2F.
          selector: String.raw`ImportExpression:not([source.value=/^(xstate(\x2F|$)|(\.\.\x2F)+contract\x2F)/])`,
          message: 'machines/ may import() only xstate and contract/ (ARCHITECTURE.md: machines are pure).',
        },
      ],
    },
  },
  {
    files: ['contract/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyZod] }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  // public/ holds tiny ES5 scripts served as-is before the bundle; `catch (e) {}` is the only
  // syntax old browsers accept for "ignore this failure".
  {
    files: ['public/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly' },
    },
    rules: {
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }],
    },
  },
);
