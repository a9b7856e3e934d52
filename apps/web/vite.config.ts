import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { bootScript } from './build/boot-script.ts';
import { chunkModulesReport } from './build/chunk-modules-report.ts';
import { codeSplitting } from './build/code-splitting.ts';
import { messageChunks } from './build/message-chunks.ts';
import { precompress } from './build/precompress.ts';
import { preloadDependencies } from './build/preload-dependencies.ts';
import { serverTwins } from './build/server-twins.ts';
import { staffApp } from './build/staff-app.ts';

/** A file path from a URL next to this config (the web app's lint keeps `node:url` out). */
const sourcePath = (url: URL): string => decodeURIComponent(url.pathname);

function reactRouterBuild(file: string): string {
  return sourcePath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));
}

/** The API server `npm run dev:server` starts; the dev server forwards /world (HTTP and WebSocket) to it. */
const API_TARGET = 'http://localhost:3000';

/**
 * react-router's package exports point at its development build in every mode (remix-run/react-router#14102),
 * which keeps its development warnings in the phone's download; its production build sits beside it.
 */
const reactRouterAliases = [
  { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
];

const preload = preloadDependencies();

/** The browser's build: index.html and the start-up script, split for the first visit (decision 017). */
const clientConfig: UserConfig = {
  plugins: [
    react(),
    messageChunks(),
    preload.plugin,
    chunkModulesReport(),
    bootScript(),
    precompress(),
    // The installable staff app: manifest, icons and service worker (decision 051).
    staffApp({ publicDir: sourcePath(new URL('public', import.meta.url)) }),
  ],
  resolve: { alias: reactRouterAliases },
  build: {
    outDir: 'dist',
    // No modulepreload polyfill (~0.4 KB gzipped on every first visit): every browser of the build's target but
    // Safari before 17 has modulepreload, and there a preload is only a hint, so those visits just start later.
    // What an `import()` preloads leaves out what its importer has loaded already (build/preload-dependencies.ts).
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
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
};

/**
 * The server renderer's build (decision 030, `vite build --ssr src/entry-server.tsx`): src/entry-server.tsx into dist-server, beside
 * dist and never served, with the browser-only modules swapped for their per-render twins. React, the router and
 * the other packages stay imports of node_modules; the workspace's own TypeScript packages are bundled in.
 */
const serverConfig: UserConfig = {
  plugins: [react(), serverTwins()],
  // The icons and sounds are the browser build's.
  publicDir: false,
  resolve: { alias: reactRouterAliases },
  ssr: { noExternal: ['@sobremesa/domain', '@sobremesa/contracts'] },
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverConfig : clientConfig));
