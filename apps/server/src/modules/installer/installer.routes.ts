import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { venueKeys } from '../signing/signing.service.ts';
import { tarGz, type TarEntry } from './tar.ts';

/** apps/print-helper, next to this server in the repository and in a deployment of it. */
const HELPER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../print-helper');

/** The top folder the archive unpacks into. */
const TOP_FOLDER = 'sobremesa-print-helper';

/** What a venue needs to run the helper: the program, its dependencies list, how to set it up. */
function isShipped(relative: string): boolean {
  if (['package.json', 'README.md', 'config.example.json'].includes(relative)) return true;
  return relative.startsWith('src/') && relative.endsWith('.ts') && !relative.endsWith('.test.ts');
}

async function filesUnder(dir: string, relative = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(dir, relative), { withFileTypes: true });
  const files = await Promise.all(
    entries.map(async (entry) => {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(dir, child);
      return entry.isFile() && isShipped(child) ? [child] : [];
    }),
  );
  return files.flat().sort();
}

export interface InstallerPackage {
  readonly fileName: string;
  readonly entries: readonly TarEntry[];
}

/** Where the download pins the venue's public key; the helper reads it from its own folder (decision 023). */
export const PINNED_KEY_FILE = 'server-public-key.pem';

/** The helper's files and name after its version; undefined when this deployment has no helper. */
export async function buildInstallerPackage(helperDir = HELPER_DIR): Promise<InstallerPackage | undefined> {
  let version: string;
  try {
    version = (
      JSON.parse(await fs.readFile(path.join(helperDir, 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return undefined;
  }
  const entries: TarEntry[] = [];
  for (const file of await filesUnder(helperDir)) {
    const absolute = path.join(helperDir, file);
    const [content, stat] = await Promise.all([fs.readFile(absolute), fs.stat(absolute)]);
    entries.push({ name: `${TOP_FOLDER}/${file}`, content, mtime: stat.mtimeMs / 1000 });
  }
  return { fileName: `${TOP_FOLDER}-${version}.tar.gz`, entries };
}

/** The venue's public key as a file of the archive. */
async function pinnedKeyEntry(ctx: AppContext, venueId: number): Promise<TarEntry> {
  const { publicKeyPem } = await venueKeys(ctx.db, venueId);
  return {
    name: `${TOP_FOLDER}/${PINNED_KEY_FILE}`,
    content: Buffer.from(publicKeyPem),
    mtime: ctx.clock.now().getTime() / 1000,
  };
}

/**
 * The print helper installer download (spec §7: GET /world/api/wewingman/download, the file named by
 * content-disposition). Staff only: it is offered on the copilot when the helper is not found. The helper's
 * files are read on the first request and kept, since they do not change while the server runs; each
 * download adds the venue's public key, which the helper pins to check cash drawer tickets (SEC-11).
 */
export function registerInstallerRoutes(app: FastifyInstance, ctx: AppContext): void {
  let built: Promise<InstallerPackage | undefined> | undefined;

  app.get('/world/api/wewingman/download', { config: { access: 'staff' } }, async (request, reply) => {
    built ??= buildInstallerPackage();
    const installer = await built.catch((error: unknown) => {
      built = undefined;
      throw error;
    });
    if (!installer) throw notFound();
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${installer.fileName}"`)
      .header('cache-control', 'private, no-cache')
      .send(await tarGz([...installer.entries, await pinnedKeyEntry(ctx, request.venue.id)]));
  });
}
