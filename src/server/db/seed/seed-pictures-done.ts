import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether the demo pictures are all on disk, in a module of its own: every start asks (one stat),
 * and only a start that must draw loads the drawing code, the catalogue data and sharp.
 */

/** Under DATA_DIR/uploads; served as /uploads/seed/…. */
export const SEED_PICTURES_DIR = 'seed';
const DONE_MARKER = '.all-drawn';

export function seedPicturesComplete(uploadsDir: string): boolean {
  return existsSync(path.join(uploadsDir, SEED_PICTURES_DIR, DONE_MARKER));
}

export async function markSeedPicturesComplete(uploadsDir: string): Promise<void> {
  await writeFile(path.join(uploadsDir, SEED_PICTURES_DIR, DONE_MARKER), `${new Date().toISOString()}\n`);
}
