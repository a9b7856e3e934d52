/**
 * What installing the staff app costs a tablet (decision 051): the files the service worker fetches into its
 * cache at install, by kind, as they lie in the build and as the server sends them (its Brotli copies where
 * the build wrote one). Reads the production build (`npm run build` first); prints figures, asserts nothing.
 *
 *   npm run bench:offline
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(repoRoot, 'apps/web/dist');
const worker = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
const match = /const PRECACHE = (\[.*?\]);/s.exec(worker);
if (!match) throw new Error('sw.js holds no PRECACHE list: is this a build of this version?');
const precache = JSON.parse(match[1]!) as string[];

const kinds = new Map<string, { files: number; raw: number; sent: number }>();
for (const file of precache) {
  const onDisk = path.join(dist, file);
  const raw = fs.statSync(onDisk).size;
  const sent = fs.existsSync(`${onDisk}.br`) ? fs.statSync(`${onDisk}.br`).size : raw;
  const kind = path.extname(file).slice(1) || 'other';
  const entry = kinds.get(kind) ?? { files: 0, raw: 0, sent: 0 };
  kinds.set(kind, { files: entry.files + 1, raw: entry.raw + raw, sent: entry.sent + sent });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `service worker: ${kb(Buffer.byteLength(worker))}, ${precache.length} files precached at install`,
);
console.log('kind'.padEnd(8), 'files'.padStart(6), 'in build'.padStart(12), 'sent (br)'.padStart(12));
let raw = 0;
let sent = 0;
for (const [kind, entry] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
  raw += entry.raw;
  sent += entry.sent;
  console.log(
    kind.padEnd(8),
    String(entry.files).padStart(6),
    kb(entry.raw).padStart(12),
    kb(entry.sent).padStart(12),
  );
}
console.log(
  'total'.padEnd(8),
  String(precache.length).padStart(6),
  kb(raw).padStart(12),
  kb(sent).padStart(12),
);
