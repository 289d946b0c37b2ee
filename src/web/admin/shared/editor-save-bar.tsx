import { type ReactNode, useState } from 'react';
import { DetailColumns } from '../ui/detail-layout.tsx';
import { ContentPreviewDialog } from './content-preview-dialog.tsx';

/**
 * The save bar of the post and page editors, stuck under the header (as the kit's FormSaveBar):
 * where the work stands, then the buttons. These editors are not <form> elements: the rich-text
 * editor's dialogs (link, image, product card) are forms of their own, and a form inside a form
 * lets the browser submit the outer one (reloading the page); the buttons run the save instead.
 */
export function EditorSaveBar({ status, children }: { status: string; children: ReactNode }) {
  return (
    <div className="sticky top-18 z-20 mb-6 flex flex-wrap items-center justify-end gap-2 rounded-2xl border border-line bg-surface/95 p-3 shadow-sm backdrop-blur">
      <span className="sr-only mr-auto pl-2 text-sm text-muted sm:not-sr-only" aria-live="polite">
        {status}
      </span>
      {children}
    </div>
  );
}

/**
 * A content editor's body (post, fixed page): the unsaved-changes guard, then a section with the
 * save bar (where the work stands, Preview, the editor's own save buttons), the two columns of
 * cards, and the preview of what is typed now. The rich-text toolbar sticks below the save bar
 * (4.5rem from the top, about 4.25rem tall).
 */
export function ContentEditorBody({
  label,
  guard,
  status,
  actions,
  preview,
  main,
  side,
}: {
  /** The section's name for screen readers ("Edit post", "Edit About"). */
  label: string;
  guard: ReactNode;
  status: string;
  /** The save buttons after Preview. */
  actions: ReactNode;
  preview: { title: string; html: string; image?: string | null; meta?: ReactNode };
  main: ReactNode;
  side: ReactNode;
}) {
  const [previewing, setPreviewing] = useState(false);
  return (
    <>
      {guard}
      <section aria-label={label} className="[--editor-toolbar-top:9rem]">
        <EditorSaveBar status={status}>
          <button type="button" className="btn-secondary" onClick={() => setPreviewing(true)}>
            Preview
          </button>
          {actions}
        </EditorSaveBar>
        <DetailColumns main={main} side={side} />
        <ContentPreviewDialog open={previewing} onClose={() => setPreviewing(false)} {...preview} />
      </section>
    </>
  );
}
