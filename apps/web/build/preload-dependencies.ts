import type { Plugin, Rollup } from 'vite';

type ResolveDependencies = (
  filename: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
) => string[];

/**
 * What each dynamic `import()` of the app preloads, without what is loaded already. Vite lists, beside each
 * `import()`, every file the imported chunk needs, the chunk's own file first — React, the router, the start-up
 * chunks included, although the importing chunk's own static imports (loaded before it could run) hold them. Those
 * lists travel in the guests' first download (the route table's alone: 0.8 KB gzipped; issue 19's budget). Here a
 * list keeps only the files the importer does not import itself; a list left with the imported file alone is
 * empty, since the `import()` asks for that file at the same moment. Styles are Vite's to keep.
 *
 * A staff or kiosk route's `import()` preloads its styles only: its scripts' names, one unguessable hash each,
 * travelled in every guest's first download (about 0.6 KB gzipped) for a navigation guests never make. Staff open
 * those routes on the venue's network, where finding a chunk's imports as it runs costs milliseconds, and a first
 * visit to one is preloaded by the start-up script from the page's route map (decision 017).
 */
export function preloadDependencies(): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  let bundle: Rollup.OutputBundle | undefined;
  const loadedBefore = new Map<string, Set<string>>();

  /** A chunk's file and its static imports, transitively: all in by the time its code runs. */
  function staticClosure(fileName: string): Set<string> {
    let files = loadedBefore.get(fileName);
    if (files) return files;
    files = new Set<string>();
    const visit = (file: string) => {
      const chunk = bundle?.[file];
      if (files!.has(file) || chunk?.type !== 'chunk') return;
      files!.add(file);
      chunk.imports.forEach(visit);
    };
    visit(fileName);
    loadedBefore.set(fileName, files);
    return files;
  }

  return {
    plugin: {
      name: 'sobremesa-preload-dependencies',
      apply: 'build',
      enforce: 'pre',
      // Vite resolves the lists in its own `generateBundle`, after this one: the whole bundle is known here.
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          loadedBefore.clear();
        },
      },
    },
    resolveDependencies(filename, deps, { hostId, hostType }) {
      if (hostType !== 'js' || !bundle?.[hostId]) return deps;
      const loaded = staticClosure(hostId);
      const staffOnly = isStaffRoute(bundle[filename]);
      const needed = deps.filter((dep) => !loaded.has(dep) && (!staffOnly || dep.endsWith('.css')));
      return needed.length === 1 && needed[0] === filename ? [] : needed;
    },
  };
}

/** Whether a chunk is a staff or kiosk route's own (src/app/routes/staff, src/app/routes/kiosk). */
function isStaffRoute(chunk: Rollup.OutputChunk | Rollup.OutputAsset | undefined): boolean {
  return chunk?.type === 'chunk' && /\/src\/app\/routes\/(staff|kiosk)\//.test(chunk.facadeModuleId ?? '');
}
