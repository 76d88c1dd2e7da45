import fs from 'node:fs';
import path from 'node:path';

/** One import of the server's source: both ends as paths under src/ (`modules/chats/chats.routes.ts`). */
export type ImportEdge = { from: string; to: string };

const SOURCE = /\.ts$/;
const TEST = /\.test\.ts$/;
/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, type-only imports included. */
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : [];
  });
}

/** The file a specifier names (`@/` is src/), or undefined for a package. */
function resolve(srcDir: string, fromFile: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? path.join(srcDir, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(fromFile), specifier)
      : undefined;
  if (!base) return undefined;
  const candidates = [base, `${base}.ts`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

/** Every import between the server's own source files (tests aside), read from the source text. */
export function serverImports(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolve(srcDir, file, match[1] ?? '');
      if (target) edges.push({ from: path.relative(srcDir, file), to: path.relative(srcDir, target) });
    }
  }
  return edges;
}

/** The feature module a file belongs to (`modules/<name>/…`), or undefined outside modules/. */
export const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file.split(path.sep).join('/'))?.[1];

/** The circles of the module graph (modules that reach each other through imports), each sorted. */
export function moduleCircles(edges: ImportEdge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (!a || !b || a === b) continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  const reach = (start: string) => {
    const seen = new Set<string>();
    const stack = [...(graph.get(start) ?? [])];
    while (stack.length) {
      const next = stack.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(graph.get(next) ?? []));
    }
    return seen;
  };
  const reaches = new Map([...graph.keys()].map((m) => [m, reach(m)]));
  const circles = new Map<string, string[]>();
  for (const [m, seen] of reaches) {
    if (!seen.has(m)) continue;
    const circle = [...seen].filter((other) => reaches.get(other)?.has(m)).sort();
    circles.set(circle.join(' '), circle);
  }
  return [...circles.values()];
}
