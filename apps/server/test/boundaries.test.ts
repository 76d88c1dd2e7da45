import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportEdge, moduleCircles, moduleOf, serverImports } from './import-graph';

/**
 * Issue 23: the server's import boundaries, read from the source. The lib never imports a feature
 * module; no module imports a routes file (only app.ts composes them); the modules import each other
 * without a circle (`agent` may import `chats`, never the reverse).
 */
const SRC = path.resolve(import.meta.dirname, '..', 'src');
const edges = serverImports(SRC);
const name = (e: ImportEdge) => `${e.from} -> ${e.to}`;

/**
 * The imports that still break a rule at this commit, each with the change that removes it. Once an
 * import is gone, its line here must go too (the last test fails on a stale exception).
 */
const KNOWN_EXCEPTIONS: Record<string, string> = {};
const isKnown = (e: ImportEdge) => name(e) in KNOWN_EXCEPTIONS;

describe('server import boundaries', () => {
  it('reads the imports of the server source', () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(edges).toContainEqual({ from: 'app.ts', to: 'modules/chats/chats.routes.ts' });
  });

  it('the lib never imports a feature module, a plugin or the app', () => {
    const above = (file: string) => /^(modules|plugins)\//.test(file) || file === 'app.ts' || file === 'app-context.ts';
    const bad = edges.filter((e) => e.from.startsWith('lib/') && above(e.to));
    expect(bad.map(name)).toEqual([]);
  });

  it('no module imports a routes file', () => {
    const bad = edges.filter((e) => moduleOf(e.from) && e.to.endsWith('.routes.ts') && !isKnown(e));
    expect(bad.map(name)).toEqual([]);
  });

  it('chats never imports agent (the conversation is stored in chats/, answered in agent/)', () => {
    const bad = edges.filter((e) => moduleOf(e.from) === 'chats' && moduleOf(e.to) === 'agent');
    expect(bad.map(name)).toEqual([]);
  });

  it('the modules import each other without a circle', () => {
    expect(moduleCircles(edges.filter((e) => !isKnown(e)))).toEqual([]);
  });

  it('finds a circle and a routes import when there is one', () => {
    const circle = [
      { from: 'modules/a/a.service.ts', to: 'modules/b/b.queries.ts' },
      { from: 'modules/b/b.queries.ts', to: 'modules/c/c.ts' },
      { from: 'modules/c/c.ts', to: 'modules/a/a.routes.ts' },
    ];
    expect(moduleCircles(circle)).toEqual([['a', 'b', 'c']]);
    expect(moduleCircles(circle.slice(0, 2))).toEqual([]);
  });

  it('every known exception still exists (remove its line once it is gone)', () => {
    const present = new Set(edges.map(name));
    for (const exception of Object.keys(KNOWN_EXCEPTIONS)) expect(present, exception).toContain(exception);
  });
});
