import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { type SyntheticEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { BLOG_LIMITS } from '#shared/blog.ts';
import { PanelErrorBoundary } from '../shell/panel-error-boundary.tsx';
import { editorExtensions } from './editor-extensions.ts';
import { EditorPlaceholder } from './editor-placeholder.tsx';
import { type EditorDialog, EditorToolbar } from './editor-toolbar.tsx';
import { ImageDialog } from './image-dialog.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { ProductPickerDialog } from './product-picker-dialog.tsx';
import './rich-text-editor.css';

/**
 * The admin's rich-text editor for blog posts and fixed pages (Tiptap, admin only: never in the
 * storefront's bundle). It edits HTML in the server's allow-list (docs/product.md#post-html);
 * docs/architecture.md "Rich-text editor" and decision 016 say how and why. Screens import it
 * lazily (`lazy(() => import(...))`) so Tiptap loads with the editor screen only.
 */
export interface RichTextEditorProps {
  /** Accessible name of the editing area ("Content"). */
  label: string;
  /** HTML. The editor reports every change through `onChange` (HTML of the document). */
  value: string;
  onChange: (html: string) => void;
  /** A field error shown under the editor (`aria-invalid`, `aria-describedby`). */
  error?: string;
  /** Called when an image is uploaded into the content, with its `/uploads/...` URL (the form may add it to `images[]`). */
  onImageUploaded?: (url: string) => void;
  /** Shown in the empty editor. */
  placeholder?: string;
  /** Id of the editing area (the contenteditable), e.g. for a form that focuses its first error. */
  id?: string;
  /** Ids of more text describing the field (a hint under it). */
  describedBy?: string;
  /** Characters of HTML the content may have (the blog's limit by default); a warning shows near it. */
  maxLength?: number;
}

/** Share of the limit from which the count turns into a warning. */
const WARN_AT = 0.9;
const numberFormat = new Intl.NumberFormat('en-US');

/**
 * The document as the form stores it: '' for an empty editor (so "required" checks work), else its
 * HTML without the empty paragraph Tiptap keeps at the end (a place to type after a last heading,
 * table or card; in the article it would only add space).
 */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, '');
}

/** The editor if it can be read: a destroyed one has no schema (getHTML) nor storage (the count). */
function live(editor: Editor | null): editor is Editor {
  return editor !== null && !editor.isDestroyed;
}

function wordCount(editor: Editor): number {
  return editor.storage.characterCount?.words() ?? 0;
}

export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  onImageUploaded,
  placeholder,
  id,
  describedBy,
  maxLength = BLOG_LIMITS.content,
}: RichTextEditorProps) {
  const ids = useId();
  const labelId = `${ids}-label`;
  const errorId = `${ids}-error`;
  const limitId = `${ids}-limit`;
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const [length, setLength] = useState(value.length);
  const [words, setWords] = useState(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The HTML last sent to or received from the form: a `value` equal to it is the editor's own. */
  const known = useRef(value);

  // Created in an effect, not while rendering (`immediatelyRender: false`): an editor created
  // during the render is destroyed one timer tick later unless the effects have run by then, and on
  // a slow machine (2 cores, a lazy chunk still parsing) they had not: the count and the HTML were
  // read from a destroyed editor and the screen crashed. Until the editor exists, and whenever the
  // one in hand has been destroyed (a remount hands a new one on the next render), nothing reads
  // it: `live` is the only way to the editor below.
  const created = useEditor({
    extensions: editorExtensions({ placeholder }),
    content: value,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: changed }) => {
      if (changed.isDestroyed) return;
      const html = editorHtml(changed);
      known.current = html;
      setLength(html.length);
      setWords(wordCount(changed));
      onChangeRef.current(html);
    },
  });
  const editor = live(created) ? created : null;

  useEffect(() => {
    if (!live(editor)) return;
    setLength(editorHtml(editor).length);
    setWords(wordCount(editor));
  }, [editor]);

  // A new value from outside (the form loaded a post, or was reset) replaces the document; the
  // editor's own changes coming back as `value` do not, so the cursor stays where it is.
  useEffect(() => {
    if (!live(editor) || value === known.current) return;
    known.current = value;
    if (value === editorHtml(editor)) return;
    editor.commands.setContent(value, { emitUpdate: false });
    setLength(value.length);
    setWords(wordCount(editor));
  }, [value, editor]);

  const near = length >= maxLength * WARN_AT;
  const over = length > maxLength;
  const describedByIds = [error ? errorId : null, near ? limitId : null, describedBy ?? null].filter(Boolean).join(' ');

  // The contenteditable's own attributes: its name, description and state for assistive tech.
  const attributes = useMemo(() => {
    const result: Record<string, string> = {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      spellcheck: 'true',
    };
    if (id) result.id = id;
    if (describedByIds) result['aria-describedby'] = describedByIds;
    if (error || over) result['aria-invalid'] = 'true';
    return result;
  }, [labelId, id, describedByIds, error, over]);
  useEffect(() => {
    if (live(editor)) editor.setOptions({ editorProps: { attributes } });
  }, [editor, attributes]);

  if (!editor) return <EditorPlaceholder label={label} />;

  return (
    <div>
      {/* A <label> cannot name a contenteditable; the editing area points here with aria-labelledby. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a pointer shortcut to the editing area, which the keyboard reaches by Tab. */}
      <span id={labelId} className="text-sm font-medium" onClick={() => editor.commands.focus()}>
        {label}
      </span>
      <div
        className={`mt-1 rounded-xl border bg-surface ${error || over ? 'border-danger ring-1 ring-danger' : 'border-line-strong'} focus-within:border-accent`}
      >
        <EditorToolbar editor={editor} label={`${label} formatting`} onOpen={setDialog} />
        <EditorContent editor={editor} className="post-editor" />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-b-xl border-t border-line px-3 py-1.5 text-xs text-muted">
          <span>
            {numberFormat.format(words)} {words === 1 ? 'word' : 'words'}
          </span>
          <span className={over ? 'font-medium text-danger' : near ? 'font-medium text-warning' : ''}>
            {numberFormat.format(length)} / {numberFormat.format(maxLength)} characters of HTML
          </span>
        </div>
      </div>
      <div aria-live="polite">
        {near && (
          <p id={limitId} className={`mt-1 text-sm ${over ? 'text-danger' : 'text-warning'}`}>
            {over
              ? `The content is over the limit of ${numberFormat.format(maxLength)} characters and cannot be saved: shorten it or split it into two posts.`
              : `The content is close to its limit of ${numberFormat.format(maxLength)} characters.`}
          </p>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      {dialog &&
        createPortal(
          // The dialogs' own forms sit outside the page's form in the DOM (no nested forms), and their
          // submit and field events stop here: React bubbles them along the component tree, and the
          // post form around the editor would take "Insert image" for its own submit.
          // biome-ignore lint/a11y/noStaticElementInteractions: not interactive, a boundary the dialogs' events stop at.
          <div onSubmit={stop} onChange={stop} onInput={stop} onKeyDown={stop} onBlur={stop} onFocus={stop}>
            {dialog === 'link' && <LinkDialog editor={editor} onClose={() => setDialog(null)} />}
            {dialog === 'image' && (
              <ImageDialog editor={editor} onClose={() => setDialog(null)} onImageUploaded={onImageUploaded} />
            )}
            {dialog === 'product' && <ProductPickerDialog editor={editor} onClose={() => setDialog(null)} />}
          </div>,
          document.body,
        )}
    </div>
  );
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * What the screens load (the module's default export): the editor inside its own error boundary, so
 * an editor that fails leaves the rest of the form (title, SEO, the save bar) usable; "Try again"
 * mounts a new editor with the form's current value.
 */
export default function SafeRichTextEditor(props: RichTextEditorProps) {
  return (
    <PanelErrorBoundary what="The editor">
      <RichTextEditor {...props} />
    </PanelErrorBoundary>
  );
}
