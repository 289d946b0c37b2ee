import { z } from 'zod';
import { safeText } from './text.ts';

/**
 * `POST /upload/images` (multipart, field `file` or `image`, one or several files under either;
 * staff bearer token) and
 * `DELETE /upload/images/{id}`. Files are recognised by their bytes, never by name or declared
 * type, and re-encoded to WebP at each width of IMAGE_WIDTHS (src/shared/images.ts).
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 10;
/** Larger images are refused before decoding (a "pixel bomb" is a small file that decodes huge). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
/** The field the admin panel sends. */
export const UPLOAD_FIELD = 'file';
/** Every field the server reads files from (other clients name it `image`); others are skipped. */
export const UPLOAD_FIELDS: readonly string[] = [UPLOAD_FIELD, 'image'];
/** docs/product.md#other-messages. */
export const UPLOAD_FAILED_MESSAGE = 'Failed to upload image';
export const UPLOAD_MESSAGES = {
  noFile: 'Choose an image to upload (field "file" or "image")',
  unsupported: 'Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded',
  tooLarge: `Images must be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  tooManyPixels: 'This image is too large to process (more than 40 megapixels)',
  tooManyFiles: `At most ${UPLOAD_MAX_FILES} images at once`,
  inUse: 'This image is used by a product; remove it from the product first',
} as const;

/** Ids are random (no names from the client reach the disk). */
export const UploadIdSchema = safeText().regex(/^[a-f0-9]{32}$/, 'Unknown image id');

export const UploadedImageSchema = z.object({
  id: z.string(),
  /** The largest width; what a product's `images` list stores. */
  url: z.string(),
  /** Width (as text) → URL. */
  urls: z.record(z.string(), z.string()),
  /** Of the stored largest image. */
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/** One file sent: `data` is that image; several: `data` is the list, in the order sent. */
export const UploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.union([UploadedImageSchema, z.array(UploadedImageSchema)]),
});
