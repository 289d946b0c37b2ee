import { srcSetFor } from '#shared/images.ts';
import { Icon, imageIcon } from '#web/ui/icons.tsx';

interface ProductImageProps {
  src: string | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  className?: string;
}

/** A square product image with a responsive `srcset` (images.ts convention), or a placeholder. */
export function ProductImage({ src, alt, sizes, eager = false, className = '' }: ProductImageProps) {
  if (!src) {
    return (
      <div className={`flex aspect-square w-full items-center justify-center bg-subtle text-muted ${className}`}>
        <Icon d={imageIcon} className="size-10" />
        {alt && <span className="sr-only">{alt} (no image)</span>}
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={srcSetFor(src)}
      sizes={sizes}
      alt={alt}
      width={800}
      height={800}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`aspect-square w-full bg-white object-contain ${className}`}
    />
  );
}
