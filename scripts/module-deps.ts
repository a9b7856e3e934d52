// Prints how the server's modules depend on each other (decision 068): each module's imports of other modules,
// the pairs that import each other, the longest chain of modules each importing the next, and the files over
// 400 lines. Run: node --import tsx scripts/module-deps.ts [--edges]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..', 'apps/server/src');
const modulesDir = join(root, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|fixtures)\.tsx?$/.test(name) ? [path] : [];
  });
}

function moduleOf(path: string): string | undefined {
  const rel = relative(modulesDir, path);
  return rel.startsWith('..') ? undefined : rel.split(sep)[0];
}

const importPattern = /(?:from|import)\s*\(?\s*'(\.[^']+)'/g;
const edges = new Map<string, Set<string>>();
for (const file of sourceFiles(modulesDir)) {
  const from = moduleOf(file)!;
  const targets = edges.get(from) ?? new Set<string>();
  edges.set(from, targets);
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const to = moduleOf(resolve(dirname(file), match[1]!));
    if (to && to !== from) targets.add(to);
  }
}

// The longest simple path, by depth-first search over the whole graph (about thirty modules, so it stays quick).
let longest: string[] = [];
function walk(path: string[], seen: Set<string>): void {
  if (path.length > longest.length) longest = [...path];
  for (const next of edges.get(path.at(-1)!) ?? []) {
    if (seen.has(next)) continue;
    seen.add(next);
    path.push(next);
    walk(path, seen);
    path.pop();
    seen.delete(next);
  }
}
for (const start of edges.keys()) walk([start], new Set([start]));

const mutual = [...edges].flatMap(([a, targets]) =>
  [...targets].filter((b) => a < b && edges.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
);

const longFiles = sourceFiles(root)
  .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > 400)
  .sort((a, b) => b.lines - a.lines);

if (process.argv.includes('--edges')) {
  for (const [module, targets] of [...edges].sort())
    console.log(`${module}: ${[...targets].sort().join(' ')}`);
}
console.log(`longest chain: ${longest.length} modules: ${longest.join(' -> ')}`);
console.log(`modules importing each other: ${mutual.length ? mutual.join(', ') : 'none'}`);
console.log(`files over 400 lines (tests excluded): ${longFiles.length}`);
for (const { file, lines } of longFiles) console.log(`  ${lines} ${file}`);
