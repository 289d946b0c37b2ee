import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { SeedPictureDrawer } from '#server/db/seed/seed-pictures.ts';
import { SEED_PICTURES_DIR, seedPicturesComplete } from '#server/db/seed/seed-pictures-done.ts';

/**
 * The demo pictures of the E2E server's shop, drawn before E2E starts. A first start draws its
 * ~200 pictures after it starts serving (db/seed/seed-pictures.ts): in the E2E step that drawing
 * took CPU from the browsers and the server for the first part of the run, and the first pages
 * waited for their pictures. `npm test` draws them in the build phase instead, where a core is
 * free while the type-check runs (scripts/test.ts), into a folder of its own made afresh each run
 * (so a change to the drawing is never hidden by old files), and names the folder in
 * E2E_SEED_PICTURES; the E2E server copies them into its fresh data dir before it starts.
 * Without the variable (a filtered `npx playwright test`), the server draws them itself as before.
 */
export const E2E_PICTURES_ENV = 'E2E_SEED_PICTURES';

/** Draws every demo picture into `uploadsDir`/seed (emptied first) and marks the set complete. */
export async function drawDemoPictures(uploadsDir: string): Promise<void> {
  await rm(uploadsDir, { recursive: true, force: true });
  await mkdir(path.join(uploadsDir, SEED_PICTURES_DIR), { recursive: true });
  await new SeedPictureDrawer(uploadsDir).drawAll();
}

/**
 * Copies the pictures `npm test` drew (E2E_SEED_PICTURES) into `uploadsDir`; false when there are
 * none (the variable unset, or the drawing did not finish), and the server draws them as usual.
 */
export async function copyDrawnDemoPictures(uploadsDir: string): Promise<boolean> {
  const drawn = process.env[E2E_PICTURES_ENV];
  if (!drawn || !seedPicturesComplete(drawn)) return false;
  await mkdir(uploadsDir, { recursive: true });
  await cp(path.join(drawn, SEED_PICTURES_DIR), path.join(uploadsDir, SEED_PICTURES_DIR), { recursive: true });
  return true;
}
