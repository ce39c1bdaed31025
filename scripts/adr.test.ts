import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/adr holds the Architecture Decision Records; docs/decisions.md is their index.
const files = fs.readdirSync('docs/adr').sort();
const read = (file: string) => fs.readFileSync(`docs/adr/${file}`, 'utf8');
const headings = (text: string) => [...text.matchAll(/^#{1,6} .*$/gm)].map((m) => m[0]);
/** The text under `## name`, up to the next section. */
function section(text: string, name: string): string {
  const start = text.indexOf(`\n## ${name}\n`) + `\n## ${name}\n`.length;
  const end = text.indexOf('\n## ', start);
  return text.slice(start, end === -1 ? undefined : end).trim();
}

describe('docs/adr', () => {
  it('names every record NNNN-kebab-title.md, numbered from 0001 without a gap', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
    expect(files.map((f) => f.slice(0, 4))).toEqual(files.map((_, i) => String(i + 1).padStart(4, '0')));
  });

  it.each(files)('%s: its own number in the heading, then Status, Context, Decision, Consequences', (file) => {
    const text = read(file);
    expect(text.startsWith(`# ${file.slice(0, 4)}. `)).toBe(true);
    expect(headings(text)).toEqual([
      expect.stringMatching(new RegExp(`^# ${file.slice(0, 4)}\\. \\S`)),
      '## Status',
      '## Context',
      '## Decision',
      '## Consequences',
    ]);
    for (const name of ['Context', 'Decision', 'Consequences']) expect(section(text, name)).not.toBe('');
  });

  it.each(files)('%s: its status is one line, Accepted or Superseded by an existing record', (file) => {
    const status = section(read(file), 'Status');
    expect(status).toMatch(/^(Accepted|Superseded by \[(\d{4})\]\(\2-[a-z0-9-]+\.md\))$/);
    const successor = /\]\((.+)\)$/.exec(status)?.[1];
    if (successor) {
      expect(files).toContain(successor);
      expect(successor).not.toBe(file);
    }
  });
});

describe('docs/decisions.md', () => {
  it('links every record exactly once, and no record that does not exist', () => {
    const index = fs.readFileSync('docs/decisions.md', 'utf8');
    const links = [...index.matchAll(/\]\(adr\/([^)]+)\)/g)].map((m) => m[1]);
    expect(links.sort()).toEqual(files);
  });
});
