import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, OWNER, renderAdmin, resetAdminTest, signIn } from '#web/test/admin.tsx';
import { json, route, stubFetch } from '#web/test/api.ts';
import type { Rendered } from '#web/test/render.tsx';
import { waitFor } from '#web/test/render.tsx';
import { inAdminShell } from './test-shell.tsx';

vi.mock('socket.io-client/dist/socket.io.js', () => import('#web/test/fake-socket-io.ts'));

/**
 * A screen that fails while `broken.now` is set. `mounts` counts fresh mounts (not re-renders),
 * so "Try again" can be shown to mount the screen anew.
 */
const broken = { now: false, mounts: 0 };
function FragileScreen() {
  const [mount] = useState(() => {
    broken.mounts += 1;
    return broken.mounts;
  });
  if (broken.now) throw new TypeError("Cannot read properties of undefined (reading 'words')");
  return <h1>Fragile screen, mount {mount}</h1>;
}

let view: Rendered | undefined;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  broken.now = false;
  broken.mounts = 0;
  signIn();
  vi.stubGlobal('requestIdleCallback', () => 0);
  stubFetch((call) => {
    const path = route(call);
    if (path === 'GET /api/auth/me') return json({ data: OWNER });
    if (path === 'GET /api/admin/notifications') return json({ data: { notifications: [], unread_count: 0 } });
    return json({ message: 'Not found', statusCode: 404, code: 'NOT_FOUND', errors: [] }, 404);
  });
  // React reports an error a boundary caught on the console; these tests cause them on purpose.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  view?.unmount();
  view = undefined;
  consoleError.mockRestore();
  resetAdminTest();
});

async function mount() {
  view = await renderAdmin(inAdminShell({ blog: <FragileScreen />, pages: <h1>Pages screen</h1> }), '/admin/blog');
  return view.container;
}

const alertIn = (root: ParentNode) => root.querySelector('main [role="alert"]');
const buttonNamed = (root: ParentNode, text: string) =>
  [...root.querySelectorAll('button')].find((button) => button.textContent?.trim() === text);

describe('A page that fails inside the admin shell', () => {
  it('shows a calm message in the main area; the sidebar and the header stay; "Try again" mounts it anew', async () => {
    broken.now = true;
    const root = await mount();
    await waitFor(() => expect(alertIn(root)?.textContent).toContain('This page could not be shown.'));
    expect(root.querySelector('aside nav a[href="/admin/pages"]')).not.toBeNull();
    expect(root.querySelector('header button[aria-label="Sign out"]')).not.toBeNull();
    expect(consoleError).toHaveBeenCalled();

    broken.now = false;
    const mountsBefore = broken.mounts;
    await click(buttonNamed(alertIn(root) as Element, 'Try again'));
    expect(alertIn(root)).toBeNull();
    expect(root.querySelector('main h1')?.textContent).toBe(`Fragile screen, mount ${mountsBefore + 1}`);
  });

  it('shows the next page when the admin leaves the failed one by the sidebar', async () => {
    broken.now = true;
    const root = await mount();
    await waitFor(() => expect(alertIn(root)).not.toBeNull());
    await click(root.querySelector('aside nav a[href="/admin/pages"]'));
    expect(alertIn(root)).toBeNull();
    expect(root.querySelector('main h1')?.textContent).toBe('Pages screen');
  });
});
