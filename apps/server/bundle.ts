import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * The server as one ES module (decision 080): our own code (this app and the @sobremesa packages) bundled,
 * every other package imported from node_modules as it is. `npm start` and the browser tests' servers run it;
 * `tsx` still runs the CLIs, `npm run dev:server` and the server's own tests.
 */
export const SERVER_BUNDLE = fileURLToPath(new URL('dist/server.mjs', import.meta.url));

const ENTRY = fileURLToPath(new URL('src/server.ts', import.meta.url));

/**
 * Packages stay outside: they are plain JavaScript already, some carry native parts (argon2, sharp) or read
 * files beside themselves (PGlite's WebAssembly, PDFKit's fonts). The bundle sits in apps/server/dist so they
 * resolve as from the source.
 */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sobremesa/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A module that finds files beside its source (the migrations, the agency's schemas, the print helper, the
 * package's version) asks `import.meta.url`, which in a bundle is the bundle's. Each such module gets its own
 * source file's URL instead, written relative to the bundle, so it finds them in the checkout it was built in.
 */
const ownUrlPerModule: Plugin = {
  name: 'own-url-per-module',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const fromBundle = path.relative(path.dirname(SERVER_BUNDLE), args.path).split(path.sep).join('/');
      const ownUrl = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', ownUrl), loader: 'ts' };
    });
  },
};

/** Writes the bundle (and its source map, for stack traces that name the source files). */
export async function bundleServer(): Promise<void> {
  await build({
    entryPoints: [ENTRY],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [packagesOutside, ownUrlPerModule],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundleServer();
