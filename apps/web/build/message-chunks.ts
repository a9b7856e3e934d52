import fs from 'node:fs';
import type { Plugin } from 'vite';
import { INITIAL_NAMESPACES, SHELL_NAMESPACES } from '../src/i18n/namespaces.ts';

/** The texts' folder, `src/i18n/locales/<locale>/<namespace>.json` (the web app's lint keeps `node:url` out). */
const LOCALES_DIR = decodeURIComponent(new URL('../src/i18n/locales/', import.meta.url).pathname);

/** The texts every route loads at start-up, one chunk per language (`messages-<lang>`) instead of four requests. */
const STARTUP_NAMESPACES: readonly string[] = [...INITIAL_NAMESPACES, ...SHELL_NAMESPACES];

const VIRTUAL_PREFIX = 'virtual:sobremesa-messages/';

/** `src/i18n/messages.ts`, which the browser's build replaces with `messages.page.ts`. */
const LOADER_MODULE = /[\\/]src[\\/]i18n[\\/]messages\.ts$/;

function localeDirectories(): { locale: string; namespaces: string[] }[] {
  return fs
    .readdirSync(LOCALES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      locale: entry.name,
      namespaces: fs
        .readdirSync(`${LOCALES_DIR}${entry.name}`)
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.slice(0, -'.json'.length))
        .sort(),
    }));
}

/**
 * The browser's texts as chunks of their own, not imports of the app (issue 19's budget). With
 * `import.meta.glob`, the start-up chunk every route loads held one loader per language and namespace, 207 hashed
 * file names, 3 KB gzipped, which the page's message data block (build/boot-script.ts) already names. Here each
 * namespace of each language is an entry chunk of its own (the four start-up namespaces of a language together,
 * `messages-<lang>`) whose default export maps namespace to texts, and `messages.page.ts` imports the file the
 * data block names. Development, the unit tests and the server's build keep `messages.ts`, the glob.
 */
export function messageChunks(): Plugin {
  let serverBuild = false;
  return {
    name: 'sobremesa-message-chunks',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    buildStart() {
      if (serverBuild) return;
      for (const { locale, namespaces } of localeDirectories()) {
        const startup = namespaces.filter((namespace) => STARTUP_NAMESPACES.includes(namespace));
        this.emitFile({
          type: 'chunk',
          id: `${VIRTUAL_PREFIX}${locale}/${startup.join('+')}`,
          name: `messages-${locale}`,
          // Vite keeps no entry's exports; these are read by `import()`.
          preserveSignature: 'strict',
        });
        for (const namespace of namespaces.filter((candidate) => !startup.includes(candidate)))
          this.emitFile({
            type: 'chunk',
            id: `${VIRTUAL_PREFIX}${locale}/${namespace}`,
            name: namespace,
            preserveSignature: 'strict',
          });
      }
    },
    async resolveId(source, importer, options) {
      if (serverBuild) return null;
      if (source.startsWith(VIRTUAL_PREFIX)) return `\0${source}`;
      if (!importer || !/messages(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && LOADER_MODULE.test(resolved.id)
        ? resolved.id.replace(/messages\.ts$/, 'messages.page.ts')
        : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return null;
      const [locale, list] = id.slice(`\0${VIRTUAL_PREFIX}`.length).split('/');
      const namespaces = list!.split('+');
      return [
        ...namespaces.map(
          (namespace, index) =>
            `import m${index} from ${JSON.stringify(`${LOCALES_DIR}${locale}/${namespace}.json`)};`,
        ),
        `export default { ${namespaces.map((namespace, index) => `${JSON.stringify(namespace)}: m${index}`).join(', ')} };`,
      ].join('\n');
    },
  };
}

/** Whether a chunk is one of these: an entry of the build, but never a page's script. */
export function isMessageChunk(chunk: { readonly facadeModuleId?: string | null }): boolean {
  return chunk.facadeModuleId?.startsWith(`\0${VIRTUAL_PREFIX}`) ?? false;
}
