import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The repository's root as Vite writes module ids (forward slashes); the web app's lint keeps `node:*` out. */
const repoRoot = decodeURIComponent(new URL('../../', import.meta.url).pathname);

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

/** The API server `npm run dev:server` starts; the dev server forwards /world (HTTP and WebSocket) to it. */
const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), chunkModulesReport()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.ts reads the manifest to tell which chunks each route tree loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own: they change far less often than the app, so a guest's phone keeps
        // them cached across releases, and the bundle report names them. zod is only ever reached from staff code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
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
