import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '#web/app/error-boundary.tsx';
import { adminTestSetup, click } from '#web/test/admin.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

const { mount } = adminTestSetup();

/**
 * Tiptap's useEditor creates the editor while rendering and destroys it one timer tick later
 * unless the component's effects have run by then (so a render React throws away leaks nothing).
 * On a slow machine (a 2-core server, a phone, a lazy chunk still parsing) that tick can come
 * between the render and the effects: the editor the render saw is destroyed, and a new one
 * arrives with the next render. This sibling plays the slow machine without a real clock: it
 * renders after the editor and lets the fake timer tick pass before React commits.
 */
function SlowMachine() {
  vi.advanceTimersByTime(5);
  return null;
}

function Screen({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const [open, setOpen] = useState(true);
  return (
    <ErrorBoundary fallback={<p data-testid="crashed">crashed</p>}>
      <button type="button" data-testid="toggle" onClick={() => setOpen((current) => !current)}>
        Toggle
      </button>
      {open && (
        <>
          <RichTextEditor label="Content" value={value} onChange={setValue} />
          <SlowMachine />
        </>
      )}
    </ErrorBoundary>
  );
}

describe('RichTextEditor on a slow machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('survives its first editor being destroyed before the effects run, and shows the count', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const root = await mount(<Screen initial="<p>Two words</p>" />);
    await vi.advanceTimersByTimeAsync(10);
    expect(root.querySelector('[data-testid="crashed"]')).toBeNull();
    expect(root.querySelector('.ProseMirror p')?.textContent).toBe('Two words');
    expect(root.textContent).toContain('2 words');
  });

  it('opens, closes and reopens quickly under StrictMode without an error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const root = await mount(
      <StrictMode>
        <Screen initial="<p>Hello there, shop</p>" />
      </StrictMode>,
    );
    const toggle = root.querySelector('[data-testid="toggle"]');
    for (let round = 0; round < 3; round += 1) {
      await click(toggle);
      await click(toggle);
    }
    await vi.advanceTimersByTimeAsync(10);
    expect(root.querySelector('[data-testid="crashed"]')).toBeNull();
    expect(root.querySelectorAll('.ProseMirror')).toHaveLength(1);
    expect(root.textContent).toContain('3 words');
  });
});
