import { lazy, Suspense } from 'react';
import { EditorPlaceholder } from '../editor/editor-placeholder.tsx';
import type { RichTextEditorProps } from '../editor/rich-text-editor.tsx';

/** Tiptap loads with the editor screens only (its own chunk), never with the rest of the admin. */
const RichTextEditor = lazy(() => import('../editor/rich-text-editor.tsx'));

/** The rich-text editor, with a placeholder the size of the editing area while its code downloads. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder label={props.label} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
