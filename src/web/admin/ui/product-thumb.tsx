import { Icon, imageIcon } from '#web/ui/icons.tsx';
import { UploadedImage } from './uploaded-image.tsx';

const SIZES = {
  sm: { px: 40, box: 'size-10', icon: 'size-4' },
  md: { px: 48, box: 'size-12', icon: 'size-5' },
} as const;

/** A product's first picture in a list row (contained on white, like the shop's cards), or a placeholder. */
export function ProductThumb({ src, size = 'md' }: { src: string | null | undefined; size?: keyof typeof SIZES }) {
  const { px, box, icon } = SIZES[size];
  return src ? (
    <UploadedImage
      src={src}
      px={px}
      className={`${box} shrink-0 rounded-lg border border-line bg-white object-contain`}
    />
  ) : (
    <span className={`flex ${box} shrink-0 items-center justify-center rounded-lg bg-subtle text-muted`}>
      <Icon d={imageIcon} className={icon} />
    </span>
  );
}
