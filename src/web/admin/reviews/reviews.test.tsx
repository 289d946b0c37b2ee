import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminReview } from '#shared/contracts/reviews.ts';
import { adminTestSetup, click, fieldLabelled, submit, type, where } from '#web/test/admin.tsx';
import { selectByLabel } from '#web/test/admin-kit.tsx';
import { errorBody, json, pagination, recordedApi, route } from '#web/test/api.ts';
import { buttonByText, byLabel, tableCells } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { ProductEditorPage } from '../products/product-editor-page.tsx';
import { adminProduct, PI_ID } from '../products/test-fixtures.ts';
import { ReviewDetailPage } from './review-detail-page.tsx';
import { ReviewsPage } from './reviews-page.tsx';
import { ARDUINO_ID, GREAT, HELD, STATS } from './test-fixtures.ts';

let rows: AdminReview[] = [];
const { toasts, mountRoutes } = adminTestSetup();
const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/admin/reviews') return json({ data: rows, pagination: pagination(rows.length) });
  if (path === 'GET /api/admin/reviews/stats') return json({ data: STATS });
  if (path === `GET /api/admin/reviews/${GREAT.id}`) return json({ data: GREAT });
  if (path === 'GET /api/admin/reviews/settings') {
    return json({ data: { moderation: 'verified_auto', banned_words: ['spam', 'scam link'] } });
  }
  return errorBody('Not found', 404);
});
beforeEach(() => {
  rows = [HELD, GREAT];
});

const ROUTES = {
  '/admin/reviews': <ReviewsPage />,
  '/admin/reviews/:id': <ReviewDetailPage />,
  '/admin/products/:id': <ProductEditorPage />,
};
const mount = (entry = '/admin/reviews') => mountRoutes(ROUTES, entry);

const dialogTitled = (root: ParentNode, title: string) =>
  [...root.querySelectorAll('dialog')].find((dialog) => dialog.querySelector('h2')?.textContent === title);
const listCalls = () => calls.filter((call) => route(call) === 'GET /api/admin/reviews');
const lastListQuery = () => new URL(listCalls().at(-1)?.url ?? '', 'http://x').searchParams;

async function mountList(entry?: string) {
  const root = await mount(entry);
  await waitFor(() => expect(root.querySelector('tbody tr')).not.toBeNull());
  return root;
}

describe('ReviewsPage', () => {
  it('lists each review with its product, stars, votes, title and excerpt, author, status and date', async () => {
    const root = await mountList();
    const [held, great] = tableCells(root);
    // The first cell is the row's checkbox; the review cell holds the votes, text and author.
    expect(held?.slice(1, 4)).toEqual([
      'Raspberry Pi Pico W',
      '0 helpful · 0 not2-star reviewArrived with a bent pin.by Sami',
      'PendingHeld: banned word',
    ]);
    expect(great?.slice(1, 4)).toEqual([
      'Arduino Uno R3',
      '3 helpful · 1 notGreat first boardWorked out of the box.\nThe pins are clearly labelled.by Rana HaddadVerified purchase',
      'Approved',
    ]);
    expect(great?.[4]).toMatch(/2026/);
    expect(root.querySelector('[aria-label="5 out of 5 stars"]')).not.toBeNull();
    expect(root.querySelector(`a[href="/admin/reviews/${GREAT.id}"]`)?.textContent).toBe('Great first board');
    expect(root.querySelector(`a[href="/admin/products/${ARDUINO_ID}"]`)).not.toBeNull();
    // The status tabs count from the stats.
    await waitFor(() =>
      expect(byLabel(root, 'Review status')?.textContent).toBe('All2Pending1Approved1Rejected0Hidden0'),
    );
  });

  it('marks a demo review (unchanged since the seed) with the "Demo" badge beside its status', async () => {
    rows = [
      { ...HELD, is_demo: true },
      { ...GREAT, is_demo: false },
    ];
    const [held, great] = tableCells(await mountList());
    expect(held?.[3]).toBe('PendingHeld: banned wordDemo');
    expect(great?.[3]).toBe('Approved');
  });

  it('puts the status tab, stars, purchase, search and sort in the URL and the request', async () => {
    const root = await mountList();
    expect(lastListQuery().get('sort_by')).toBe('newest');
    expect(lastListQuery().has('status')).toBe(false);

    await click(buttonByText(byLabel(root, 'Review status') ?? root, 'Pending1'));
    await waitFor(() => expect(lastListQuery().get('status')).toBe('pending'));
    await type(selectByLabel(root, 'Stars'), '4');
    await type(selectByLabel(root, 'Purchase'), 'true');
    await type(selectByLabel(root, 'Sort reviews'), 'most_helpful');
    await type(root.querySelector('input[type="search"]'), 'bent pin');
    await waitFor(() => expect(lastListQuery().get('search')).toBe('bent pin'));
    const query = lastListQuery();
    expect(Object.fromEntries(query)).toMatchObject({
      status: 'pending',
      rating: '4',
      verified: 'true',
      sort_by: 'most_helpful',
      search: 'bent pin',
    });
    expect(where(root)).toBe('/admin/reviews?status=pending&rating=4&verified=true&sort=most_helpful&search=bent+pin');

    // "Clear filters" keeps the tab the admin is on.
    await click(buttonByText(root, 'Clear filters'));
    await waitFor(() => expect(where(root)).toBe('/admin/reviews?status=pending&sort=most_helpful'));
  });

  it('narrows to one product from the URL, names it in a chip that removes the filter', async () => {
    rows = [GREAT];
    const root = await mountList(`/admin/reviews?product_id=${ARDUINO_ID}`);
    expect(lastListQuery().get('product_id')).toBe(ARDUINO_ID);
    expect(root.textContent).toContain('Reviews ofArduino Uno R3');
    // The name came from the rows: the product was not read.
    expect(calls.some((call) => call.url.startsWith('/api/admin/products/'))).toBe(false);
    await click(byLabel(root, 'Show the reviews of every product'));
    await waitFor(() => expect(where(root)).toBe('/admin/reviews'));
    await waitFor(() => expect(lastListQuery().has('product_id')).toBe(false));
  });

  it('reads the product’s name when it has no reviews to list', async () => {
    rows = [];
    answers[`GET /api/admin/products/${ARDUINO_ID}`] = () => json({ data: { id: ARDUINO_ID, name: 'Arduino Uno R3' } });
    const root = await mount(`/admin/reviews?product_id=${ARDUINO_ID}`);
    await waitFor(() => expect(root.textContent).toContain('Reviews ofArduino Uno R3'));
    expect(root.textContent).toContain('No reviews match these filters.');
  });

  it('approves, rejects and hides a row through PUT …/status, then refreshes the list and the counts', async () => {
    answers[`PUT /api/admin/reviews/${HELD.id}/status`] = (call) =>
      json({ data: { ...HELD, status: (call.body as { status: string }).status, held_reason: null } });
    const root = await mountList();
    const before = listCalls().length;
    const statsBefore = calls.filter((call) => route(call) === 'GET /api/admin/reviews/stats').length;
    expect(byLabel(root, 'Unhide the review by Sami')).toBeNull();
    await click(byLabel(root, 'Approve the review by Sami'));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ variant: 'success', title: 'Review approved' }));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: `/api/admin/reviews/${HELD.id}/status`,
      body: { status: 'approved' },
    });
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    expect(calls.filter((call) => route(call) === 'GET /api/admin/reviews/stats').length).toBeGreaterThan(statsBefore);

    await click(byLabel(root, 'Reject the review by Sami'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Review rejected'));
    expect(calls.findLast((call) => call.method === 'PUT')?.body).toEqual({ status: 'rejected' });
    // An approved review offers Reject and Hide, not Approve again.
    expect(byLabel(root, 'Approve “Great first board” by Rana Haddad')).toBeNull();
    answers[`PUT /api/admin/reviews/${GREAT.id}/status`] = () => json({ data: { ...GREAT, status: 'hidden' } });
    await click(byLabel(root, 'Hide “Great first board” by Rana Haddad'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Review hidden'));
  });

  it('unhides a hidden review as approved', async () => {
    rows = [{ ...GREAT, status: 'hidden' }];
    answers[`PUT /api/admin/reviews/${GREAT.id}/status`] = () => json({ data: GREAT });
    const root = await mountList();
    expect(root.querySelector('tbody')?.textContent).toContain('Hidden');
    await click(byLabel(root, 'Unhide “Great first board” by Rana Haddad'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Review shown again'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'approved' });
  });

  it('deletes a review only after the confirm step', async () => {
    answers[`DELETE /api/admin/reviews/${HELD.id}`] = () => new Response(null, { status: 204 });
    const root = await mountList();
    await click(byLabel(root, 'Delete the review by Sami'));
    const dialog = dialogTitled(root, 'Delete this review?');
    expect(dialog?.textContent).toContain('hide it instead');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await submit(dialog?.querySelector('form'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Review deleted'));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(`/api/admin/reviews/${HELD.id}`);
  });

  it('approves, rejects or hides the selected rows in one POST …/bulk', async () => {
    answers['POST /api/admin/reviews/bulk'] = (call) =>
      json({ data: { updated: (call.body as { ids: string[] }).ids.length } });
    const root = await mountList();
    await click(byLabel(root, 'Select every review on this page'));
    const bar = () => byLabel(root, 'Bulk actions') ?? root;
    expect(bar().textContent).toContain('2 reviews selected');
    await click(buttonByText(bar(), 'Reject'));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ variant: 'success', title: '2 reviews rejected' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ action: 'reject', ids: [HELD.id, GREAT.id] });
    await waitFor(() => expect(root.textContent).not.toContain('selected'));

    await click(byLabel(root, 'Select the review by Sami of Raspberry Pi Pico W'));
    await click(buttonByText(bar(), 'Approve'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('1 review approved'));
    expect(calls.findLast((call) => call.method === 'POST')?.body).toEqual({ action: 'approve', ids: [HELD.id] });

    await click(byLabel(root, 'Select the review by Sami of Raspberry Pi Pico W'));
    await click(buttonByText(bar(), 'Hide'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('1 review hidden'));
    expect(calls.findLast((call) => call.method === 'POST')?.body).toEqual({ action: 'hide', ids: [HELD.id] });
  });
});

describe('ReviewReplyDialog', () => {
  it('opens with the current reply, saves an edit, and removes the reply when left blank', async () => {
    let sent: unknown;
    answers[`PUT /api/admin/reviews/${GREAT.id}/reply`] = (call) => {
      sent = call.body;
      const reply = (call.body as { reply: string }).reply;
      return json({ data: { ...GREAT, shop_reply: reply ? { ...GREAT.shop_reply, text: reply } : null } });
    };
    const root = await mountList();
    await click(byLabel(root, 'Edit reply to “Great first board” by Rana Haddad'));
    let dialog = dialogTitled(root, 'Edit the shop’s reply');
    const field = () => fieldLabelled<HTMLTextAreaElement>(dialog ?? root, 'Reply');
    expect(field()?.value).toBe('Thank you, Rana!');
    await type(field(), '  Thanks, glad it works!  ');
    await submit(dialog?.querySelector('form'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Reply saved'));
    expect(sent).toEqual({ reply: 'Thanks, glad it works!' });
    await waitFor(() => expect(dialogTitled(root, 'Edit the shop’s reply')).toBeUndefined());

    await click(byLabel(root, 'Edit reply to “Great first board” by Rana Haddad'));
    dialog = dialogTitled(root, 'Edit the shop’s reply');
    await type(field(), '   ');
    expect(buttonByText(dialog ?? root, 'Remove reply')).toBeDefined();
    await submit(dialog?.querySelector('form'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Reply removed'));
    expect(sent).toEqual({ reply: '' });
  });

  it('asks for text before a first reply, and shows the server’s refusal on the field', async () => {
    answers[`PUT /api/admin/reviews/${HELD.id}/reply`] = () =>
      json(
        {
          message: 'Validation failed',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          errors: [{ path: 'reply', message: 'Reply must be text' }],
        },
        400,
      );
    const root = await mountList();
    await click(byLabel(root, 'Reply to the review by Sami'));
    const dialog = dialogTitled(root, 'Reply as the shop');
    expect(dialog?.textContent).toContain('Arrived with a bent pin.');
    await submit(dialog?.querySelector('form'));
    expect(dialog?.textContent).toContain('Write a reply, or cancel');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await type(fieldLabelled(dialog ?? root, 'Reply'), 'Sorry! We are sending a new one.');
    await submit(dialog?.querySelector('form'));
    await waitFor(() => expect(dialog?.textContent).toContain('Reply must be text'));
    expect(fieldLabelled(dialog ?? root, 'Reply')?.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('ReviewSettingsDialog', () => {
  async function openSettings() {
    const root = await mountList();
    await click(buttonByText(root, 'Review settings'));
    const dialog = dialogTitled(root, 'Review settings');
    if (!dialog) throw new Error('no settings dialog');
    await waitFor(() => expect(fieldLabelled(dialog, 'Banned words')).not.toBeNull());
    return { root, dialog };
  }

  it('shows the stored mode and words, checks them before sending, then saves', async () => {
    answers['PUT /api/admin/reviews/settings'] = (call) => json({ data: call.body });
    const { root, dialog } = await openSettings();
    const checked = dialog.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    expect(checked?.value).toBe('verified_auto');
    expect(dialog.textContent).toContain('Approve verified purchases at once, hold the others');
    const words = fieldLabelled<HTMLTextAreaElement>(dialog, 'Banned words');
    expect(words?.value).toBe('spam\nscam link');

    await type(words, `spam\n\n${'x'.repeat(51)}\nSPAM`);
    await submit(dialog.querySelector('form'));
    expect(dialog.textContent).toContain('Line 3: A banned word must be at most 50 characters');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await type(words, ' spam \n\nscam link\nSpam\n');
    await click(dialog.querySelector('input[value="all"]'));
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Review settings saved'));
    // Blank lines are skipped, repeats (any case) sent once.
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      moderation: 'all',
      banned_words: ['spam', 'scam link'],
    });
    await waitFor(() => expect(dialogTitled(root, 'Review settings')).toBeUndefined());
  });

  it('puts the server’s refusal of a word on the banned words field, naming its line', async () => {
    answers['PUT /api/admin/reviews/settings'] = () =>
      json(
        {
          message: 'Validation failed',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          errors: [{ path: 'banned_words.1', message: 'Text must not hold control characters' }],
        },
        400,
      );
    const { dialog } = await openSettings();
    await type(fieldLabelled(dialog, 'Banned words'), 'spam\n\nbad word');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(dialog.textContent).toContain('Line 3: Text must not hold control characters'));
    expect(fieldLabelled(dialog, 'Banned words')?.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('ReviewDetailPage', () => {
  it('shows the whole review, its pros, cons and reply, with the actions; deleting goes back to the list', async () => {
    answers[`DELETE /api/admin/reviews/${GREAT.id}`] = () => new Response(null, { status: 204 });
    const root = await mount(`/admin/reviews/${GREAT.id}`);
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Great first board'));
    const main = root.textContent ?? '';
    expect(main).toContain('Worked out of the box.\nThe pins are clearly labelled.');
    expect(main).toContain('ProsEasy to startCheap');
    expect(main).toContain('ConsUSB-B cable');
    expect(main).toContain('Thank you, Rana!');
    expect(main).toContain('Verified purchase');
    expect(root.querySelector(`a[href="/admin/reviews?product_id=${ARDUINO_ID}"]`)?.textContent).toBe(
      'All reviews of this product',
    );
    expect(buttonByText(root, 'Approve')).toBeUndefined();
    expect(buttonByText(root, 'Reject')).toBeDefined();
    expect(buttonByText(root, 'Edit reply')).toBeDefined();
    await click(buttonByText(root, 'Delete'));
    await submit(dialogTitled(root, 'Delete this review?')?.querySelector('form'));
    await waitFor(() => expect(where(root)).toBe('/admin/reviews'));
  });

  it('says so when the review does not exist', async () => {
    const root = await mount('/admin/reviews/40000000-0000-4000-8000-0000000000ff');
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Review not found'));
  });
});

describe('Product editor: the product’s reviews', () => {
  it('shows the rating and count, how many wait, and links to the product’s reviews', async () => {
    answers[`GET /api/admin/products/${PI_ID}`] = () =>
      json({ data: adminProduct({ rating: 4.46, review_count: 12 }) });
    answers['GET /api/admin/categories'] = () => json({ data: [] });
    answers['GET /api/admin/reviews'] = (call) =>
      call.url.includes(`product_id=${PI_ID}`) && call.url.includes('status=pending')
        ? json({ data: [HELD], pagination: pagination(2, 1, 1) })
        : json({ data: [], pagination: pagination(0) });
    const root = await mount(`/admin/products/${PI_ID}`);
    const link = () => root.querySelector<HTMLAnchorElement>(`a[href="/admin/reviews?product_id=${PI_ID}"]`);
    await waitFor(() => expect(link()?.textContent).toBe('4.5 · 12 reviews· 2 waiting'));
    await click(link());
    await waitFor(() => expect(where(root)).toBe(`/admin/reviews?product_id=${PI_ID}`));
    await waitFor(() => expect(lastListQuery().get('product_id')).toBe(PI_ID));
  });

  it('says "No reviews yet" for a product without any', async () => {
    answers[`GET /api/admin/products/${PI_ID}`] = () => json({ data: adminProduct() });
    answers['GET /api/admin/categories'] = () => json({ data: [] });
    answers['GET /api/admin/reviews'] = () => json({ data: [], pagination: pagination(0) });
    const root = await mount(`/admin/products/${PI_ID}`);
    await waitFor(() =>
      expect(root.querySelector(`a[href="/admin/reviews?product_id=${PI_ID}"]`)?.textContent).toBe('No reviews yet'),
    );
  });
});
