import { useState } from 'react';
import { Icon, imageIcon } from '#web/ui/icons.tsx';

/**
 * The dashed area an image is dropped on or clicked to choose one: the label of the file input
 * `inputId` (rendered by the caller, which decides single or multiple and when it is disabled),
 * highlighted while a file is dragged over it.
 */
export function ImageDropZone({
  inputId,
  title,
  hint,
  compact = false,
  onFiles,
}: {
  inputId: string;
  title: string;
  hint: string;
  /** A single image's field (the post's featured image) takes less room than a product's gallery. */
  compact?: boolean;
  onFiles: (files: FileList) => void;
}) {
  const [dragOver, setDragOver] = useState(false);
  return (
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
        onFiles(event.dataTransfer.files);
      }}
      className={`flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-4 text-center text-sm transition-colors ${compact ? 'mt-1 gap-1 py-6' : 'gap-2 py-8'} ${dragOver ? 'border-accent bg-accent-soft' : 'border-line-strong hover:bg-subtle'}`}
    >
      <Icon d={imageIcon} className={`${compact ? 'size-7' : 'size-8'} text-muted`} />
      <span className="font-medium text-strong">{title}</span>
      <span className="text-xs text-muted">{hint}</span>
    </label>
  );
}
