import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md's tables say who publishes and hears each event and which web features show
// each server module; these tests keep them equal to the code.

const root = path.resolve(import.meta.dirname, '..');
const doc = fs.readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');

/** The rows of the table whose header row starts with `| first |`, as cells. */
function table(first: string): string[][] {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^\\|\\s*${first}\\s*\\|`).test(l));
  expect(start, `a table headed "${first}"`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const modulesDir = path.join(root, 'server/src/modules');
const modules = fs.readdirSync(modulesDir).sort();

/** event → the modules whose code calls `events.on(event)` or `events.publish(event)`. */
function uses(verb: 'on' | 'publish'): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const mod of modules) {
    for (const file of sourceFiles(path.join(modulesDir, mod))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(new RegExp(`\\.${verb}\\(\\s*'([a-zA-Z.]+)'`, 'g'))) {
        found.set(m[1]!, (found.get(m[1]!) ?? new Set()).add(mod));
      }
    }
  }
  return found;
}

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

describe('docs/ARCHITECTURE.md', () => {
  const events = table('event');
  const declared = [
    ...fs.readFileSync(path.join(root, 'server/src/events.ts'), 'utf8').matchAll(/^ {2}'([a-zA-Z.]+)': \{/gm),
  ].map((m) => m[1]!);

  it('lists every event of events.ts in its event table, once', () => {
    expect(sorted(events.map((r) => r[0]!.replace(/`/g, '')))).toEqual(sorted(declared));
    expect(events).toHaveLength(declared.length);
  });

  it('names the modules that publish each event and those that hear it, as the code does', () => {
    const [heard, published] = [uses('on'), uses('publish')];
    for (const [event, publishers, listeners] of events) {
      const name = event!.replace(/`/g, '');
      const modulesIn = (cell: string, sep: RegExp) =>
        cell
          .split(sep)
          .map((part) => part.trim().split(/[\s:(]/)[0]!)
          .filter((m) => modules.includes(m));
      expect(sorted(modulesIn(listeners!, /;/)), `heard by, ${name}`).toEqual(sorted(heard.get(name) ?? []));
      expect(sorted(modulesIn(publishers!, /;/)), `published by, ${name}`).toEqual(sorted(published.get(name) ?? []));
    }
  });

  it('maps every server module to the web features that show it, and names every web feature', () => {
    const rows = table('server module');
    expect(sorted(rows.map((r) => r[0]!.split(/[\s(]/)[0]!))).toEqual(modules);
    const named = rows.map((r) => r[1]!).join(' ');
    for (const feature of fs.readdirSync(path.join(root, 'web/src/features'))) {
      expect(named, `web feature ${feature}`).toMatch(new RegExp(`(^|[\\s;])${feature}([\\s(;]|$)`));
    }
  });
});
