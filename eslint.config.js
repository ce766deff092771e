import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

const webSrc = `${import.meta.dirname}/apps/web/src`;
const webFeatures = readdirSync(`${webSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverSrc = `${import.meta.dirname}/apps/server/src`;
const serverModules = readdirSync(`${serverSrc}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.config.ts', '*.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Fastify plugins and hooks are async by contract, whether or not their body awaits.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['apps/server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      // Guard rails: an update or delete without a where clause touches every row.
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
  },
  {
    // The web app's layers: shared code (components, lib) → features → app. A feature reaches another only
    // through the other's `public.ts`, the list of what it offers.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: webSrc,
          zones: [
            {
              target: ['./components', './lib'],
              from: ['./features', './app'],
              message: 'Shared code never imports a feature or the app.',
            },
            { target: './features', from: './app', message: 'A feature never imports the app.' },
            ...webFeatures.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`, ...webFeatures.map((other) => `./${other}/public.ts`)],
              message: 'A feature imports another only through its public.ts.',
            })),
          ],
        },
      ],
    },
  },
  {
    // The server's layers: config → db → lib → modules → http, with errors/ and images/ neutral ground that any
    // layer may use. A module reaches another only through the other's entry, `<name>.module.ts`, which registers the
    // module and lists what others may use. demo/ (the seed and the demo pictures) stands beside the modules: only
    // the wiring (main.ts, http/) uses it. Tests and their helpers (a module's hostile-table entries,
    // `*.hostile.ts`, among them) cross layers on purpose and are left out.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.hostile.ts', 'apps/server/src/test/**', 'apps/server/src/hostile/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: serverSrc,
          zones: [
            {
              target: './config',
              from: '.',
              except: ['./config'],
              message: 'config/ imports nothing of the server but itself.',
            },
            {
              target: './db',
              from: ['./lib', './modules', './demo', './http'],
              message: 'db/ never imports lib/, a module, demo/ or http/.',
            },
            {
              target: './lib',
              from: '.',
              except: ['./lib', './config', './db', './errors'],
              message: 'lib/ (pieces several modules use) imports only config/, db/ and errors/.',
            },
            {
              target: ['./errors', './images'],
              from: ['./db', './lib', './modules', './demo', './http'],
              message: 'errors/ and images/ are neutral: they import no layer.',
            },
            { target: './modules', from: './http', message: 'A module never imports http/.' },
            { target: './modules', from: './demo', message: "The shop's modules never import the demo." },
            { target: './demo', from: './http', message: 'demo/ never imports http/.' },
            ...serverModules.map((module) => ({
              target: `./modules/${module}`,
              from: './modules',
              except: [`./${module}`, ...serverModules.map((other) => `./${other}/${other}.module.ts`)],
              message: 'A module imports another only through its <name>.module.ts.',
            })),
            {
              target: './demo',
              from: './modules',
              except: serverModules.map((module) => `./${module}/${module}.module.ts`),
              message: 'demo/ uses a module only through its <name>.module.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's layers (docs/architecture.md): a repository method is one unit of work on the database, the service
    // holds the rules and decides who is told, the route parses and authorizes. So a repository never imports its
    // callers, nor another module but for types and the mail outbox, into which it queues in its transaction the
    // mails its service made; rendering them is the service's.
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.service.ts', '**/*.routes.ts'],
              message: 'A repository never imports a service or a route: they call it.',
            },
            {
              group: ['**/*.module.ts', '!**/mail/mail.module.ts'],
              allowTypeImports: true,
              message: "A repository imports another module's entry for types only.",
            },
            {
              group: ['**/mail/mail.module.ts'],
              allowImportNames: [
                'outboxEvents',
                'queueMail',
                'queueShopMails',
                'shopMailsInsert',
                'withdrawHeldMails',
                'rewriteHeldMail',
              ],
              allowTypeImports: true,
              message:
                'A repository queues the mails its service made; it never renders one or chooses who is told.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes and services reach the database only through their repository.
    files: ['apps/server/src/modules/**/*.routes.ts', 'apps/server/src/modules/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.repository.ts', '**/db/client.ts', '**/db/schema.ts'],
              allowTypeImports: true,
              message: 'A route or a service reaches the database through its repository.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser tests and the bench use the server only through its entry for them, @bazaar/server/testing.
    files: ['e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ['./e2e', './bench'],
              from: './apps/server/src',
              message: 'Import the server from @bazaar/server/testing (apps/server/src/test/testing.ts).',
            },
          ],
        },
      ],
    },
  },
);
