import type { Plugin } from 'vite';

/** The repository's root as Vite writes module ids (forward slashes); the web app's lint keeps `node:*` out. */
const repoRoot = decodeURIComponent(new URL('../../../', import.meta.url).pathname);

/** React's own packages: Preact renders the app (decision 018), so one of them in a chunk is an import the aliases missed. */
const REACT_ITSELF = /node_modules\/(react|react-dom|scheduler)\//;

/**
 * Writes `.vite/chunk-modules.json` next to the manifest: the source modules in each chunk, relative to the
 * repository. bench/bundle-size.ts and the e2e specs read it to prove no staff module reaches a guest's phone.
 * Fails the build when React itself was bundled beside Preact.
 */
export function chunkModulesReport(): Plugin {
  return {
    name: 'sobremesa-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = output.moduleIds
          .filter((id) => !id.startsWith('\0'))
          .map((id) => (id.startsWith(repoRoot) ? id.slice(repoRoot.length) : id));
        report[output.fileName] = modules;
        const react = modules.filter((id) => REACT_ITSELF.test(id));
        if (react.length > 0)
          this.error(`${output.fileName} bundles React beside Preact (decision 018): ${react.join(', ')}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(report, null, 1),
      });
    },
  };
}
