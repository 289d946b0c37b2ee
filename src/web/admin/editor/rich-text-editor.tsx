/**
 * The admin's rich-text editor for blog posts and fixed pages (Tiptap, admin only: never in the
 * storefront's bundle). It edits HTML in the server's allow-list (docs/product.md#post-html).
 *
 * BASE STUB (issue 24): the editor work replaces the body with Tiptap; keep the props. Screens
 * import it lazily (`lazy(() => import(...))`) so Tiptap loads with the editor screen only.
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
}

export function RichTextEditor({ label, value, onChange, error }: RichTextEditorProps) {
  return (
    <label className="block">
      <span className="text-sm font-medium">{label}</span>
      <textarea
        className="input mt-1 min-h-64 w-full font-mono text-sm"
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && <span className="text-sm text-red-700">{error}</span>}
    </label>
  );
}

export default RichTextEditor;
