import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { like, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, conflict, notFound } from '#server/errors.ts';
import { products } from '#server/products/products.table.ts';
import { UPLOAD_MESSAGES, type UploadedImage } from '#shared/contracts/uploads.ts';
import { IMAGE_WIDTHS, imageUrlFor, LARGEST_IMAGE_WIDTH } from '#shared/images.ts';
import { renderImageVariants, sniffImageType } from './image-processing.ts';

/** Under the uploads root, served at /uploads/images/. */
export const IMAGES_FOLDER = 'images';

export const imagesDir = (uploadsDir: string) => path.join(uploadsDir, IMAGES_FOLDER);
const baseUrlFor = (id: string) => `/uploads/${IMAGES_FOLDER}/${id}`;
const fileFor = (uploadsDir: string, id: string, width: number) =>
  path.join(imagesDir(uploadsDir), `${id}-${width}.webp`);

export const unsupportedMediaType = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unsupported);

/** One stored image and the files it wrote (for rolling back a request that fails later). */
export interface StoredImage {
  image: UploadedImage;
  files: string[];
}

/**
 * Checks the bytes are an image we accept, re-encodes them and writes every width. Each file is
 * written under a temporary name and renamed, so a reader never sees half a file; on failure the
 * files this call wrote are removed.
 */
export async function storeImage(uploadsDir: string, bytes: Buffer): Promise<StoredImage> {
  if (!sniffImageType(bytes)) throw unsupportedMediaType();
  const variants = await renderImageVariants(bytes);
  const id = randomBytes(16).toString('hex');
  await mkdir(imagesDir(uploadsDir), { recursive: true });
  const files: string[] = [];
  try {
    for (const [index, width] of IMAGE_WIDTHS.entries()) {
      const variant = variants[index];
      if (!variant) throw new Error(`no variant for width ${width}`);
      const target = fileFor(uploadsDir, id, width);
      const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      files.push(temporary);
      await writeFile(temporary, variant.data, { flag: 'wx' });
      await rename(temporary, target);
      files[files.length - 1] = target;
    }
  } catch (error) {
    await removeFiles(files);
    throw error;
  }
  const largest = variants[variants.length - 1] as { width: number; height: number };
  const base = baseUrlFor(id);
  return {
    image: {
      id,
      url: imageUrlFor(base, LARGEST_IMAGE_WIDTH),
      urls: Object.fromEntries(IMAGE_WIDTHS.map((width) => [String(width), imageUrlFor(base, width)])),
      width: largest.width,
      height: largest.height,
    },
    files,
  };
}

export async function removeFiles(files: readonly string[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file, { force: true })));
}

export async function auditUploads(db: Db, images: readonly UploadedImage[], context: AuditContext): Promise<void> {
  for (const image of images) {
    await recordAudit(db, {
      context,
      action: 'upload.create',
      entityType: 'upload',
      entityId: image.id,
      after: { url: image.url, width: image.width, height: image.height },
    });
  }
}

/**
 * Deletes every width of an uploaded image, unless a product (or a category) still shows it:
 * deleting it would leave a broken picture on the storefront.
 */
export async function deleteImage(db: Db, uploadsDir: string, id: string, context: AuditContext): Promise<void> {
  const files = IMAGE_WIDTHS.map((width) => fileFor(uploadsDir, id, width));
  const present = await Promise.all(
    files.map((file) =>
      stat(file).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (!present.some(Boolean)) throw notFound('Image');
  // Match the image's own URLs (`<base>-<width>.webp`), element by element: a substring test on the
  // whole array as text could match another id that merely contains this one.
  const pattern = `${baseUrlFor(id)}-%`;
  const [inProduct, inCategory] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(sql`exists (select 1 from unnest(${products.images}) as url where url like ${pattern})`)
      .limit(1),
    db.select({ id: categories.id }).from(categories).where(like(categories.image, pattern)).limit(1),
  ]);
  if (inProduct.length > 0) throw conflict(UPLOAD_MESSAGES.inUse);
  if (inCategory.length > 0) throw conflict('This image is used by a category; remove it from the category first');
  await removeFiles(files);
  await recordAudit(db, { context, action: 'upload.delete', entityType: 'upload', entityId: id });
}
