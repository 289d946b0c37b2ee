/**
 * The editor's frame and label while it is not there yet: while its chunk downloads (the lazy
 * wrapper's fallback) and for the one render before Tiptap creates it. Its own file, so the
 * lazy wrapper can show it without pulling the editor's chunk into the admin's first load.
 */
export function EditorPlaceholder({ label }: { label: string }) {
  return (
    <div>
      <p className="text-sm font-medium">{label}</p>
      <div role="status" aria-label="Loading the editor" className="mt-1 h-72 animate-pulse rounded-xl bg-subtle" />
    </div>
  );
}
