import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const domainReason =
  'packages/domain is pure business rules shared by server and web: no framework, I/O, database, clock or randomness (ARCHITECTURE §1).';

const webReason = 'The web app never imports server code or database packages (ARCHITECTURE §1).';
/** What the web app, its build included, never imports. */
const serverOnly = [
  '@sobremesa/server*',
  '**/apps/server/**',
  'drizzle-orm*',
  'pg',
  '@electric-sql/*',
  'fastify*',
];

/** The folders directly inside `dir`: web features, server modules. */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = foldersIn('./apps/web/src/features/');
const serverModules = foldersIn('./apps/server/src/modules/');

/** Each feature is closed to the others: shared code lives in src/lib, src/components or src/i18n. */
const featureFence = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/!(${feature})/**/*`,
  from: `./apps/web/src/features/${feature}`,
  message:
    'A web feature never imports another feature: move what both need to src/lib or src/components, or let src/app pass it in (apps/web/src/app/README.md).',
}));

/** Each module is reached from the others only through its `<module>.service.ts`. */
const moduleFence = serverModules.map((module) => ({
  target: `./apps/server/src/modules/!(${module})/**/*`,
  from: `./apps/server/src/modules/${module}`,
  except: [`./${module}.service.ts`],
  message: `Another module reaches ${module} only through ${module}/${module}.service.ts, never its other files (ARCHITECTURE §1).`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // Type-aware rules: each file is checked with the tsconfig that owns it (decision 070).
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'vitest.config.ts', 'scripts/*.ts', 'e2e/support/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      // A promise nobody awaits loses its error; a promise where a callback returns nothing is never awaited.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A new status, role or event kind must be handled wherever a switch covers its union.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { requireDefaultForNonUnion: false }],
      // Module cycles make the load order decide what is undefined at start-up.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto', 'http', 'net'], message: domainReason },
            {
              group: ['@sobremesa/*', '../../apps/*', 'zod', 'react', 'drizzle-orm*', 'fastify*', 'pg'],
              message: domainReason,
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: domainReason },
        { name: 'setTimeout', message: domainReason },
        { name: 'setInterval', message: domainReason },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: domainReason,
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: domainReason,
        },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: domainReason },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@sobremesa/server*',
                '@sobremesa/web*',
                '../../apps/*',
                'node:*',
                'drizzle-orm*',
                'fastify*',
                'react',
              ],
              message: 'packages/contracts is the wire: it may import only domain and zod (ARCHITECTURE §1).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: [...serverOnly, 'node:*'], message: webReason }] },
      ],
      // Any object's randomUUID, destructured too: it is missing on plain-http LAN pages (decision 003).
      'no-restricted-properties': [
        'error',
        {
          property: 'randomUUID',
          message:
            'crypto.randomUUID needs a secure context a venue tablet on http://192.168.x.x lacks: use lib/random-key.ts.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureFence,
            {
              target: ['./apps/web/src/lib', './apps/web/src/components', './apps/web/src/i18n'],
              from: './apps/web/src/features',
              message: 'Shared web code never depends on a feature: features depend on it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The build's plugins run in Node (compressing the output, for one), never in the browser.
    files: ['apps/web/build/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: serverOnly, message: webReason }] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/]+/.*\\.repository(\\.ts)?$',
              message:
                'A module reaches another module through its service, never its repository (ARCHITECTURE §1).',
            },
            {
              group: ['@sobremesa/web*', '**/apps/web/**'],
              message: 'The server never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and fixtures set up whatever state they need, across modules.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: moduleFence }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/http/event-stream.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='hijack']",
          message:
            'Hand a reply to a stream through hijackForEventStream (http/event-stream.ts): it counts the stream per address, cuts idle ones and never throws after the hijack (decision 021).',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment only in src/config/env.ts (ARCHITECTURE §2).',
        },
      ],
    },
  },
);
