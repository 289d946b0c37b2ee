import { useId, useState } from 'react';
import { UPLOAD_FAILED_MESSAGE, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '#shared/contracts/uploads.ts';
import { srcSetFor } from '#shared/images.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { Icon, imageIcon } from '#web/ui/icons.tsx';
import { uploadImage } from './upload-image.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * One picture (a post's featured image): pick or drop a file, uploaded through the shop's image
 * pipeline (`POST /upload/images`, resized to WebP) with a progress bar; replace or remove it.
 */
export function FeaturedImageField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
}) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState(false);

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      toast({
        variant: 'error',
        title: UPLOAD_FAILED_MESSAGE,
        description: `${file.name}: ${UPLOAD_MESSAGES.tooLarge}`,
      });
      return;
    }
    setProgress(0);
    uploadImage(file, setProgress)
      .then((image) => onChange(image.url))
      .catch((failure: unknown) =>
        toast({
          variant: 'error',
          title: UPLOAD_FAILED_MESSAGE,
          description: `${file.name}: ${failure instanceof ApiError ? failure.message : 'Please try again.'}`,
        }),
      )
      .finally(() => setProgress(null));
  };

  return (
    <div>
      <p className="text-sm font-medium" id={`${inputId}-label`}>
        {label} <span className="font-normal text-muted">(optional)</span>
      </p>
      {value && (
        <figure className="mt-1 overflow-hidden rounded-xl border border-line bg-white">
          <img
            src={value}
            srcSet={srcSetFor(value)}
            sizes="(min-width: 1024px) 20rem, 90vw"
            alt=""
            className="aspect-video w-full object-cover"
          />
          <figcaption className="sr-only">The current featured image</figcaption>
        </figure>
      )}
      {progress !== null && (
        <progress
          className="mt-2 h-2 w-full overflow-hidden rounded-full accent-accent"
          max={1}
          value={progress}
          aria-label="Uploading the featured image"
        />
      )}
      {value ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <label htmlFor={inputId} className="btn-secondary cursor-pointer">
            Replace image
          </label>
          <button
            type="button"
            className="btn text-danger hover:bg-red-50 dark:hover:bg-red-950/40"
            onClick={() => onChange('')}
          >
            Remove
          </button>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragOver(false);
            upload(event.dataTransfer.files[0]);
          }}
          className={`mt-1 flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm transition-colors ${dragOver ? 'border-accent bg-accent-soft' : 'border-line-strong hover:bg-subtle'}`}
        >
          <Icon d={imageIcon} className="size-7 text-muted" />
          <span className="font-medium text-strong">Upload image</span>
          <span className="text-xs text-muted">
            Drop it here or click · JPEG, PNG, WebP, GIF or AVIF, up to {UPLOAD_MAX_BYTES / 1024 / 1024} MB
          </span>
        </label>
      )}
      <input
        id={inputId}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        aria-describedby={`${inputId}-label`}
        disabled={progress !== null}
        onChange={(event) => {
          upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {error && <p className="mt-1 text-sm text-danger">{error}</p>}
    </div>
  );
}
