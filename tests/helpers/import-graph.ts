import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One source file and the sources it imports, both relative to the scanned root. */
export interface SourceFile {
  /** Relative to the root, with forward slashes. */
  name: string;
  /** Every module specifier it imports or re-exports, type-only and dynamic imports included. */
  specifiers: string[];
  /** The scanned root's files among them. */
  imports: string[];
}

const EXTENSIONS = ['', '.ts', '.tsx'];

/**
 * The `.ts`/`.tsx` sources under `root` (tests left out) and what each imports of the others,
 * by relative specifier or by `alias` (`#server/`, `#web/`), read with TypeScript's pre-processor.
 */
export function readSources(root: string, alias: string): SourceFile[] {
  const names: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) names.push(full);
    }
  };
  walk(root);
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const existing = (target: string) =>
    EXTENSIONS.map((extension) => target + extension).find(
      (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
  return names.map((file) => {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const specifiers = importedFiles.map((imported) => imported.fileName);
    const imports = specifiers.flatMap((specifier) => {
      const target = specifier.startsWith(alias)
        ? path.join(root, specifier.slice(alias.length))
        : specifier.startsWith('.')
          ? path.resolve(path.dirname(file), specifier.replace(/\?.*$/, ''))
          : undefined;
      const found = target && existing(target);
      return found ? [relative(found)] : [];
    });
    return { name: relative(file), specifiers, imports };
  });
}

/** Every cycle as one path that comes back to its start (one per strongly connected group). */
export function importCycles(files: readonly { name: string; imports: readonly string[] }[]): string[][] {
  const edges = new Map(files.map((file) => [file.name, file.imports]));
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (name: string, trail: string[]) => {
    const seenAt = trail.indexOf(name);
    if (seenAt >= 0) {
      cycles.push([...trail.slice(seenAt), name]);
      return;
    }
    if (done.has(name)) return;
    for (const next of edges.get(name) ?? []) visit(next, [...trail, name]);
    done.add(name);
  };
  for (const file of files) visit(file.name, []);
  return cycles;
}
