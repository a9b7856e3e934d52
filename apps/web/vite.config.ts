import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootScript } from './build/boot-script.ts';
import { chunkModulesReport } from './build/chunk-modules-report.ts';
import { codeSplitting } from './build/code-splitting.ts';
import { precompress } from './build/precompress.ts';

/** A file path from a URL next to this config (the web app's lint keeps `node:url` out). */
const sourcePath = (url: URL): string => decodeURIComponent(url.pathname);

function reactRouterBuild(file: string): string {
  return sourcePath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));
}

/** The API server `npm run dev:server` starts; the dev server forwards /world (HTTP and WebSocket) to it. */
const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), chunkModulesReport(), bootScript(), precompress()],
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
    // No modulepreload polyfill (~0.4 KB gzipped on every first visit): every browser of the build's target but
    // Safari before 17 has modulepreload, and there a preload is only a hint, so those visits just start later.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    // bench/bundle-size.ts reads the manifest to tell which chunks each route tree loads first.
    manifest: true,
    rolldownOptions: {
      // Two entries: the start-up script runs first and on its own (decision 017), then the app.
      input: {
        index: sourcePath(new URL('index.html', import.meta.url)),
        boot: sourcePath(new URL('src/boot.ts', import.meta.url)),
      },
      output: { codeSplitting },
    },
  },
  server: {
    proxy: {
      '/world': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
});
