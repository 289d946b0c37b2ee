import type { ReactNode } from 'react';

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
