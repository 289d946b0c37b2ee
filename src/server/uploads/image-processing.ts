import type { Metadata } from 'sharp';
import { AppError } from '#server/errors.ts';
import { UPLOAD_FAILED_MESSAGE, UPLOAD_MAX_PIXELS, UPLOAD_MESSAGES } from '#shared/contracts/uploads.ts';
import { IMAGE_WIDTHS } from '#shared/images.ts';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/avif';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The image type from the file's first bytes (magic numbers). The name and the declared type come
 * from the client and prove nothing: an HTML or SVG file renamed to .png must never be stored.
 */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  // ISO-BMFF: [size]['ftyp'][major brand]…[compatible brands]; AVIF says avif (still) or avis (sequence).
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // minor version, not a brand
      const brand = ascii(bytes, offset, offset + 4);
      if (brand === 'avif' || brand === 'avis') return 'image/avif';
    }
  }
  return undefined;
}

export interface ImageVariant {
  width: number;
  height: number;
  data: Buffer;
}

const tooManyPixels = () => new AppError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooManyPixels);
const unreadable = () =>
  new AppError(400, 'VALIDATION_ERROR', UPLOAD_FAILED_MESSAGE, [
    { path: 'file', message: 'The file is damaged or not a readable image' },
  ]);

/**
 * Re-encodes an image to WebP at each IMAGE_WIDTHS width (never enlarged), upright (EXIF
 * orientation applied) and without metadata (sharp drops EXIF, GPS and ICC text unless asked to
 * keep them). The header is read first so a "pixel bomb" (small file, huge canvas) is refused
 * before anything is decoded; limitInputPixels is the second guard. Animated images keep their
 * first frame.
 */
export async function renderImageVariants(bytes: Buffer): Promise<ImageVariant[]> {
  // Loaded at the first upload, not at start: libvips and its caches cost the idle server memory
  // (docs/architecture.md "Memory") and most starts never process an image.
  const { default: sharp } = await import('sharp');
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' as const, animated: false };
  let metadata: Metadata;
  try {
    // Only the header is read here, so the pixel limit is lifted to learn the real size and answer
    // "too many pixels" rather than "unreadable".
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (width * height > UPLOAD_MAX_PIXELS) throw tooManyPixels();
  if (width === 0 || height === 0) throw unreadable();
  const upright = sharp(bytes, options).rotate();
  try {
    return await Promise.all(
      IMAGE_WIDTHS.map(async (target) => {
        const { data, info } = await upright
          .clone()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, data };
      }),
    );
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unreadable();
  }
}
