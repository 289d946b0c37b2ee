import { Fragment, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { type BackLink, DetailHeader, DetailPlaceholder } from './detail-layout.tsx';
import type { RecordEditor } from './use-record-editor.ts';

interface EditorFrameProps<R> {
  /** The record editor; its noun makes the placeholder's words ("Loading the product", "Product not found"). */
  editor: Omit<RecordEditor<R, unknown>, 'save'>;
  back: BackLink;
  /** The heading of a new record and of one still loading: "New product" and "Edit product" unless said. */
  newTitle?: string;
  loadingTitle?: string;
  /** Why a record may be missing ("It may have been deleted."). */
  missingText?: string;
  /**
   * A load the form needs besides the record (the category tree for the picker): the page waits
   * for it, and when it fails the form still opens, under the `failed` words.
   */
  sideLoad?: { query: { isPending: boolean; isError: boolean }; failed: string };
  title: (record: R) => string;
  meta?: (record: R) => ReactNode;
  /** Links beside the title (View in store); the Delete button follows them when the editor deletes. */
  actions?: (record: R) => ReactNode;
  /** The delete confirmation's words. */
  deleteStep?: { title: (record: R) => string; confirmLabel: string; body: (record: R) => ReactNode };
  /** The form; the frame keys it by the record, so a fresh form starts from each record's values. */
  children: (record: R | undefined) => ReactNode;
}

/**
 * An editor page's frame around its form: the placeholder until the record is there (loading,
 * not found, failed with a retry), then the header (the way back, title, badges, actions and
 * Delete), a notice, the form, and the delete confirmation. With `useRecordEditor` it is the whole
 * page except the form; docs/architecture.md#the-editor-kit shows a page built on it.
 */
export function EditorFrame<R>({
  editor,
  back,
  newTitle = `New ${editor.noun}`,
  loadingTitle = `Edit ${editor.noun}`,
  missingText = 'It may have been deleted.',
  sideLoad,
  title,
  meta,
  actions,
  deleteStep,
  children,
}: EditorFrameProps<R>) {
  if (editor.waiting || sideLoad?.query.isPending) {
    return (
      <DetailPlaceholder
        query={editor.query}
        noun={editor.noun}
        title={editor.waiting ? loadingTitle : newTitle}
        back={back}
        missingText={missingText}
      />
    );
  }
  const current = editor.current;
  const deletion = editor.deletion;
  return (
    <>
      <DetailHeader
        title={current ? title(current) : newTitle}
        back={back}
        meta={current && meta?.(current)}
        actions={
          current && (
            <>
              {actions?.(current)}
              {deletion && (
                <button
                  type="button"
                  className="btn text-danger ring-1 ring-danger/40 hover:bg-red-50 dark:hover:bg-red-950/40"
                  onClick={deletion.ask}
                >
                  Delete
                </button>
              )}
            </>
          )
        }
      />
      {sideLoad?.query.isError && (
        <p role="status" className="mb-4 text-sm text-danger">
          {sideLoad.failed}
        </p>
      )}
      <Fragment key={current ? editor.idOf(current) : 'new'}>{children(current)}</Fragment>
      {deletion && deleteStep && current && (
        <ConfirmDialog
          open={deletion.asking}
          title={deleteStep.title(current)}
          confirmLabel={deleteStep.confirmLabel}
          danger
          pending={deletion.pending}
          onCancel={deletion.cancel}
          onConfirm={deletion.confirm}
        >
          {deleteStep.body(current)}
        </ConfirmDialog>
      )}
    </>
  );
}
