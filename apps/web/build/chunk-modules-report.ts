import type { Plugin } from 'vite';

/** The repository's root as Vite writes module ids (forward slashes); the web app's lint keeps `node:*` out. */
const repoRoot = decodeURIComponent(new URL('../../../', import.meta.url).pathname);

/**
 * Writes `.vite/chunk-modules.json` next to the manifest: the source modules in each chunk, relative to the
 * repository. bench/bundle-size.ts and the e2e specs read it to prove no staff module reaches a guest's phone.
 */
export function chunkModulesReport(): Plugin {
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
