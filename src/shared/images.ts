/**
 * Responsive image convention shared by the seed, the uploader and the storefront: every stored
 * image exists as WebP at each width of IMAGE_WIDTHS, named `<base>-<width>.webp`, and a product's
 * `images` list holds the URL of the largest one. The storefront derives `srcset` from that URL.
 */
export const IMAGE_WIDTHS = [400, 800] as const;
export const LARGEST_IMAGE_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;

const SIZED_WEBP = /^(.*)-(\d+)\.webp$/;

/** `/uploads/seed/x-1` → `/uploads/seed/x-1-800.webp` */
export function imageUrlFor(base: string, width: number = LARGEST_IMAGE_WIDTH): string {
  return `${base}-${width}.webp`;
}

/** The `srcset` for an image URL that follows the convention, or undefined for any other URL. */
export function srcSetFor(url: string): string | undefined {
  const match = SIZED_WEBP.exec(url);
  if (!match) return undefined;
  return IMAGE_WIDTHS.map((width) => `${imageUrlFor(match[1] as string, width)} ${width}w`).join(', ');
}
