import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AuthUser } from '#shared/contracts/auth.ts';
import { saveSession } from '#web/admin/auth/token-store.ts';
import { connectToaster, type ToastOptions } from '#web/lib/toast.ts';
import { type Rendered, render } from '#web/test/render.tsx';

/**
 * What the admin screens' unit tests share: a signed-in owner, and a screen mounted with its
 * query client and router. The fake API the screens talk to is ./api.ts: only the network is
 * stubbed; the screens, their queries and the session code run for real.
 */

export const OWNER: AuthUser = {
  id: 'u1',
  email: 'owner@cedar.shop',
  name: 'Owner',
  role: 'super_admin',
  avatar_url: null,
  is_active: true,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

/** A stored session, as after signing in; the admin API client sends its token. */
export function signIn(user: AuthUser = OWNER) {
  saveSession({ token: 'a1', refreshToken: 'r1', expiresIn: '15m', user });
}

/** Mounts an admin screen as the app does: a query client (no retries) and a router at `entry`. */
export function renderAdmin(node: ReactNode, entry = '/admin'): Promise<Rendered> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** After each test: the real fetch back, and no session left for the next test. */
export function resetAdminTest() {
  vi.unstubAllGlobals();
  localStorage.clear();
}

/**
 * A test file's before and after for admin screens: signed in before each test; after it, what
 * was mounted goes, fetch is restored and the session cleared. `toasts` holds the test's toasts;
 * `mount` is renderAdmin, remembered for the clean-up; `mountRoutes` mounts a feature's screens at their paths.
 */
export function adminTestSetup() {
  const toasts: ToastOptions[] = [];
  const mounted: Rendered[] = [];
  let disconnect = () => {};
  beforeEach(() => {
    signIn();
    toasts.length = 0;
    disconnect = connectToaster((options) => toasts.push(options));
  });
  afterEach(() => {
    disconnect();
    for (const view of mounted.splice(0)) view.unmount();
    resetAdminTest();
  });
  const mount = async (node: ReactNode, entry?: string) => {
    const view = await renderAdmin(node, entry);
    mounted.push(view);
    return view.container;
  };
  /** `routes` (path → screen) at `entry` as the admin routes them, with `beside` and <Where /> next to them. */
  const mountRoutes = (routes: Record<string, ReactNode>, entry: string, beside?: ReactNode) =>
    mount(
      <>
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
        {beside}
        <Where />
      </>,
      entry,
    );
  return { toasts, mount, mountRoutes };
}

/** Clicks inside act, so React has handled the click before the test goes on. */
export const click = (element: Element | null | undefined) =>
  act(async () => {
    if (!(element instanceof HTMLElement)) throw new Error('nothing to click');
    element.click();
  });

/** Submits a form inside act (its submit handler runs as a click on its submit button would run it). */
export const submit = (form: HTMLFormElement | null | undefined) =>
  act(async () => {
    if (!form) throw new Error('no form to submit');
    form.requestSubmit();
  });

/**
 * Types into a field the way React notices (its value tracker ignores a plain `.value =`): an
 * input event for text, a change event for a select; `blur` for forms that check on leaving.
 */
export const type = (input: Element | null | undefined, value: string, { blur = false } = {}) =>
  act(async () => {
    if (!input) throw new Error('no field');
    const prototype =
      input instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : input instanceof HTMLSelectElement
          ? HTMLSelectElement.prototype
          : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    if (blur) input.dispatchEvent(new Event('blur', { bubbles: true }));
  });

/** The field whose <label> starts with `label` (labels may add "(optional)"). */
export function fieldLabelled<T extends Element = HTMLInputElement>(root: ParentNode, label: string): T | null {
  const found = [...root.querySelectorAll('label')].find((element) => element.textContent?.startsWith(label));
  const id = found?.getAttribute('for');
  return id ? root.querySelector<T>(`[id="${CSS.escape(id)}"]`) : null;
}

/** Mounted beside the routes: shows where the screen went (path and query), read by `where`. */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

export const where = (root: ParentNode) => root.querySelector('[data-testid="where"]')?.textContent;
