/**
 * What each route tree of the web app makes a browser download before its first screen: the two entries (the
 * start-up script and the app, decision 017), the route's lazy chunk(s) and everything they import statically, read from the production build's Vite manifest
 * (`npm run build` first). Prints figures and checks, asserts nothing.
 *
 *   npm run bench:bundle
 *
 * Budget (issue 3): every guest route at most 150 KB of gzipped JavaScript, and none of the staff code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const GUEST_BUDGET_BYTES = 150 * 1024;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The build to measure: `apps/web/dist`, or another folder a parallel build went to (`WEB_DIST`). */
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(repoRoot, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
/** Written by the build (apps/web/vite.config.ts): the source modules of each chunk. */
const chunkModulesFile = path.join(dist, '.vite/chunk-modules.json');

/**
 * Modules only staff screens may load: the staff and kiosk routes, the staff features, the realtime client,
 * and the contracts' zod schemas (guest code imports their types only).
 */
const STAFF_MODULES: readonly RegExp[] = [
  /^apps\/web\/src\/app\/routes\/(staff|kiosk)\//,
  /^apps\/web\/src\/features\/(admin|auth|copilot|live-feed|feedback|floor|till)\//,
  /^apps\/web\/src\/components\/(owner-report\/|qr-scanner\/|image-upload-field\.tsx$)/,
  /^apps\/web\/src\/lib\/(realtime-client|sign-out|login-path|accounting-config|reports-api|media-api)\.ts$/,
  /^packages\/contracts\//,
  /node_modules\/zod\//,
  /node_modules\/(jsqr|qrcode|uplot)\//,
];

interface ManifestChunk {
  readonly file: string;
  readonly name?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}
type Manifest = Record<string, ManifestChunk>;

type Tree = 'guest' | 'kiosk' | 'staff';

/** Each route as the router loads it: its tree's layout chunk (if any), then its own chunk. */
const ROUTES: readonly { path: string; tree: Tree; chunks: readonly string[] }[] = [
  { path: '/reservar', tree: 'guest', chunks: ['guest/guest-route', 'guest/reserve-route'] },
  { path: '/menu, /carta', tree: 'guest', chunks: ['guest/guest-route', 'guest/menu-route'] },
  {
    path: '/takeaway-delivery',
    tree: 'guest',
    chunks: ['guest/guest-route', 'guest/takeaway-delivery-route'],
  },
  { path: '/home', tree: 'guest', chunks: ['guest/guest-route', 'guest/home-route'] },
  { path: '/iframe-reservar', tree: 'guest', chunks: ['guest/embedded-route', 'guest/iframe-reserve-route'] },
  { path: '/widget', tree: 'guest', chunks: ['guest/embedded-route', 'guest/widget-route'] },
  { path: '/kiosk', tree: 'kiosk', chunks: ['kiosk/kiosk-route'] },
  { path: '/login', tree: 'staff', chunks: ['staff/login-route'] },
  { path: '/copilot', tree: 'staff', chunks: ['staff/copilot-route'] },
  { path: '/ebitdata', tree: 'staff', chunks: ['staff/ebitdata-route'] },
];

/** The Spanish messages every route loads at start-up (the i18n module and the root loader ask for them). */
const STARTUP_MESSAGES = ['common', 'consent', 'shell', 'feedback'];

function readBuildReport<T>(file: string): T {
  if (!fs.existsSync(file)) {
    console.error(`No ${path.relative(repoRoot, file)}: run \`npm run build\` first.`);
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** What the server sends: the build's Brotli copy (apps/web/build/precompress.ts), or one made alike when absent. */
function brotliSize(file: string, bytes: Buffer): number {
  const copy = path.join(dist, `${file}.br`);
  if (fs.existsSync(copy)) return fs.statSync(copy).size;
  return brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
}

interface Size {
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}
const sizes = new Map<string, Size>();
function sizeOf(file: string): Size {
  let size = sizes.get(file);
  if (!size) {
    const bytes = fs.readFileSync(path.join(dist, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes).length, brotli: brotliSize(file, bytes) };
    sizes.set(file, size);
  }
  return size;
}

/** The chunk files a manifest entry loads before running: itself and its static imports, transitively. */
function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function total(files: Iterable<string>): Size {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const size = sizeOf(file);
    raw += size.raw;
    gzip += size.gzip;
    brotli += size.brotli;
  }
  return { raw, gzip, brotli };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
  const manifest = readBuildReport<Manifest>(manifestFile);
  const chunkModules = readBuildReport<Record<string, readonly string[]>>(chunkModulesFile);
  const staffModulesIn = (file: string) =>
    (chunkModules[file] ?? []).filter((module) => STAFF_MODULES.some((pattern) => pattern.test(module)));
  // The texts' chunks are entries of the build too (apps/web/build/message-chunks.ts), but no page's script.
  const entryKeys = Object.keys(manifest).filter(
    (key) => manifest[key]?.isEntry && !key.startsWith('virtual:sobremesa-messages/'),
  );
  if (entryKeys.length === 0) throw new Error('the build manifest has no entry');
  // The start-up script's next step is preloaded by the page itself (vite.config.ts), so every route loads it.
  const bootSteps = manifest['src/boot.ts']?.dynamicImports ?? [];
  const entry = closure(manifest, [...entryKeys, ...bootSteps]);
  const routeKey = (chunk: string) => `src/app/routes/${chunk}.tsx`;

  const loads = ROUTES.map((route) => ({
    ...route,
    files: new Set([...entry, ...closure(manifest, route.chunks.map(routeKey))]),
  }));

  // One chunk per language holds them all (apps/web/build/message-chunks.ts: `messages-<lang>`).
  const messages = new Set(
    Object.values(manifest)
      .filter((chunk) => chunk.name === 'messages-es')
      .map((chunk) => chunk.file),
  );

  console.log(
    'Web app: JavaScript each route loads before its first screen (production build, gzip; brotli as sent)\n',
  );
  const entrySize = total(entry);
  console.log(
    `shared entries (every route): ${kb(entrySize.gzip)} gzipped, ${kb(entrySize.raw)} raw, ${entry.size} files`,
  );
  for (const file of [...entry].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
    console.log(`  ${kb(sizeOf(file).gzip).padStart(9)}  ${file}`);
  }
  console.log(
    `Spanish start-up messages (${STARTUP_MESSAGES.join(', ')}): ${kb(total(messages).gzip)} gzipped\n`,
  );

  console.log(
    `${'route'.padEnd(22)}${'tree'.padEnd(7)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}${'raw'.padStart(11)}  route chunks beyond the entry`,
  );
  for (const route of loads) {
    const size = total(route.files);
    const extra = [...route.files].filter((file) => !entry.has(file)).map((file) => path.basename(file));
    console.log(
      `${route.path.padEnd(22)}${route.tree.padEnd(7)}${kb(size.gzip).padStart(10)}${kb(size.brotli).padStart(10)}${kb(size.raw).padStart(11)}  ${extra.join(', ')}`,
    );
  }

  console.log('\nGuest budget: at most 150 KB gzipped and no staff module');
  for (const route of loads.filter((candidate) => candidate.tree === 'guest')) {
    const size = total(route.files).gzip;
    const staff = [...route.files].flatMap(staffModulesIn);
    const withinBudget = size <= GUEST_BUDGET_BYTES;
    console.log(
      `  ${route.path.padEnd(20)} ${kb(size).padStart(9)} ${withinBudget ? 'within' : 'OVER'} budget (${GUEST_BUDGET_BYTES - size} bytes left), ` +
        (staff.length === 0 ? 'no staff module' : `STAFF MODULES: ${staff.join(', ')}`),
    );
  }
  const zod = Object.values(manifest).find((chunk) => chunk.name === 'zod');
  if (zod) {
    const inGuest = loads.some((route) => route.tree === 'guest' && route.files.has(zod.file));
    console.log(
      `  zod (${kb(sizeOf(zod.file).gzip)} gzipped) is ${inGuest ? 'LOADED by a guest route' : 'loaded by staff routes only'}`,
    );
  }
}

main();
