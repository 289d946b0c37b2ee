import { useId, useState } from 'react';
import { UPLOAD_MAX_BYTES } from '#shared/contracts/uploads.ts';
import { UploadedImage } from '../ui/uploaded-image.tsx';
import { ImageDropZone } from './image-drop-zone.tsx';
import { fitsUploadLimit, toastUploadFailed, uploadImage } from './upload-image.ts';

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

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (!fitsUploadLimit(file)) return;
    setProgress(0);
    uploadImage(file, setProgress)
      .then((image) => onChange(image.url))
      .catch((failure: unknown) => toastUploadFailed(file, failure))
      .finally(() => setProgress(null));
  };

  return (
    <div>
      <p className="text-sm font-medium" id={`${inputId}-label`}>
        {label} <span className="font-normal text-muted">(optional)</span>
      </p>
      {value && (
        <figure className="mt-1 overflow-hidden rounded-xl border border-line bg-white">
          <UploadedImage
            src={value}
            sizes="(min-width: 1024px) 20rem, 90vw"
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
        <ImageDropZone
          inputId={inputId}
          compact
          title="Upload image"
          hint={`Drop it here or click · JPEG, PNG, WebP, GIF or AVIF, up to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`}
          onFiles={(files) => upload(files[0])}
        />
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
