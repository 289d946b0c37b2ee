import type { Editor } from '@tiptap/core';
import { useEffect, useId, useRef, useState } from 'react';
import { UPLOAD_FAILED_MESSAGE, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '#shared/contracts/uploads.ts';
import { uploadImage } from '#web/admin/shared/upload-image.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { inputClass, TextField } from '#web/ui/form-field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { cursorAfterSelectedNode } from './editor-extensions.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export const IMAGE_MESSAGES = {
  altRequired: 'Describe the image for people who cannot see it',
  noImage: 'Choose an image file or paste an image address',
  both: 'Choose a file or paste an address, not both',
  badUrl: 'An image address starts with https:// (or /uploads/ for this shop’s images)',
} as const;

/** An image address the server keeps for a post (docs/product.md#post-html): https, or a path on this shop. */
function imageUrlProblem(url: string): string | null {
  if (/^https:\/\/[^/\\\s]+\S*$/i.test(url) || /^\/(?![/\\])\S+$/.test(url)) return null;
  return IMAGE_MESSAGES.badUrl;
}

/**
 * Puts an image in the content: a file uploaded through the admin's image pipeline
 * (`POST /upload/images`, with progress) or an https address, with its alt text, which is
 * required: a post's pictures must say what they show.
 */
export function ImageDialog({
  editor,
  onClose,
  onImageUploaded,
}: {
  editor: Editor;
  onClose: () => void;
  onImageUploaded?: (url: string) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; url?: string; alt?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Closing the dialog (Escape) stops an upload still running.
  useEffect(() => () => abort.current?.abort(), []);

  const insert = (attributes: { src: string; alt: string; width?: number; height?: number }) => {
    editor.chain().focus().setImage(attributes).command(cursorAfterSelectedNode).run();
    onClose();
  };

  const submit = async () => {
    const cleanAlt = alt.trim();
    const cleanUrl = url.trim();
    const found: typeof errors = {};
    if (!cleanAlt) found.alt = IMAGE_MESSAGES.altRequired;
    if (!file && !cleanUrl) found.file = IMAGE_MESSAGES.noImage;
    else if (file && cleanUrl) found.url = IMAGE_MESSAGES.both;
    else if (!file) found.url = imageUrlProblem(cleanUrl) ?? undefined;
    if (file && file.size > UPLOAD_MAX_BYTES) found.file = UPLOAD_MESSAGES.tooLarge;
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;
    if (!file) {
      insert({ src: cleanUrl, alt: cleanAlt });
      return;
    }
    abort.current = new AbortController();
    setProgress(0);
    try {
      const image = await uploadImage(file, setProgress, abort.current.signal);
      onImageUploaded?.(image.url);
      insert({ src: image.url, alt: cleanAlt, width: image.width, height: image.height });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setFailure(`${UPLOAD_FAILED_MESSAGE}: ${error instanceof ApiError ? error.message : 'please try again.'}`);
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <FormDialog
      title="Add an image"
      description="Upload a picture or paste the address of one, and say what it shows."
      error={failure}
      submitLabel="Insert image"
      pendingLabel={`Uploading… ${Math.round((progress ?? 0) * 100)} %`}
      pending={uploading}
      size="md"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <div>
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          Image file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          disabled={uploading}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${id}-file-hint${errors.file ? ` ${id}-file-error` : ''}`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setErrors((current) => ({ ...current, file: undefined }));
          }}
          className={`${inputClass} file:mr-3 file:rounded-full file:border-0 file:bg-subtle file:px-3 file:py-1 file:text-sm file:font-medium file:text-fg`}
        />
        {errors.file && (
          <p id={`${id}-file-error`} className="mt-1 text-sm text-danger">
            {errors.file}
          </p>
        )}
        <p id={`${id}-file-hint`} className="mt-1 text-xs text-muted">
          JPEG, PNG, WebP, GIF or AVIF, up to {UPLOAD_MAX_BYTES / 1024 / 1024} MB. Uploaded through the shop’s image
          pipeline.
        </p>
      </div>
      <TextField
        label="Or image address"
        optional
        value={url}
        inputMode="url"
        spellCheck={false}
        placeholder="https://…"
        disabled={uploading}
        error={errors.url}
        onChange={(event) => {
          setUrl(event.target.value);
          setErrors((current) => ({ ...current, url: undefined, file: undefined }));
        }}
      />
      <TextField
        label="Alt text"
        value={alt}
        disabled={uploading}
        error={errors.alt}
        hint="What the picture shows, for screen readers and when it does not load, e.g. “Arduino Uno R4 on a breadboard”."
        onChange={(event) => {
          setAlt(event.target.value);
          setErrors((current) => ({ ...current, alt: undefined }));
        }}
      />
      {uploading && (
        <progress
          className="h-2 w-full overflow-hidden rounded-full accent-accent"
          max={1}
          value={progress}
          aria-label={`Uploading ${file?.name ?? 'image'}`}
        />
      )}
    </FormDialog>
  );
}
