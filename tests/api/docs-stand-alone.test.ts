import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: every rule the code relies on is in docs/ (product.md for the
 * product, engineering.md for the technical rules), and code cites those pages by anchor
 * (`docs/product.md#stock-and-quantities`). So no file may cite a document the repository does not
 * hold (the original specification and design notes), and every cited anchor must be a heading.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'tests', 'scripts', 'docs', 'README.md'];
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|cjs|md|sql|json|css|html|ya?ml|txt)$/;
const THIS_FILE = path
  .relative(ROOT, import.meta.filename)
  .split(path.sep)
  .join('/');

/** Citations of documents outside the repository. */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/spec\s*§|spec\s+section\s+\d/i, 'cites the specification by section; cite docs/product.md#… instead'],
  [/DESIGN\.md/, 'cites DESIGN.md; cite docs/engineering.md#… or docs/product.md#… instead'],
  [/\.\.\/shared\b/, 'points outside the repository (../shared)'],
];

function trackedFiles(): string[] {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--', ...SCANNED], { cwd: ROOT, encoding: 'utf8' });
    return listed.split('\0').filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
  } catch {
    // Not a git checkout (an unpacked archive): walk the same folders.
    const files: string[] = [];
    const walk = (relative: string) => {
      const absolute = path.join(ROOT, relative);
      if (!existsSync(absolute)) return;
      if (statSync(absolute).isFile()) return void files.push(relative);
      for (const entry of readdirSync(absolute)) {
        if (entry !== 'node_modules' && !entry.startsWith('.')) walk(path.join(relative, entry));
      }
    };
    for (const entry of SCANNED) walk(entry);
    return files.map((file) => file.split(path.sep).join('/'));
  }
}

const files = trackedFiles().filter((file) => TEXT_FILE.test(file) && file !== THIS_FILE);
const text = new Map(files.map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]));

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const anchorsOf = new Map<string, Set<string> | null>();
function anchorsOfDoc(doc: string): Set<string> | null {
  if (!anchorsOf.has(doc)) {
    const absolute = path.join(ROOT, doc);
    anchorsOf.set(doc, existsSync(absolute) ? headingAnchors(readFileSync(absolute, 'utf8')) : null);
  }
  return anchorsOf.get(doc) ?? null;
}

/** `where: what` for every cited `doc#anchor` that no heading of that doc makes. */
function brokenCitations(citations: { where: string; doc: string; anchor: string }[]): string[] {
  return citations.flatMap(({ where, doc, anchor }) => {
    const anchors = anchorsOfDoc(doc);
    if (!anchors) return [`${where}: ${doc} does not exist`];
    return anchors.has(anchor) ? [] : [`${where}: ${doc} has no heading for #${anchor}`];
  });
}

function lineOf(source: string, index: number): number {
  return source.slice(0, index).split('\n').length;
}

describe('docs stand alone', () => {
  it('finds the files it checks', () => {
    expect(files).toContain('docs/product.md');
    expect(files).toContain('docs/engineering.md');
    expect(files.filter((file) => file.startsWith('src/')).length).toBeGreaterThan(100);
  });

  it('no file cites the specification, DESIGN.md or a path outside the repository', () => {
    const offenders: string[] = [];
    for (const [file, source] of text) {
      source.split('\n').forEach((line, index) => {
        for (const [pattern, why] of FORBIDDEN) {
          if (pattern.test(line)) offenders.push(`${file}:${index + 1} ${why}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(offenders, offenders.join('\n')).toEqual([]);
  });

  it('every docs/<page>.md#anchor cited in the code and docs is a heading of that page', () => {
    const citations = [...text].flatMap(([file, source]) =>
      [...source.matchAll(/\bdocs\/([\w./-]+?\.md)#([\w-]+)/g)].map((match) => ({
        where: `${file}:${lineOf(source, match.index)}`,
        doc: `docs/${match[1]}`,
        anchor: match[2] ?? '',
      })),
    );
    expect(citations.length).toBeGreaterThan(50);
    const broken = brokenCitations(citations);
    expect(broken, broken.join('\n')).toEqual([]);
  });

  it('every Markdown link to a heading (same page or another page) names an existing heading', () => {
    const citations = [...text]
      .filter(([file]) => file.endsWith('.md'))
      .flatMap(([file, source]) =>
        [...source.matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)].flatMap((match) => {
          const target = match[1] ?? '';
          if (/^[a-z]+:/i.test(target) || (target !== '' && !target.endsWith('.md'))) return [];
          const doc = target === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
          return [{ where: `${file}:${lineOf(source, match.index)}`, doc, anchor: match[2] ?? '' }];
        }),
      );
    expect(citations.length).toBeGreaterThan(20);
    const broken = brokenCitations(citations);
    expect(broken, broken.join('\n')).toEqual([]);
  });

  it('makes anchors the way GitHub does', () => {
    const anchors = headingAnchors(
      '# Product rules\n## Stock and quantities\n### `POST /orders` (calculate)\n```\n# not a heading\n```\n## Stock and quantities\n',
    );
    expect([...anchors]).toEqual([
      'product-rules',
      'stock-and-quantities',
      'post-orders-calculate',
      'stock-and-quantities-1',
    ]);
  });
});
