import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import {
  MESSAGE_CHUNKS_ELEMENT_ID,
  ROUTE_CHUNKS_ELEMENT_ID,
  messageModule,
  routeChunkId,
} from '../src/app/route-chunks.ts';
import { FIRST_ROUTES } from '../src/app/route-table.ts';
import { FIRST_ROUTE_PAGES_DIR, withPreloads } from './first-route-pages.ts';
import { isMessageChunk } from './message-chunks.ts';

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
 * rather than after it; and writes the files of each lazy route and of each language's texts into the page
 * for it (decision 017).
 */
export function bootScript(): Plugin {
  /** Each lazy route's files, as written into the page; kept for the first-route pages. */
  let routeChunks: Record<string, string[]> | undefined;
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
            .filter((chunk) => chunk.isEntry && !isMessageChunk(chunk))
            .flatMap((chunk) => {
              const { scripts, styles } = staticClosure(bundle, chunk);
              return [chunk.fileName, ...scripts, ...styles];
            }),
        );
        const chunksOfRoutes: Record<string, string[]> = {};
        routeChunks = chunksOfRoutes;
        for (const chunk of chunks) {
          const route = chunk.facadeModuleId ? routeChunkId(chunk.facadeModuleId) : null;
          if (!route) continue;
          const { scripts, styles } = staticClosure(bundle, chunk);
          chunksOfRoutes[route] = [chunk.fileName, ...scripts, ...styles]
            .filter((file) => !inPage.has(file))
            .map((file) => `/${file}`);
        }
        const messageChunks: Record<string, Record<string, string>> = {};
        for (const chunk of chunks)
          for (const id of chunk.moduleIds) {
            const message = messageModule(id);
            if (message) (messageChunks[message.locale] ??= {})[message.namespace] = `/${chunk.fileName}`;
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
            children: JSON.stringify(chunksOfRoutes),
            injectTo: 'body',
          },
          {
            tag: 'script',
            attrs: { type: 'application/json', id: MESSAGE_CHUNKS_ELEMENT_ID },
            children: JSON.stringify(messageChunks),
            injectTo: 'body',
          },
        ];
      },
    },
    // After Vite has written index.html into the bundle: one copy of it per first path, asking for that
    // route's files itself (first-route-pages.ts).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || !routeChunks) return;
        const html = String(index.source);
        for (const [segment, route] of Object.entries(FIRST_ROUTES)) {
          const files = route.modules.flatMap((module) => {
            const own = routeChunks?.[module];
            // A route bundled into a shared chunk has no chunk of its own to name: its page would ask for nothing.
            if (!own) throw new Error(`the build has no chunk of its own for the route module ${module}`);
            return own;
          });
          this.emitFile({
            type: 'asset',
            fileName: `${FIRST_ROUTE_PAGES_DIR}/${segment}.html`,
            source: withPreloads(html, files),
          });
        }
      },
    },
  };
}
