import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { renderIcon, type IconShape } from './app-icons.ts';
import { serviceWorkerSource } from './service-worker.ts';

/** The PNG icons of the manifest, drawn at build time (`app-icons.ts`). */
const PNG_ICONS: readonly (IconShape & { readonly file: string })[] = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
];

/**
 * The web app manifest that makes the staff app installable on a tablet (decision 051). It opens on the
 * copilot, full screen without the browser's bars; the server links it from the staff pages only.
 */
export function webAppManifest(): object {
  return {
    id: '/copilot',
    name: 'Sobremesa',
    short_name: 'Sobremesa',
    description: 'Sobremesa: sala, cocina, barra y caja',
    lang: 'es',
    start_url: '/copilot',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#f7f3ee',
    theme_color: '#1f1b17',
    icons: [
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ...PNG_ICONS.map(({ file, size, purpose }) => ({
        src: `/${file}`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose,
      })),
    ],
  };
}

/** Every file under `dir`, as site paths (`/favicons/copilot.svg`). */
function publicPaths(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? publicPaths(path.join(dir, entry.name), `${prefix}/${entry.name}`)
        : [`${prefix}/${entry.name}`],
    );
}

/**
 * Writes the installable staff app's files into the browser build: `manifest.webmanifest`, the PNG icons and
 * `sw.js`, the service worker that keeps every file of this build for offline starts (`service-worker.ts`).
 */
export function staffApp({ publicDir }: { readonly publicDir: string }): Plugin {
  return {
    name: 'sobremesa-staff-app',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const { file, size, purpose } of PNG_ICONS)
          this.emitFile({ type: 'asset', fileName: file, source: renderIcon({ size, purpose }) });
        this.emitFile({
          type: 'asset',
          fileName: 'manifest.webmanifest',
          source: `${JSON.stringify(webAppManifest(), null, 2)}\n`,
        });
        const built = Object.keys(bundle)
          .filter((file) => file.startsWith('assets/') && !file.endsWith('.br') && !file.endsWith('.map'))
          .map((file) => `/${file}`);
        const precache = [
          ...new Set([...built, ...publicPaths(publicDir), ...PNG_ICONS.map(({ file }) => `/${file}`)]),
        ].sort();
        const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);
        this.emitFile({
          type: 'asset',
          fileName: 'sw.js',
          source: serviceWorkerSource({ version, precache }),
        });
      },
    },
  };
}
