import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { AppError } from '#server/errors.ts';
import { BACKUP_MESSAGES } from '#shared/contracts/backups.ts';
import type { SchemaVersion, SequenceState, TableData } from './backup-data.ts';

/**
 * The archive (decision 030): a gzipped tar holding, in this order,
 *   cedar-backup.json     the marker: this is a Cedar Shop backup, format 1
 *   tables/<table>.jsonl  one file per table (backup-data.ts exportTable)
 *   uploads/<path>        every file of DATA_DIR/uploads, byte for byte
 *   manifest.json         schema version, row count and sha256 per table, size and sha256 per file
 * The manifest comes last because it holds the checksums of everything before it; a file cut short
 * lacks it and is refused as damaged.
 */

export const BACKUP_FORMAT = 'cedar-shop-backup';
export const BACKUP_FORMAT_VERSION = 1;
const MARKER = 'cedar-backup.json';
const MANIFEST = 'manifest.json';

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  kind: string;
  database: string;
  schema: SchemaVersion;
  tables: Record<string, { file: string; rows: number; sha256: string }>;
  sequences: Record<string, SequenceState>;
  files: Record<string, { size: number; sha256: string }>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir`, as paths relative to it with `/` separators, sorted. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)));
    // A `.partial` file is one being written (a picture drawn, an upload) and renamed when whole:
    // the finished file is what a restore needs, and the partial may be gone before it is read.
    else if (entry.isFile() && !entry.name.endsWith('.partial')) files.push(relative);
  }
  return files.sort();
}

export interface ArchiveContent {
  createdAt: Date;
  kind: string;
  database: string;
  schema: SchemaVersion;
  tables: { name: string; lines: Buffer; rows: number }[];
  sequences: Record<string, SequenceState>;
  uploadsDir: string;
}

/**
 * A listed upload's bytes, or undefined when it was removed between the listing and the read (a
 * product deleted while the backup runs): the backup holds the shop as it is, not a 500.
 */
async function readUploadIfStillThere(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes the archive to `target` (through `target.partial`, renamed when whole). */
export async function writeArchive(target: string, content: ArchiveContent): Promise<Manifest> {
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    created_at: content.createdAt.toISOString(),
    kind: content.kind,
    database: content.database,
    schema: content.schema,
    tables: {},
    sequences: content.sequences,
    files: {},
  };
  const partial = `${target}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(partial));
  const add = (name: string, bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      pack.entry({ name, size: bytes.length, mtime: content.createdAt }, bytes, (error) =>
        error ? reject(error) : resolve(),
      );
    });
  try {
    await add(MARKER, Buffer.from(JSON.stringify({ format: BACKUP_FORMAT, format_version: BACKUP_FORMAT_VERSION })));
    for (const table of content.tables) {
      const file = `tables/${table.name}.jsonl`;
      manifest.tables[table.name] = { file, rows: table.rows, sha256: sha256(table.lines) };
      await add(file, table.lines);
    }
    // Pictures are a few hundred kB at most (re-encoded WebP): read whole, one at a time.
    for (const relative of await listFiles(content.uploadsDir)) {
      const bytes = await readUploadIfStillThere(path.join(content.uploadsDir, relative));
      if (!bytes) continue;
      manifest.files[relative] = { size: bytes.length, sha256: sha256(bytes) };
      await add(`uploads/${relative}`, bytes);
    }
    await add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await written;
    await rename(partial, target);
    return manifest;
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

const refuse = (message: string) => new AppError(400, 'VALIDATION_ERROR', message, [{ path: 'file', message }]);

export interface ReadArchive {
  manifest: Manifest;
  tables: TableData[];
  /** Where the uploads were unpacked (checked); the caller moves it into place or removes it. */
  uploadsDir: string;
}

/** A name inside the archive that stays inside its folder once joined (no `..`, no absolute path). */
function safeRelative(name: string): string | undefined {
  const normal = path.posix.normalize(name);
  if (normal.startsWith('/') || normal.startsWith('..') || normal.includes('\0') || normal !== name) return undefined;
  return normal;
}

/**
 * Unpacks and checks an archive: the marker first (else "not a backup"), then every table file and
 * upload against the manifest's checksums. Uploads go to `stagingDir`; nothing else on disk and
 * nothing in the database is touched, so a refused file changes nothing.
 */
export async function readArchive(file: string, stagingDir: string): Promise<ReadArchive> {
  await rm(stagingDir, { recursive: true, force: true });
  await mkdir(stagingDir, { recursive: true });
  const tableFiles = new Map<string, Buffer>();
  const fileHashes = new Map<string, string>();
  let manifestText: string | undefined;
  let sawMarker = false;
  let first = true;
  const extract = tar.extract();
  const gunzip = createGunzip();
  const input = createReadStream(file);
  // Piped by hand: a broken gzip stream or file ends the extraction with its error.
  input.on('error', (error) => extract.destroy(error));
  gunzip.on('error', (error) => extract.destroy(error));
  input.pipe(gunzip).pipe(extract as unknown as NodeJS.WritableStream);
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      if (first) {
        first = false;
        if (name !== MARKER || !isMarker(bytes)) throw refuse(BACKUP_MESSAGES.notABackup);
        sawMarker = true;
        continue;
      }
      if (entry.header.type !== 'file') continue;
      if (name === MANIFEST) manifestText = bytes.toString('utf8');
      else if (name.startsWith('tables/')) tableFiles.set(name, bytes);
      else if (name.startsWith('uploads/')) {
        const relative = safeRelative(name.slice('uploads/'.length));
        if (!relative) throw refuse(BACKUP_MESSAGES.damaged(name));
        const target = path.join(stagingDir, relative);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, bytes);
        fileHashes.set(relative, sha256(bytes));
      }
    }
  } catch (error) {
    input.destroy();
    gunzip.destroy();
    extract.destroy();
    await rm(stagingDir, { recursive: true, force: true });
    if (error instanceof AppError) throw error;
    throw refuse(sawMarker ? BACKUP_MESSAGES.unreadable : BACKUP_MESSAGES.notABackup);
  }
  try {
    if (!sawMarker) throw refuse(BACKUP_MESSAGES.notABackup);
    if (manifestText === undefined) throw refuse(BACKUP_MESSAGES.missing(MANIFEST));
    const manifest = parseManifest(manifestText);
    const tables: TableData[] = [];
    for (const [table, info] of Object.entries(manifest.tables)) {
      const bytes = tableFiles.get(info.file);
      if (!bytes) throw refuse(BACKUP_MESSAGES.missing(info.file));
      if (sha256(bytes) !== info.sha256) throw refuse(BACKUP_MESSAGES.damaged(info.file));
      const rows = bytes.toString('utf8').split('\n').filter(Boolean).length;
      if (rows !== info.rows) throw refuse(BACKUP_MESSAGES.damaged(info.file));
      tables.push({ name: table, lines: bytes });
    }
    for (const [relative, info] of Object.entries(manifest.files)) {
      const hash = fileHashes.get(relative);
      if (!hash) throw refuse(BACKUP_MESSAGES.missing(`uploads/${relative}`));
      if (hash !== info.sha256) throw refuse(BACKUP_MESSAGES.damaged(`uploads/${relative}`));
    }
    for (const relative of fileHashes.keys()) {
      if (!manifest.files[relative]) throw refuse(BACKUP_MESSAGES.damaged(`uploads/${relative}`));
    }
    return { manifest, tables, uploadsDir: stagingDir };
  } catch (error) {
    await rm(stagingDir, { recursive: true, force: true });
    throw error;
  }
}

function isMarker(bytes: Buffer): boolean {
  try {
    const marker = JSON.parse(bytes.toString('utf8')) as { format?: unknown };
    return marker.format === BACKUP_FORMAT;
  } catch {
    return false;
  }
}

function parseManifest(text: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw refuse(BACKUP_MESSAGES.damaged(MANIFEST));
  }
  const valid =
    manifest &&
    manifest.format === BACKUP_FORMAT &&
    typeof manifest.format_version === 'number' &&
    typeof manifest.schema?.migrations === 'number' &&
    typeof manifest.tables === 'object' &&
    typeof manifest.files === 'object' &&
    typeof manifest.sequences === 'object' &&
    typeof manifest.created_at === 'string';
  if (!valid) throw refuse(BACKUP_MESSAGES.damaged(MANIFEST));
  if (manifest.format_version > BACKUP_FORMAT_VERSION) throw refuse(BACKUP_MESSAGES.newer);
  for (const [table, info] of Object.entries(manifest.tables)) {
    if (!/^[a-z0-9_]+$/.test(table) || info.file !== `tables/${table}.jsonl`)
      throw refuse(BACKUP_MESSAGES.damaged(MANIFEST));
  }
  return manifest;
}

/** Size of a stored archive, for the list. */
export async function archiveSize(file: string): Promise<number> {
  return (await stat(file)).size;
}
