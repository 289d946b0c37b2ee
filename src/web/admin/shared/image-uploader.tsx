import { useId, useRef, useState } from 'react';
import { PRODUCT_LIMITS } from '#shared/contracts/admin-products.ts';
import { UPLOAD_MAX_BYTES } from '#shared/contracts/uploads.ts';
import { toast } from '#web/lib/toast.ts';
import { UploadedImage } from '../ui/uploaded-image.tsx';
import { ImageDropZone } from './image-drop-zone.tsx';
import { fitsUploadLimit, toastUploadFailed, uploadImage } from './upload-image.ts';

interface Uploading {
  key: string;
  name: string;
  progress: number;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * A product's photos: drop or pick files (each uploads with its own progress bar), reorder with
 * the arrow buttons or by dragging, remove. The first image is the one carts and cards show.
 */
export function ImageUploader({
  value: images,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (images: string[]) => void;
  error?: string;
}) {
  const inputId = useId();
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  // Uploads finish in any order; append each to the latest list, not the one seen at the start.
  const latest = useRef(images);
  latest.current = images;

  const room = PRODUCT_LIMITS.images - images.length - uploading.length;

  const addFiles = (files: FileList | File[]) => {
    const list = [...files];
    if (list.length > room) {
      toast({ variant: 'warning', title: `A product can have at most ${PRODUCT_LIMITS.images} images` });
    }
    for (const file of list.slice(0, Math.max(0, room))) {
      if (!fitsUploadLimit(file)) continue;
      const key = `${file.name}-${Math.random().toString(36).slice(2)}`;
      setUploading((current) => [...current, { key, name: file.name, progress: 0 }]);
      uploadImage(file, (progress) =>
        setUploading((current) => current.map((item) => (item.key === key ? { ...item, progress } : item))),
      )
        .then((image) => {
          // Two uploads can finish before React renders again: keep the running list here too.
          const next = [...latest.current, image.url];
          latest.current = next;
          onChange(next);
        })
        .catch((failure: unknown) => toastUploadFailed(file, failure))
        .finally(() => setUploading((current) => current.filter((item) => item.key !== key)));
    }
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item as string);
    onChange(next);
  };

  return (
    <div>
      {images.length > 0 && (
        <ol aria-label="Product images" className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {images.map((url, index) => (
            <li
              key={url}
              draggable
              onDragStart={() => setDragged(index)}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => dragged !== null && event.preventDefault()}
              onDrop={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.stopPropagation();
                move(dragged, index);
                setDragged(null);
              }}
              className={`relative overflow-hidden rounded-xl border bg-white ${dragged === index ? 'opacity-50' : ''} ${index === 0 ? 'border-accent ring-1 ring-accent' : 'border-line'}`}
            >
              <UploadedImage
                src={url}
                sizes="(min-width: 1280px) 12rem, (min-width: 640px) 30vw, 45vw"
                className="aspect-square w-full object-contain"
              />
              <span className="sr-only">Image {index + 1}</span>
              {index === 0 && (
                <span className="absolute top-2 left-2 rounded-full bg-accent-solid px-2 py-0.5 text-xs font-semibold text-on-accent">
                  Cart image
                </span>
              )}
              <div className="flex justify-between border-t border-line bg-surface p-1">
                <span className="flex gap-1">
                  <button
                    type="button"
                    className="rounded-lg px-2 py-1 text-sm hover:bg-subtle disabled:opacity-40"
                    aria-label={`Move image ${index + 1} earlier`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="rounded-lg px-2 py-1 text-sm hover:bg-subtle disabled:opacity-40"
                    aria-label={`Move image ${index + 1} later`}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    →
                  </button>
                </span>
                <button
                  type="button"
                  className="rounded-lg px-2 py-1 text-sm text-danger hover:bg-red-50 dark:hover:bg-red-950/40"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => onChange(images.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {uploading.length > 0 && (
        <ul aria-label="Uploading" className="mb-3 space-y-2">
          {uploading.map((item) => (
            <li key={item.key} className="text-sm">
              <span className="block truncate">{item.name}</span>
              <progress
                className="h-2 w-full overflow-hidden rounded-full accent-accent"
                max={1}
                value={item.progress}
                aria-label={`Uploading ${item.name}`}
              />
            </li>
          ))}
        </ul>
      )}
      {room > 0 ? (
        <>
          <ImageDropZone
            inputId={inputId}
            title="Drop images here or click to choose"
            hint={`JPEG, PNG, WebP, GIF or AVIF, up to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB each · ${room} more allowed`}
            onFiles={(files) => {
              if (files.length > 0) addFiles(files);
            }}
          />
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            multiple
            className="sr-only"
            onChange={(event) => {
              if (event.target.files) addFiles(event.target.files);
              event.target.value = '';
            }}
          />
        </>
      ) : (
        <p className="text-sm text-muted">This product has the most images allowed ({PRODUCT_LIMITS.images}).</p>
      )}
      {error && <p className="mt-1 text-sm text-danger">{error}</p>}
    </div>
  );
}
