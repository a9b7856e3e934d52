import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadDependencies } from './preload-dependencies.ts';

/** A bundle's chunk as far as the preload lists read it: its file and its static imports. */
function chunk(fileName: string, imports: string[] = []): Rollup.OutputChunk {
  return { type: 'chunk', fileName, imports } as unknown as Rollup.OutputChunk;
}

/** The plugin with `bundle` seen, as Vite's own `generateBundle` (which asks for the lists) finds it. */
function withBundle(chunks: Rollup.OutputChunk[]) {
  const preload = preloadDependencies();
  const bundle = Object.fromEntries(chunks.map((entry) => [entry.fileName, entry]));
  const hook = preload.plugin.generateBundle as { handler: (options: unknown, bundle: unknown) => void };
  hook.handler({}, bundle);
  return preload.resolveDependencies;
}

describe('what an import() preloads', () => {
  const resolve = withBundle([
    chunk('assets/react.js'),
    chunk('assets/startup.js'),
    chunk('assets/index.js', ['assets/react.js', 'assets/startup.js']),
    chunk('assets/guest-money.js'),
    chunk('assets/menu-route.js', ['assets/react.js', 'assets/guest-money.js', 'assets/dish-sheet.js']),
    chunk('assets/dish-sheet.js', ['assets/react.js', 'assets/modal.js']),
    chunk('assets/modal.js', ['assets/react.js']),
    chunk('assets/cart-sheet.js', ['assets/react.js', 'assets/modal.js', 'assets/guest-money.js']),
  ]);

  it('leaves out the files the importing chunk has loaded itself, directly or through its imports', () => {
    expect(
      resolve(
        'assets/menu-route.js',
        [
          'assets/menu-route.js',
          'assets/react.js',
          'assets/guest-money.js',
          'assets/dish-sheet.js',
          'assets/modal.js',
        ],
        { hostId: 'assets/index.js', hostType: 'js' },
      ),
    ).toEqual(['assets/menu-route.js', 'assets/guest-money.js', 'assets/dish-sheet.js', 'assets/modal.js']);
  });

  it('is empty when only the imported file is left: the import() asks for it at the same moment', () => {
    expect(
      resolve(
        'assets/cart-sheet.js',
        ['assets/cart-sheet.js', 'assets/react.js', 'assets/modal.js', 'assets/guest-money.js'],
        { hostId: 'assets/menu-route.js', hostType: 'js' },
      ),
    ).toEqual([]);
  });

  it('keeps a page’s list, and any list whose importer it does not know, as Vite made it', () => {
    const deps = ['assets/menu-route.js', 'assets/react.js'];
    expect(resolve('assets/menu-route.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(deps);
    expect(resolve('assets/menu-route.js', deps, { hostId: 'assets/gone.js', hostType: 'js' })).toEqual(deps);
  });
});
