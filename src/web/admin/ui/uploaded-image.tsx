import { srcSetFor } from '#shared/images.ts';

/**
 * An uploaded image as the admin shows it: the responsive copies the server made (`srcSet`), the
 * width it is drawn at (`sizes`), and no text of its own (alt ""): the name or label beside it
 * says what it is. `px` draws a fixed square thumbnail, lazily loaded.
 */
export function UploadedImage({
  src,
  sizes,
  px,
  className,
}: {
  src: string;
  /** The drawn width(s), as in <img sizes>; `${px}px` for a thumbnail. */
  sizes?: string;
  px?: number;
  className: string;
}) {
  return (
    <img
      src={src}
      srcSet={srcSetFor(src)}
      sizes={sizes ?? `${px}px`}
      alt=""
      width={px}
      height={px}
      loading={px ? 'lazy' : undefined}
      className={className}
    />
  );
}
