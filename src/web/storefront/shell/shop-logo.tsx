import { srcSetFor } from '#shared/images.ts';

/**
 * The shop's logo (settings: site), named by its alt text and drawn in a fixed 160 × 40 box so
 * nothing moves as it loads, whatever its shape. The header draws it at once; the footer, far
 * below the fold, lazily.
 */
export function ShopLogo({ src, alt, loading }: { src: string; alt: string; loading?: 'lazy' }) {
  return (
    <img
      src={src}
      srcSet={srcSetFor(src)}
      sizes="160px"
      alt={alt}
      width={160}
      height={40}
      loading={loading}
      className="h-10 w-40 object-contain object-left"
    />
  );
}
