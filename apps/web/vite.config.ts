import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { ROUTE_CHUNKS_ELEMENT_ID, routeChunkId } from './src/app/route-chunks.ts';

/** The repository's root as Vite writes module ids (forward slashes); the web app's lint keeps `node:*` out. */
const repoRoot = decodeURIComponent(new URL('../../', import.meta.url).pathname);

/** A file path from a URL next to this config (the web app's lint keeps `node:url` out). */
const sourcePath = (url: URL): string => decodeURIComponent(url.pathname);

/**
 * Writes `.vite/chunk-modules.json` next to the manifest: the source modules in each chunk, relative to the
 * repository. bench/bundle-size.ts and the e2e specs read it to prove no staff module reaches a guest's phone.
 */
function chunkModulesReport(): Plugin {
  return {
    name: 'sobremesa-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        report[output.fileName] = output.moduleIds
          .filter((id) => !id.startsWith('\0'))
          .map((id) => (id.startsWith(repoRoot) ? id.slice(repoRoot.length) : id));
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(report, null, 1),
      });
    },
  };
}

/** A chunk's static imports, transitively, with the CSS they bring: what must arrive before it can run. */
function staticClosure(
  bundle: Rollup.OutputBundle,
  chunk: Rollup.OutputChunk,
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>(chunk.viteMetadata?.importedCss);
  const visit = (current: Rollup.OutputChunk) => {
    for (const file of current.imports) {
      const imported = bundle[file];
      if (scripts.has(file) || imported?.type !== 'chunk') continue;
      scripts.add(file);
      imported.viteMetadata?.importedCss.forEach((style) => styles.add(style));
      visit(imported);
    }
  };
  visit(chunk);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * Puts the start-up script (src/boot.ts, its own entry) first in the page as an `async` module with its
 * imports preloaded, so it runs as soon as its few kilobytes arrive, in parallel with the app's download
 * rather than after it; and writes the files of each lazy route into the page for it (decision 017).
 */
function bootScript(): Plugin {
  const bootTag = (src: string): HtmlTagDescriptor => ({
    tag: 'script',
    attrs: { type: 'module', async: true, crossorigin: true, src },
    injectTo: 'head-prepend',
  });
  return {
    name: 'sobremesa-boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }): HtmlTagDescriptor[] {
        if (!bundle) return [bootTag('/src/boot.ts')];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const boot = chunks.find((chunk) => chunk.isEntry && chunk.name === 'boot');
        if (!boot) throw new Error('the build has no boot entry');
        // The app entry's own files are in the page already; each route lists only what it adds.
        const inPage = new Set(
          chunks
            .filter((chunk) => chunk.isEntry)
            .flatMap((chunk) => {
              const { scripts, styles } = staticClosure(bundle, chunk);
              return [chunk.fileName, ...scripts, ...styles];
            }),
        );
        const routeChunks: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const route = chunk.facadeModuleId ? routeChunkId(chunk.facadeModuleId) : null;
          if (!route) continue;
          const { scripts, styles } = staticClosure(bundle, chunk);
          routeChunks[route] = [chunk.fileName, ...scripts, ...styles]
            .filter((file) => !inPage.has(file))
            .map((file) => `/${file}`);
        }
        // Its own imports and those of the data step it imports next: each found only when asked for would
        // cost a round trip.
        const bootFiles = new Set(staticClosure(bundle, boot).scripts);
        for (const file of boot.dynamicImports) {
          const step = bundle[file];
          if (step?.type !== 'chunk') continue;
          bootFiles.add(file);
          staticClosure(bundle, step).scripts.forEach((script) => bootFiles.add(script));
        }
        return [
          bootTag(`/${boot.fileName}`),
          ...[...bootFiles].map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend',
          })),
          {
            tag: 'script',
            attrs: { type: 'application/json', id: ROUTE_CHUNKS_ELEMENT_ID },
            children: JSON.stringify(routeChunks),
            injectTo: 'body',
          },
        ];
      },
    },
  };
}

const STARTUP_MODULES =
  /apps[\\/]web[\\/]src[\\/](app[\\/]route-preload|lib[\\/](api|api-client|storage|query-client|config-queries)|i18n[\\/](messages|namespaces|locale-preference)|features[\\/]menu[\\/](prefetch-menu|guest-identity|menu-queries|api[\\/]menu-api))\.ts$|node_modules[\\/]@tanstack[\\/](query-core[\\/]|react-query[\\/].*queryOptions)|vite[\\/]preload-helper/;

/** `messages-<lang>` for the start-up namespaces of each language (src/i18n/namespaces.ts). */
function startupMessagesChunk(moduleId: string): string | null {
  const match = /[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/](common|consent|shell|feedback)\.json$/.exec(
    moduleId,
  );
  return match ? `messages-${match[1]}` : null;
}

function reactRouterBuild(file: string): string {
  return sourcePath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));
}

/** The API server `npm run dev:server` starts; the dev server forwards /world (HTTP and WebSocket) to it. */
const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), chunkModulesReport(), bootScript()],
  resolve: {
    // react-router's package exports point at its development build in every mode (remix-run/react-router#14102),
    // which keeps its development warnings in the phone's download; its production build sits beside it.
    alias: [
      { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.ts reads the manifest to tell which chunks each route tree loads first.
    manifest: true,
    rolldownOptions: {
      input: {
        index: sourcePath(new URL('index.html', import.meta.url)),
        boot: sourcePath(new URL('src/boot.ts', import.meta.url)),
      },
      output: {
        // Libraries in chunks of their own: they change far less often than the app, so a guest's phone keeps
        // them cached across releases, and the bundle report names them. zod is only ever reached from staff code.
        codeSplitting: {
          groups: [
            // The start-up script's data step (src/app/route-preload.ts) and what it needs, in one chunk the
            // page preloads instead of half a dozen small ones, each a request and its own compression.
            { name: 'startup', test: STARTUP_MODULES, priority: 1 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/]react-query)[\\/]/,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // query-core only: its React bindings stay with the app, as the start-up script must not wait for React.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]query-core[\\/]/ },
            {
              name: 'guest-shell',
              test: /src[\\/](features[\\/]shell[\\/]components[\\/](guest-layout|language-switcher)|i18n[\\/]use-locale)/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The texts every route needs first, one chunk per language instead of one request per namespace.
            { name: startupMessagesChunk, debugName: 'messages' },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/world': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
});
