import js from '@eslint/js';
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
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
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
