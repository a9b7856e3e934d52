import fs from 'node:fs';
import type { Plugin } from 'vite';

/**
 * In the server build, a module with a `<name>.server.ts` beside it is replaced by that twin (decision 030): the
 * browser's module-wide query cache, translator, API client, storage and iframe flag become per-render ones.
 */
export function serverTwins(): Plugin {
  return {
    name: 'sobremesa-server-twins',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!options.ssr || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !/\.tsx?$/.test(resolved.id)) return null;
      const twin = resolved.id.replace(/\.tsx?$/, '.server.ts');
      // The twin itself imports the browser's module for what they share.
      return twin !== importer && fs.existsSync(twin) ? twin : null;
    },
  };
}
