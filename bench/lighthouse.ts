/**
 * Lighthouse's own verdict on the guest pages (issue 19): its mobile preset (simulated slow 4G, 150 ms RTT,
 * 1.6 Mbit/s, CPU 4× slower than this host) on `/menu` of the 200-product venue, `/reservar` and `/home`, with
 * this machine's Chromium. Prints each category's score and the load metrics Lighthouse weighs most; the
 * targets are 95 for performance and 100 for accessibility, best practices and SEO. Before, each page's time as
 * the server sends it, drawn and then kept (in Spanish: Lighthouse's visits in English still find nothing kept).
 *
 * Lighthouse is not among the project's dependencies (about 185 MB installed); install it once, anywhere:
 *
 *   mkdir -p /tmp/lighthouse && npm install --prefix /tmp/lighthouse lighthouse@12.8
 *       (Lighthouse 13 stops on Debian's Chromium with NO_NAVSTART)
 *   LIGHTHOUSE=/tmp/lighthouse/node_modules/.bin/lighthouse npm run bench:lighthouse
 *   BENCH_RUNS=3 BENCH_BUILDS=<dir>,<dir> LIGHTHOUSE=… npm run bench:lighthouse
 *       (two builds, each on its own server, their runs interleaved as in bench:menu)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeDataDir, removeDataDir, spawnServer, waitUntilServing } from '../e2e/support/server.ts';
import { seedTwoHundredProducts } from './support/two-hundred-products.ts';

const LIGHTHOUSE = process.env.LIGHTHOUSE;
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const BUILDS = (process.env.BENCH_BUILDS?.split(',').filter(Boolean) ?? []).map((build) =>
  path.resolve(build),
);
const PAGES = ['/menu', '/reservar', '/home'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index'];

interface Report {
  readonly categories: Record<string, { readonly score: number | null }>;
  readonly audits: Record<
    string,
    { readonly numericValue?: number; readonly score: number | null; readonly title: string }
  >;
  readonly environment: { readonly benchmarkIndex: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function lighthouse(url: string): Promise<Report> {
  const output = path.join(os.tmpdir(), `sobremesa-lighthouse-${process.pid}.json`);
  await promisify(execFile)(
    LIGHTHOUSE!,
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      timeout: 300_000,
    },
  );
  try {
    return JSON.parse(fs.readFileSync(output, 'utf8')) as Report;
  } finally {
    fs.rmSync(output, { force: true });
  }
}

async function startVenue(webDist?: string) {
  const dataDir = makeDataDir();
  await seedTwoHundredProducts(dataDir);
  const server = spawnServer({ dataDir, readyTimeoutMs: 180_000, env: webDist ? { WEB_DIST: webDist } : {} });
  const url = await server.ready;
  await waitUntilServing(url);
  return {
    url,
    label: webDist ?? 'apps/web/dist',
    stop: async () => {
      await server.stop();
      removeDataDir(dataDir);
    },
  };
}

if (!LIGHTHOUSE) {
  console.error('Set LIGHTHOUSE to the lighthouse command (see the top of bench/lighthouse.ts).');
  process.exit(1);
}
const venues = BUILDS.length
  ? await Promise.all(BUILDS.map((build) => startVenue(build)))
  : [await startVenue()];
/**
 * The page's time to its last byte as a Spanish phone would get it from the server, drawn afresh and then kept
 * (decision 030: drawn pages are kept a minute). Spanish, so Lighthouse's own visit (in English) stays a first one.
 */
async function serverTimes(url: string): Promise<{ drawn: number; kept: number }> {
  const timed = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'accept-language': 'es-ES' } });
    await response.text();
    return performance.now() - started;
  };
  const drawn = await timed();
  return { drawn, kept: await timed() };
}

try {
  for (const venue of venues)
    for (const page of PAGES) {
      const { drawn, kept } = await serverTimes(`${venue.url}${page}`);
      console.log(
        `${venue.label} ${page}: the server's page in ${drawn.toFixed(0)} ms drawn, ${kept.toFixed(0)} ms kept`,
      );
    }
  const reports = new Map<string, Report[]>();
  const key = (label: string, page: string) => `${label} ${page}`;
  for (let run = 0; run < RUNS; run += 1)
    for (const page of PAGES)
      for (const venue of run % 2 ? [...venues].reverse() : venues) {
        const report = await lighthouse(`${venue.url}${page}`);
        const list = reports.get(key(venue.label, page)) ?? [];
        list.push(report);
        reports.set(key(venue.label, page), list);
      }
  for (const venue of venues) {
    console.log(`\nbuild ${venue.label}: Lighthouse mobile preset, medians of ${RUNS} run(s)`);
    for (const page of PAGES) {
      const list = reports.get(key(venue.label, page))!;
      const scores = CATEGORIES.map(
        (category) =>
          `${category} ${median(list.map((report) => Math.round((report.categories[category]?.score ?? 0) * 100)))}`,
      );
      const metrics = METRICS.map(
        (metric) =>
          `${list[0]!.audits[metric]!.title} ${median(list.map((report) => report.audits[metric]!.numericValue ?? NaN)).toFixed(0)} ms`,
      );
      const failing = [
        ...new Set(
          list.flatMap((report) =>
            Object.entries(report.audits)
              .filter(([, audit]) => audit.score === 0)
              .map(([id]) => id),
          ),
        ),
      ];
      console.log(`  ${page.padEnd(10)} ${scores.join(', ')}`);
      console.log(`  ${''.padEnd(10)} ${metrics.join(', ')}`);
      console.log(
        `  ${''.padEnd(10)} host BenchmarkIndex ${median(list.map((report) => report.environment.benchmarkIndex)).toFixed(0)}; audits at 0: ${failing.join(', ') || 'none'}`,
      );
    }
  }
} finally {
  await Promise.all(venues.map((venue) => venue.stop()));
}
