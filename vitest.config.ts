import { defineConfig } from 'vitest/config';

// A hang guard, not a speed check (speed is bench/'s): the property and whole-horizon tests take 2–4 s on two
// idle cores and twice that beside a browser spec on a slow host, where vitest's 5 s default failed them.
const UNIT_HANG_GUARD_MS = 60_000;

// One runner for every tier; projects are named so `--project` picks a tier (see package.json scripts).
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker, which ran every file of every tier one after another.
    // Most of a server test or a browser spec is waiting on PostgreSQL, a server or Chromium: two workers.
    maxWorkers: 2,
    projects: [
      // Domain rules must not depend on the machine's zone: run them under UTC and under the venue zone.
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: UNIT_HANG_GUARD_MS,
        },
      },
      {
        test: {
          name: 'domain-madrid',
          include: ['packages/domain/src/**/*.test.ts'],
          env: { TZ: 'Europe/Madrid' },
          testTimeout: UNIT_HANG_GUARD_MS,
        },
      },
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          testTimeout: UNIT_HANG_GUARD_MS,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // The files of a worker share one module graph instead of importing the whole server again each
          // (175 of the suite's 355 s alone on two cores went on imports). Safe because every test file has its
          // own database and app, and the server's caches are keyed by that database (decision 016).
          isolate: false,
          // Hang guards, not speed checks: the 50-way races on PostgreSQL share two cores with a browser spec.
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts'],
          testTimeout: UNIT_HANG_GUARD_MS,
        },
      },
      {
        test: {
          name: 'print-helper',
          include: ['apps/print-helper/src/**/*.test.ts'],
          testTimeout: UNIT_HANG_GUARD_MS,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          // expect.poll waits for its condition as long as the test may (its own default gives up after 1 s,
          // a timed assertion on a busy machine).
          // Every 250 ms rather than its default 50: a poll is a call to the server or into the page, and
          // twenty a second over a long wait was CPU the other spec on the machine needed.
          expect: { poll: { timeout: 60_000, interval: 250 } },
          // Two spec files at a time, like every tier: a spec spends most of its time waiting on its server
          // and its browser, so one at a time left a core idle and CI past its 25 minutes (decision 016).
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
