import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Fragment, type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from 'react';
import { Icon, imageIcon } from '#web/ui/icons.tsx';
import { SelectOptions } from '../ui/select-options.tsx';
import { editorIcons } from './editor-icons.ts';

export type EditorDialog = 'link' | 'image' | 'product';

type BlockStyle = 'paragraph' | 'h2' | 'h3' | 'h4' | 'other';

const BLOCK_STYLES: ReadonlyArray<[BlockStyle, string]> = [
  ['paragraph', 'Paragraph'],
  ['h2', 'Heading 2'],
  ['h3', 'Heading 3'],
  ['h4', 'Heading 4'],
];

/** What the toolbar shows as pressed or possible, re-read after each editor transaction. */
function toolbarState(editor: Editor) {
  const heading = ([2, 3, 4] as const).find((level) => editor.isActive('heading', { level }));
  const block: BlockStyle = heading
    ? `h${heading}`
    : editor.isActive('paragraph') && !editor.isActive('codeBlock')
      ? 'paragraph'
      : 'other';
  return {
    block,
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    strike: editor.isActive('strike'),
    code: editor.isActive('code'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    blockquote: editor.isActive('blockquote'),
    codeBlock: editor.isActive('codeBlock'),
    link: editor.isActive('link'),
    table: editor.isActive('table'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
    editable: editor.isEditable,
  };
}

type Chain = ReturnType<Editor['chain']>;

/** A mark or block the toolbar toggles: its words, icon, the state that shows it pressed, and the command. */
interface Toggle {
  label: string;
  icon: keyof typeof editorIcons;
  /** The toolbar state that shows the button pressed. */
  active: Exclude<keyof ReturnType<typeof toolbarState>, 'block'>;
  command: (chain: Chain) => Chain;
}

/**
 * The toggles in toolbar order, marks then blocks (each group after a divider): one list instead
 * of a button written out per format.
 */
const TOGGLE_GROUPS: readonly (readonly Toggle[])[] = [
  [
    { label: 'Bold', icon: 'bold', active: 'bold', command: (c) => c.toggleBold() },
    { label: 'Italic', icon: 'italic', active: 'italic', command: (c) => c.toggleItalic() },
    { label: 'Underline', icon: 'underline', active: 'underline', command: (c) => c.toggleUnderline() },
    { label: 'Strikethrough', icon: 'strike', active: 'strike', command: (c) => c.toggleStrike() },
    { label: 'Inline code', icon: 'code', active: 'code', command: (c) => c.toggleCode() },
  ],
  [
    { label: 'Bulleted list', icon: 'bulletList', active: 'bulletList', command: (c) => c.toggleBulletList() },
    { label: 'Numbered list', icon: 'orderedList', active: 'orderedList', command: (c) => c.toggleOrderedList() },
    { label: 'Quote', icon: 'quote', active: 'blockquote', command: (c) => c.toggleBlockquote() },
    { label: 'Code block', icon: 'codeBlock', active: 'codeBlock', command: (c) => c.toggleCodeBlock() },
  ],
];

const TOOL = '[data-tool]:not(:disabled)';

/**
 * The formatting toolbar (ARIA toolbar: one tab stop, arrow keys, Home and End move between its
 * controls). Marks and blocks are toggle buttons with `aria-pressed`; the table group appears
 * while the cursor is in a table. On a phone it scrolls sideways in one row; from `sm` it wraps.
 * It sticks under the admin's header (4rem) while a long text scrolls; a screen with its own sticky
 * bar above the editor sets `--editor-toolbar-top` on an ancestor to stick below that bar instead.
 */
export function EditorToolbar({
  editor,
  label,
  onOpen,
}: {
  editor: Editor;
  /** Accessible name ("Content formatting"). */
  label: string;
  onOpen: (dialog: EditorDialog) => void;
}) {
  const state = useEditorState({ editor, selector: ({ editor: current }) => toolbarState(current) });
  const toolbar = useRef<HTMLDivElement>(null);
  const current = useRef<HTMLElement | null>(null);

  // Roving tab stop: the control last used keeps it (the first one at the start or when it goes).
  useLayoutEffect(() => {
    const tools = [...(toolbar.current?.querySelectorAll<HTMLElement>(TOOL) ?? [])];
    const keep = current.current && tools.includes(current.current) ? current.current : tools[0];
    for (const tool of toolbar.current?.querySelectorAll<HTMLElement>('[data-tool]') ?? []) {
      tool.tabIndex = tool === keep ? 0 : -1;
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tools = [...(toolbar.current?.querySelectorAll<HTMLElement>(TOOL) ?? [])];
    const index = tools.indexOf(event.target as HTMLElement);
    if (index === -1) return;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tools.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tools.length) % tools.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tools.length - 1
              : -1;
    if (next === -1) return;
    event.preventDefault();
    for (const tool of tools) tool.tabIndex = -1;
    const target = tools[next] as HTMLElement;
    target.tabIndex = 0;
    target.focus();
  };

  const run = (command: (chain: Chain) => Chain) => () => command(editor.chain().focus()).run();
  const disabled = !state.editable;

  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label={label}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if ((event.target as HTMLElement).matches('[data-tool]')) current.current = event.target as HTMLElement;
      }}
      className="sticky top-[var(--editor-toolbar-top,4rem)] z-20 flex items-center gap-1 overflow-x-auto rounded-t-xl border-b border-line bg-surface/95 px-2 py-1.5 backdrop-blur [scrollbar-width:thin] sm:flex-wrap sm:overflow-visible"
    >
      <select
        data-tool
        aria-label="Text style"
        value={state.block}
        disabled={disabled}
        onChange={(event) => {
          const chain = editor.chain().focus();
          const value = event.target.value as BlockStyle;
          if (value === 'paragraph') chain.setParagraph().run();
          else if (value !== 'other') chain.setHeading({ level: Number(value.slice(1)) as 2 | 3 | 4 }).run();
        }}
        className="h-9 shrink-0 rounded-lg border border-line-strong bg-surface px-2 text-sm text-fg"
      >
        <SelectOptions options={BLOCK_STYLES} />
        <option value="other" disabled hidden>
          {state.codeBlock ? 'Code block' : 'Text style'}
        </option>
      </select>
      {TOGGLE_GROUPS.map((group) => (
        <Fragment key={group[0]?.label}>
          <Divider />
          {group.map((toggle) => (
            <ToolButton
              key={toggle.label}
              label={toggle.label}
              icon={editorIcons[toggle.icon]}
              pressed={state[toggle.active]}
              disabled={disabled}
              onClick={run(toggle.command)}
            />
          ))}
        </Fragment>
      ))}
      <ToolButton
        label="Horizontal line"
        icon={editorIcons.rule}
        disabled={disabled}
        onClick={run((c) => c.setHorizontalRule())}
      />
      <Divider />
      <ToolButton
        label={state.link ? 'Edit link' : 'Link'}
        icon={editorIcons.link}
        pressed={state.link}
        disabled={disabled}
        onClick={() => onOpen('link')}
      />
      <ToolButton label="Image" icon={imageIcon} disabled={disabled} onClick={() => onOpen('image')} />
      <ToolButton
        label="Table"
        icon={editorIcons.table}
        disabled={disabled || state.table}
        onClick={run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }))}
      />
      <ToolButton
        label="Product card"
        icon={editorIcons.product}
        disabled={disabled}
        onClick={() => onOpen('product')}
      />
      <Divider />
      <ToolButton
        label="Undo"
        icon={editorIcons.undo}
        disabled={disabled || !state.canUndo}
        onClick={run((c) => c.undo())}
      />
      <ToolButton
        label="Redo"
        icon={editorIcons.redo}
        disabled={disabled || !state.canRedo}
        onClick={run((c) => c.redo())}
      />
      {state.table && (
        <>
          <Divider />
          {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of the toolbar's table controls (a fieldset cannot sit in a flex row of buttons). */}
          <span role="group" aria-label="Table" className="flex shrink-0 items-center gap-1">
            <TextTool label="Add row" onClick={run((c) => c.addRowAfter())} />
            <TextTool label="Add column" onClick={run((c) => c.addColumnAfter())} />
            <TextTool label="Delete row" onClick={run((c) => c.deleteRow())} />
            <TextTool label="Delete column" onClick={run((c) => c.deleteColumn())} />
            <TextTool label="Delete table" danger onClick={run((c) => c.deleteTable())} />
          </span>
        </>
      )}
    </div>
  );
}

function Divider() {
  return <span aria-hidden="true" className="mx-0.5 h-6 w-px shrink-0 bg-line-strong" />;
}

/** Keeps the editor's selection: a mouse press on a tool would otherwise blur the text first. */
const keepSelection = (event: { preventDefault: () => void }) => event.preventDefault();

function ToolButton({
  label,
  icon,
  pressed,
  disabled,
  onClick,
}: {
  label: string;
  icon: string;
  /** Left out for buttons that act once (insert, undo), which are not toggles. */
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      data-tool
      aria-label={label}
      aria-pressed={pressed}
      data-tip={label}
      disabled={disabled}
      onMouseDown={keepSelection}
      onClick={onClick}
      className="relative inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-fg transition hover:bg-subtle disabled:opacity-40 disabled:hover:bg-transparent aria-pressed:bg-accent-tint aria-pressed:text-on-accent-tint"
    >
      <Icon d={icon} className="size-5" />
    </button>
  );
}

function TextTool({ label, danger, onClick }: { label: string; danger?: boolean; onClick: () => void }): ReactNode {
  return (
    <button
      type="button"
      data-tool
      onMouseDown={keepSelection}
      onClick={onClick}
      className={`h-9 shrink-0 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap transition hover:bg-subtle ${danger ? 'text-danger' : 'text-fg'}`}
    >
      {label}
    </button>
  );
}
