import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { click, type } from '#web/test/admin.tsx';
import { type Rendered, render } from '#web/test/render.tsx';
import { TextField } from '#web/ui/form-field.tsx';
import { FormDialog } from './form-dialog.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const buttons = (dialog: Element) => [...dialog.querySelectorAll('button')];

describe('FormDialog', () => {
  it('opens as a modal titled by its heading, described by its text, and submits the form', async () => {
    const sent: string[] = [];
    function Harness() {
      const [name, setName] = useState('');
      return (
        <FormDialog
          title="Rename"
          description="The new name shows everywhere."
          submitLabel="Save"
          onSubmit={() => sent.push(name)}
          onClose={() => {}}
        >
          <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
        </FormDialog>
      );
    }
    view = await render(<Harness />);
    const dialog = view.container.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    expect(title?.tagName).toBe('H2');
    expect(title?.textContent).toBe('Rename');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The new name shows everywhere.',
    );
    expect(buttons(dialog).map((button) => [button.textContent, button.type])).toEqual([
      ['Cancel', 'button'],
      ['Save', 'submit'],
    ]);

    await type(dialog.querySelector('input'), 'Boards');
    await click(buttons(dialog)[1]);
    expect(sent).toEqual(['Boards']);
  });

  it('while pending: both buttons disabled and the pending label; the error line is announced', async () => {
    view = await render(
      <FormDialog
        title="Delete Boards?"
        error="Boards has 2 products"
        submitLabel="Delete"
        pendingLabel="Deleting…"
        pending
        danger
        cancelLabel="Back"
        onSubmit={() => {}}
        onClose={() => {}}
      />,
    );
    const dialog = view.container.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.getAttribute('aria-describedby')).toBeNull();
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe('Boards has 2 products');
    const [cancel, submit] = buttons(dialog);
    expect(cancel?.textContent).toBe('Back');
    expect(submit?.textContent).toBe('Deleting…');
    expect(cancel?.disabled).toBe(true);
    expect(submit?.disabled).toBe(true);
    expect(submit?.className).toContain('bg-red-700');
  });

  it('closes through Cancel, and follows `open` when it stays mounted', async () => {
    let closed = 0;
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <FormDialog
            open={open}
            title="Confirm"
            submitLabel="OK"
            submitDisabled
            onSubmit={() => {}}
            onClose={() => {
              closed += 1;
              setOpen(false);
            }}
          />
        </>
      );
    }
    view = await render(<Harness />);
    const dialog = view.container.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    await click(view.container.querySelector('button'));
    expect(dialog.open).toBe(true);
    expect(buttons(dialog)[1]?.disabled).toBe(true);
    await click(buttons(dialog)[0]);
    expect(closed).toBeGreaterThanOrEqual(1);
    expect(dialog.open).toBe(false);
  });
});
