import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The repository root (scripts/ is one level down). */
export const ROOT = path.resolve(import.meta.dirname, '..');

function listFiles(entry: string): string[] {
  const absolute = path.join(ROOT, entry);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return [entry];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile() && !/\.test\.tsx?$/.test(dirent.name))
    .map((dirent) => path.relative(ROOT, path.join(dirent.parentPath, dirent.name)))
    .sort();
}

/**
 * A content hash of `inputs` (files or folders under the root, tests left out) and `salt`: what a
 * build stamps, so `npm start` rebuilds only when the sources of that build changed.
 */
export function hashSources(inputs: readonly string[], salt = ''): string {
  const hash = createHash('sha256');
  hash.update(salt);
  for (const file of inputs.flatMap(listFiles)) {
    hash.update(file);
    hash.update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex');
}
