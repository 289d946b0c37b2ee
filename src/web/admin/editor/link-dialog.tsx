import type { Editor } from '@tiptap/core';
import { useState } from 'react';
import { TextField } from '#web/ui/form-field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { checkLinkHref } from './link-rules.ts';

/**
 * Adds, changes or removes the link at the selection. With nothing selected and no link under the
 * cursor it inserts the link with its own text. Addresses the server would drop are refused here
 * (link-rules.ts); a full URL of this shop is stored as its path.
 */
export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const inLink = editor.isActive('link');
  const hasSelection = !editor.state.selection.empty;
  const [href, setHref] = useState<string>(() => String(editor.getAttributes('link').href ?? ''));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const apply = () => {
    const check = checkLinkHref(href, window.location.origin);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    const chain = editor.chain().focus();
    if (inLink) chain.extendMarkRange('link').setLink({ href: check.href }).run();
    else if (hasSelection) chain.setLink({ href: check.href }).run();
    else {
      // The new link's text, then the cursor after it outside the link (typing on is plain text).
      chain
        .insertContent({
          type: 'text',
          text: text.trim() || check.href,
          marks: [{ type: 'link', attrs: { href: check.href } }],
        })
        .unsetMark('link')
        .run();
    }
    onClose();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    <FormDialog
      title={inLink ? 'Edit link' : 'Add a link'}
      submitLabel={inLink ? 'Save link' : 'Add link'}
      size="md"
      onSubmit={apply}
      onClose={onClose}
    >
      <TextField
        label="Link address"
        value={href}
        autoFocus
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setHref(event.target.value);
          setError(undefined);
        }}
        error={error}
        hint="https://…, mailto:…, tel:… or a page of this shop such as /product/arduino-uno (shop pages open in the same tab)."
      />
      {!inLink && !hasSelection && (
        <TextField
          label="Text to show"
          optional
          value={text}
          onChange={(event) => setText(event.target.value)}
          hint="Left blank, the address itself is shown."
        />
      )}
      {inLink && (
        <button type="button" className="text-sm font-medium text-danger hover:underline" onClick={remove}>
          Remove link
        </button>
      )}
    </FormDialog>
  );
}
