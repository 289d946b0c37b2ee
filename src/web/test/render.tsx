import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { expect, vi } from 'vitest';
import { byRole } from './queries.ts';

/** Minimal render helper for happy-dom tests (no testing library in this project). */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  unmount: () => void;
}

export async function render(node: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(node);
  });
  return {
    container,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

/**
 * Lets React and pending promises settle (inside act) until `check` passes or time runs out. Under
 * fake timers (`vi.useFakeTimers()`) it moves the fake clock instead of waiting, so a test can
 * fake time from its start and still wait for what it expects.
 */
export async function waitFor(check: () => void, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await act(async () => {
      if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(20);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

/**
 * Moves fake time on by `ms` (the test called `vi.useFakeTimers()` before what it watches): to see
 * that something does *not* happen later (no retry of its own, no second request), with no real wait.
 */
export async function advanceFakeTime(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * The dialog named `name` once it is open: dialogs render into document.body (a portal), so it is
 * looked for in `root`'s document.
 */
export async function waitForDialog(root: HTMLElement, name: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = byRole(root.ownerDocument, 'dialog', name);
    expect(found).toBeTruthy();
  });
  return found as HTMLElement;
}
