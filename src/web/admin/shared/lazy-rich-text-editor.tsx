import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from '../editor/rich-text-editor.tsx';

/** Tiptap loads with the editor screens only (its own chunk), never with the rest of the admin. */
const RichTextEditor = lazy(() => import('../editor/rich-text-editor.tsx'));

/** The rich-text editor, with a placeholder the size of the editing area while its code downloads. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div>
          <p className="text-sm font-medium">{props.label}</p>
          <div role="status" aria-label="Loading the editor" className="mt-1 h-72 animate-pulse rounded-xl bg-subtle" />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
