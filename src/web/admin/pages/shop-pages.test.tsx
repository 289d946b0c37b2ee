import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ShopPage } from '#shared/contracts/pages.ts';
import { adminTestSetup, click, fieldLabelled, type, where } from '#web/test/admin.tsx';
import { errorBody, json, recordedApi } from '#web/test/api.ts';
import { waitFor } from '#web/test/render.tsx';
import { ShopPageEditorPage } from './shop-page-editor-page.tsx';
import { ShopPagesPage } from './shop-pages-page.tsx';

const DELIVERY: ShopPage = {
  slug: 'delivery',
  title: 'Delivery',
  content: '<h2 id="section-where">Where we deliver</h2><p>All of Lebanon.</p>',
  meta_title: null,
  meta_description: null,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const { toasts, mountRoutes } = adminTestSetup();

const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/admin/pages')
    return json({
      data: [
        { slug: 'about', title: 'About Cedar Shop', updated_at: DELIVERY.updated_at, is_default: false },
        { slug: 'delivery', title: 'Delivery', updated_at: DELIVERY.updated_at, is_default: true },
      ],
    });
  if (path === 'GET /api/admin/pages/delivery') return json({ data: DELIVERY });
  return errorBody('Page not found', 404);
});

const ROUTES = {
  '/admin/pages': <ShopPagesPage />,
  '/admin/pages/:slug': <ShopPageEditorPage />,
};
const mount = (entry: string) => mountRoutes(ROUTES, entry, <Link to="/admin/pages">Elsewhere</Link>);

describe('ShopPagesPage', () => {
  it('lists the fixed pages with their shop address and a link to edit each', async () => {
    const root = await mount('/admin/pages');
    await waitFor(() => expect(root.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(root.querySelector('tbody tr')?.textContent).toContain('About Cedar Shop');
    expect(root.querySelector('tbody tr')?.textContent).toContain('Footer: About us');
    expect(root.querySelector('tbody tr')?.textContent).toContain('Edited');
    expect(root.querySelectorAll('tbody tr')[1]?.textContent).toContain('Default text');
    expect(root.querySelector('a[href="/pages/delivery"]')?.getAttribute('target')).toBe('_blank');
    expect(root.querySelector('a[href="/admin/pages/delivery"]')).not.toBeNull();
  });
});

describe('ShopPageEditorPage', () => {
  it('edits the title and search fields with a live preview, guards unsaved changes, and saves', async () => {
    answers['PUT /api/admin/pages/delivery'] = (call) =>
      json({ data: { ...DELIVERY, ...(call.body as object), updated_at: '2026-11-26T10:00:00.000Z' } });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const root = await mount('/admin/pages/delivery');
    await waitFor(() => expect(fieldLabelled(root, 'Title')?.value).toBe('Delivery'));
    const search = () => root.querySelector('[data-testid="search-preview"]')?.textContent ?? '';
    expect(search()).toContain('pages › delivery');
    expect(search()).toContain('Where we deliver All of Lebanon.');

    await type(fieldLabelled(root, 'Title'), 'Delivery across Lebanon');
    await type(fieldLabelled<HTMLTextAreaElement>(root, 'Meta description'), 'Two days to Beirut.');
    expect(search()).toContain('Delivery across Lebanon');
    expect(search()).toContain('Two days to Beirut.');

    await click([...root.querySelectorAll('a')].find((link) => link.textContent === 'Elsewhere'));
    const leave = [...root.querySelectorAll('dialog[open]')].find((item) => item.textContent?.includes('unsaved'));
    expect(leave?.textContent).toContain('Leave without saving?');
    await click([...(leave?.querySelectorAll('button') ?? [])].find((button) => button.textContent === 'Cancel'));
    expect(root.querySelector('dialog[open]')).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
    expect(where(root)).toBe('/admin/pages/delivery');

    await click([...root.querySelectorAll('button')].find((button) => button.textContent === 'Save changes'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Page saved'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      title: 'Delivery across Lebanon',
      content: DELIVERY.content,
      meta_title: null,
      meta_description: 'Two days to Beirut.',
    });
    // Saved: leaving asks nothing now.
    await click([...root.querySelectorAll('a')].find((link) => link.textContent === 'Elsewhere'));
    expect(root.querySelector('dialog[open]')).toBeNull();
    expect(where(root)).toBe('/admin/pages');
  });

  it('refuses a blank title before sending, and says "not found" for a slug that is not a fixed page', async () => {
    const root = await mount('/admin/pages/delivery');
    await waitFor(() => expect(fieldLabelled(root, 'Title')).not.toBeNull());
    await type(fieldLabelled(root, 'Title'), '  ');
    await click([...root.querySelectorAll('button')].find((button) => button.textContent === 'Save changes'));
    await waitFor(() => expect(root.textContent).toContain('Title is required'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    const other = await mount('/admin/pages/careers');
    expect(other.querySelector('h1')?.textContent).toBe('Page not found');
  });
});
