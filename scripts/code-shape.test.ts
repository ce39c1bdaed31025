import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The shape of the code the next engineer inherits: server modules that hear about each other through
// the event hub never import each other in a circle, and no file of logic grows past what one reads
// in one sitting.

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'server/src/modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Module → the modules its files import (types included: a type-only circle is a circle of knowledge). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const mod of fs.readdirSync(modulesDir)) {
    const deps = new Set<string>();
    for (const file of sourceFiles(path.join(modulesDir, mod))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/from '\.\.\/([a-z-]+)\//g)) if (m[1] !== mod) deps.add(m[1]!);
    }
    graph.set(mod, deps);
  }
  return graph;
}

/** The first circle found, as a path that ends where it starts; null when there is none. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const walk = (node: string, trail: string[]): string[] | null => {
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    if (state.get(node) === 'done') return null;
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      const cycle = walk(next, [...trail, node]);
      if (cycle) return cycle;
    }
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = walk(node, []);
    if (cycle) return cycle;
  }
  return null;
}

/** Every package the server loads at start, following static imports from main.ts (type-only ones are erased). */
function packagesLoadedAtStart(): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^import (?!type )(?:[^;]*? from )?'([^']+)';/gms)) {
      const spec = m[1]!;
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  };
  visit(path.join(root, 'server/src/main.ts'));
  return packages;
}

// Data and declarations, not logic: curated names, the table types, migrations.
const NOT_LOGIC = [/reference\/curated-data\.ts$/, /db\/schema\.ts$/, /db\/migrations\//];
const MAX_LINES = 300;

describe('the shape of the code', () => {
  it('finds a circle when modules import each other in one (the check can fail)', () => {
    const circle = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(circle)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('has no circle in the imports between server modules', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThanOrEqual(10);
    expect(findCycle(graph)).toBeNull();
  });

  it('loads the S3 SDK only when photos live in S3', () => {
    const loaded = packagesLoadedAtStart();
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('sharp');
    expect(loaded).not.toContain('@aws-sdk/client-s3');
  });

  it(`keeps every file of logic in server/src and web/src within ${MAX_LINES} lines`, () => {
    const long = [...sourceFiles(path.join(root, 'server/src')), ...sourceFiles(path.join(root, 'web/src'))]
      .filter((file) => !NOT_LOGIC.some((re) => re.test(file)))
      .map((file) => ({ file: path.relative(root, file), lines: fs.readFileSync(file, 'utf8').split('\n').length }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});

// The web asks the API what a viewer may do (server/src/policies/, issue 35): pages and shared
// components do not compare levels; only the shell in web/src/app (the guard, the header) keeps its own.
describe('the web app’s pages and components', () => {
  it('compare no levels', () => {
    const offenders = ['web/src/features', 'web/src/components'].flatMap((dir) =>
      sourceFiles(path.join(root, dir)).filter((file) => /\bLEVELS\./.test(fs.readFileSync(file, 'utf8'))),
    );
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});

// Errors and caches live in server/src/shared (issue 35): the layers below HTTP do not reach up into it.
describe('the layers below HTTP', () => {
  it('import nothing from http/', () => {
    const offenders = ['server/src/db', 'server/src/media', 'server/src/mail', 'server/src/shared'].flatMap((dir) =>
      sourceFiles(path.join(root, dir)).filter((file) => /from '(\.\.\/)+http\//.test(fs.readFileSync(file, 'utf8'))),
    );
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
