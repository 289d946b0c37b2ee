import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectToaster, type ToastOptions } from '#web/lib/toast.ts';
import { clearShopperSession, setShopperSession } from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { ReviewsSection } from './reviews-section.tsx';
import { PRODUCT, page, review, reviewId, SHOPPER_ID, session, summary } from './test-fixtures.ts';

/**
 * The Reviews section's content (docs/product.md#reviews-on-the-storefront) through its real
 * queries, session store and API client: only the network is stubbed, answering by method and path.
 */

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  auth: string | null;
}
type Answer = (call: Call) => Response | Promise<Response>;

const BASE = `/api/reviews/products/${PRODUCT.id}/reviews`;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const notFound = () => json({ message: 'Review not found', statusCode: 404, code: 'NOT_FOUND', errors: [] }, 404);

let calls: Call[] = [];
let answers: Record<string, Answer> = {};
let toasts: ToastOptions[] = [];
let disconnectToaster: () => void = () => {};
let view: Rendered | undefined;
let location = '';

function Where() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

beforeEach(() => {
  calls = [];
  toasts = [];
  answers = {
    [`GET ${BASE}/summary`]: () => json({ data: summary() }),
    [`GET ${BASE}`]: () => json(page([review(1), review(2)], 1, 12)),
    [`GET ${BASE}/mine`]: notFound,
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://shop.test');
    const headers = new Headers(init.headers);
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      auth: headers.get('Authorization'),
    };
    calls.push(call);
    return answers[`${call.method} ${call.path}`]?.(call) ?? json({ message: 'Not found' }, 404);
  });
  disconnectToaster = connectToaster((options) => toasts.push(options));
});

afterEach(() => {
  view?.unmount();
  view = undefined;
  disconnectToaster();
  clearShopperSession();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/product/${PRODUCT.slug}`]}>
        <Routes>
          <Route
            path="/product/:id"
            element={
              <>
                <ReviewsSection product={PRODUCT} />
                <Where />
              </>
            }
          />
          <Route path="/login" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return view.container;
}

const text = (element: Element | null | undefined) => element?.textContent ?? '';
const buttonNamed = (root: ParentNode, name: string | RegExp) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((button) =>
    typeof name === 'string' ? button.textContent?.trim() === name : name.test(button.textContent ?? ''),
  );
const linkNamed = (root: ParentNode, name: string | RegExp) =>
  [...root.querySelectorAll<HTMLAnchorElement>('a')].find((link) =>
    typeof name === 'string' ? link.textContent?.trim() === name : name.test(link.textContent ?? ''),
  );
const listCalls = () => calls.filter((call) => call.method === 'GET' && call.path === BASE);
const articleOf = (root: ParentNode, author: string) =>
  root.querySelector<HTMLElement>(`article[aria-label="Review by ${author}"]`);

async function signIn() {
  await act(async () => setShopperSession(session()));
}

async function click(element: HTMLElement | null | undefined) {
  expect(element).toBeTruthy();
  await act(async () => element?.click());
}

async function typeInto(element: HTMLInputElement | HTMLTextAreaElement | null | undefined, value: string) {
  expect(element).toBeTruthy();
  await act(async () => {
    const prototype =
      element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element?.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function choose(select: HTMLSelectElement | null, value: string) {
  expect(select).toBeTruthy();
  await act(async () => {
    if (!select) return;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('the summary', () => {
  it('shows the average, its stars, the count, a bar per star with its share, who would recommend and the verified count', async () => {
    const section = await renderSection();
    await waitFor(() => expect(text(section)).toContain('Based on 12 reviews'));
    expect(text(section)).toContain('4.3 out of 5');
    expect(section.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Rated 4.3 out of 5');
    const bars = [...section.querySelectorAll<HTMLButtonElement>('ul[aria-label="Reviews by stars"] button')];
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '5 stars6 reviews, 50%',
      '4 stars4 reviews, 33%',
      '3 stars1 review, 8%',
      '2 stars0 reviews, 0%',
      '1 star1 review, 8%',
    ]);
    expect(bars[0]?.querySelector<HTMLElement>('[aria-hidden="true"] span')?.style.width).toBe('50%');
    // No review has 2 stars: nothing to filter to.
    expect(bars[3]?.disabled).toBe(true);
    expect(text(section)).toContain('83% would recommend');
    expect(text(section)).toContain('8 verified purchases');
  });

  it('without reviews says so and asks for the first one, and reads no list', async () => {
    answers[`GET ${BASE}/summary`] = () =>
      json({
        data: summary({
          total_reviews: 0,
          average_rating: 0,
          rating_distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
          verified_purchases: 0,
          recommendation_percentage: 0,
        }),
      });
    const section = await renderSection();
    await waitFor(() => expect(text(section)).toContain('No reviews yet. Be the first to review this product.'));
    expect(section.querySelector('ul[aria-label="Reviews by stars"]')).toBeNull();
    expect(listCalls()).toEqual([]);
  });
});

describe('the list', () => {
  it('asks for page 1 by newest, then follows the sort, the star filter (select or bar) and "Verified purchases only"', async () => {
    const section = await renderSection();
    await waitFor(() => expect(articleOf(section, 'Shopper 1')).not.toBeNull());
    expect(Object.fromEntries(listCalls()[0]?.query ?? [])).toEqual({ page: '1', sort_by: 'newest' });
    // A visitor's list is read without a bearer.
    expect(listCalls()[0]?.auth).toBeNull();

    const [sort, stars] = section.querySelectorAll('select');
    expect([...(sort?.options ?? [])].map((option) => option.text)).toEqual([
      'Newest',
      'Oldest',
      'Highest rating',
      'Lowest rating',
      'Most helpful',
    ]);
    await choose(sort ?? null, 'most_helpful');
    await waitFor(() => expect(listCalls().at(-1)?.query.get('sort_by')).toBe('most_helpful'));

    await choose(stars ?? null, '4');
    await waitFor(() => expect(listCalls().at(-1)?.query.get('rating_filter')).toBe('4'));

    const fiveBar = buttonNamed(section, /^5 stars/);
    await click(fiveBar);
    await waitFor(() => expect(listCalls().at(-1)?.query.get('rating_filter')).toBe('5'));
    expect(fiveBar?.getAttribute('aria-pressed')).toBe('true');
    expect((stars as HTMLSelectElement).value).toBe('5');

    await click(section.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    await waitFor(() =>
      expect(Object.fromEntries(listCalls().at(-1)?.query ?? [])).toEqual({
        page: '1',
        sort_by: 'most_helpful',
        rating_filter: '5',
        verified_only: 'true',
      }),
    );

    // Pressing the pressed bar clears the star filter.
    await click(fiveBar);
    await waitFor(() => expect(listCalls().at(-1)?.query.has('rating_filter')).toBe(false));
  });

  it('"Show more" reads the next page, keeps the first, and moves the focus to the first new review', async () => {
    answers[`GET ${BASE}`] = (call) => {
      const n = Number(call.query.get('page'));
      return json(
        page(
          Array.from({ length: n === 1 ? 10 : 2 }, (_, index) => review((n - 1) * 10 + index + 1)),
          n,
          12,
        ),
      );
    };
    const section = await renderSection();
    await waitFor(() => expect(section.querySelectorAll('article')).toHaveLength(10));
    expect(text(section)).toContain('12 reviews');
    await click(buttonNamed(section, 'Show more reviews'));
    await waitFor(() => expect(section.querySelectorAll('article')).toHaveLength(12));
    expect(listCalls().at(-1)?.query.get('page')).toBe('2');
    await waitFor(() =>
      expect(document.activeElement?.querySelector('article')?.getAttribute('aria-label')).toBe('Review by Shopper 11'),
    );
    expect(buttonNamed(section, 'Show more reviews')).toBeUndefined();
  });

  it('shows each review: stars, title, author, date, verified badge, text, pros and cons, and the shop reply', async () => {
    answers[`GET ${BASE}`] = () =>
      json(
        page([
          review(1, {
            rating: 4,
            title: 'Heats fast',
            comment: 'Good tip.\nSturdy stand.',
            verified_purchase: true,
            pros: ['Fast', 'Light'],
            cons: ['Short cable'],
            shop_reply: { text: 'Thanks for the review!', by: 'Cedar Shop', at: '2026-11-21T09:00:00.000Z' },
            helpful_count: 3,
            not_helpful_count: 1,
          }),
        ]),
      );
    const section = await renderSection();
    await waitFor(() => expect(articleOf(section, 'Shopper 1')).not.toBeNull());
    const article = articleOf(section, 'Shopper 1');
    expect(article?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Rated 4 out of 5');
    expect(text(article?.querySelector('h3'))).toBe('Heats fast');
    expect(text(article)).toContain('Nov 20, 2026');
    expect(article?.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T10:00:00.000Z');
    expect(text(article)).toContain('Verified purchase');
    expect(text(article)).toContain('Good tip.\nSturdy stand.');
    expect([...(article?.querySelectorAll('ul[aria-label="Pros"] li') ?? [])].map(text)).toEqual(['+Fast', '+Light']);
    expect([...(article?.querySelectorAll('ul[aria-label="Cons"] li') ?? [])].map(text)).toEqual(['−Short cable']);
    expect(text(article)).toContain('Reply from Cedar Shop');
    expect(text(article)).toContain('Thanks for the review!');
    expect(text(article)).toContain('Was this helpful?');
  });

  it('shows review text as text, never as markup', async () => {
    const attack = '<img src=x onerror="window.hacked=1"><script>window.hacked=1</script>';
    answers[`GET ${BASE}`] = () =>
      json(
        page([
          review(1, {
            user_name: '<b>Eve</b>',
            title: attack,
            comment: attack,
            pros: [attack],
            shop_reply: { text: attack, by: '<i>Shop</i>', at: '2026-11-21T09:00:00.000Z' },
          }),
        ]),
      );
    const section = await renderSection();
    await waitFor(() => expect(articleOf(section, '<b>Eve</b>')).not.toBeNull());
    const article = articleOf(section, '<b>Eve</b>');
    expect(article?.querySelector('img, script, b, i')).toBeNull();
    expect(text(article?.querySelector('h3'))).toBe(attack);
    expect(text(article)).toContain('Reply from <i>Shop</i>');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});

describe('helpful votes', () => {
  it('signed in: the vote shows at once, then the server answer wins', async () => {
    await signIn();
    let answer: (response: Response) => void = () => {};
    answers[`POST /api/reviews/reviews/${reviewId(1)}/helpful`] = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    answers[`GET ${BASE}`] = () => json(page([review(1, { helpful_count: 2, not_helpful_count: 1 })]));
    const section = await renderSection();
    await waitFor(() => expect(buttonNamed(section, 'Yes (2)')).toBeTruthy());
    // Signed in, the list is read with the bearer (the server adds the shopper's own votes).
    expect(listCalls()[0]?.auth).toBe('Bearer access-1');

    await click(buttonNamed(section, 'Yes (2)'));
    const yes = buttonNamed(section, 'Yes (3)');
    expect(yes?.getAttribute('aria-pressed')).toBe('true');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ is_helpful: true });

    // Someone else voted meanwhile: the server's counts are the ones shown.
    await act(async () =>
      answer(json({ data: review(1, { helpful_count: 5, not_helpful_count: 1, user_helpful_vote: true }) })),
    );
    await waitFor(() => expect(buttonNamed(section, 'Yes (5)')).toBeTruthy());

    // Changing the vote moves it to the other side at once.
    answers[`POST /api/reviews/reviews/${reviewId(1)}/helpful`] = () =>
      json({ data: review(1, { helpful_count: 4, not_helpful_count: 2, user_helpful_vote: false }) });
    await click(buttonNamed(section, 'No (1)'));
    expect(buttonNamed(section, 'Yes (4)')?.getAttribute('aria-pressed')).toBe('false');
    expect(buttonNamed(section, 'No (2)')?.getAttribute('aria-pressed')).toBe('true');
  });

  it('signed in: a refused vote puts the counts back and says why', async () => {
    await signIn();
    answers[`POST /api/reviews/reviews/${reviewId(1)}/helpful`] = () =>
      json(
        { message: 'Too many votes. Please try again later.', statusCode: 429, code: 'RATE_LIMITED', errors: [] },
        429,
      );
    answers[`GET ${BASE}`] = () => json(page([review(1, { helpful_count: 2, not_helpful_count: 1 })]));
    const section = await renderSection();
    await waitFor(() => expect(buttonNamed(section, 'No (1)')).toBeTruthy());
    await click(buttonNamed(section, 'No (1)'));
    await waitFor(() => expect(buttonNamed(section, 'No (1)')?.getAttribute('aria-pressed')).toBe('false'));
    expect(buttonNamed(section, 'Yes (2)')).toBeTruthy();
    expect(toasts).toEqual([{ title: 'Too many votes. Please try again later.', variant: 'error' }]);
  });

  it('signed out: Yes and No lead to signing in and back to the reviews', async () => {
    const section = await renderSection();
    await waitFor(() => expect(articleOf(section, 'Shopper 1')).not.toBeNull());
    const article = articleOf(section, 'Shopper 1');
    expect(article?.querySelector('button')).toBeNull();
    const links = [...(article?.querySelectorAll('a') ?? [])];
    expect(links.map(text)).toEqual(['Yes (0), sign in to vote', 'No (0), sign in to vote']);
    expect(links[0]?.getAttribute('href')).toBe('/login?next=%2Fproduct%2Fsoldering-iron%23reviews');
    await click(links[0]);
    expect(location).toBe('/login?next=%2Fproduct%2Fsoldering-iron%23reviews');
  });

  it("the shopper's own review has no vote buttons", async () => {
    await signIn();
    const mine = review(1, { user_id: SHOPPER_ID, user_name: 'Me', helpful_count: 2 });
    answers[`GET ${BASE}/mine`] = () => json({ data: mine });
    answers[`GET ${BASE}`] = () => json(page([mine, review(2)]));
    const section = await renderSection();
    await waitFor(() => expect(articleOf(section, 'Me')).not.toBeNull());
    expect(articleOf(section, 'Me')?.querySelector('button')).toBeNull();
    expect(text(articleOf(section, 'Me'))).toContain('Your review');
    expect(text(articleOf(section, 'Me'))).toContain('Yes (2) · No (0)');
    expect(articleOf(section, 'Shopper 2')?.querySelectorAll('button')).toHaveLength(2);
  });
});

describe('writing a review', () => {
  it('signed out: a link to sign in that comes back to the reviews', async () => {
    const section = await renderSection();
    await waitFor(() => expect(linkNamed(section, 'Sign in to write a review')).toBeTruthy());
    expect(linkNamed(section, 'Sign in to write a review')?.getAttribute('href')).toBe(
      '/login?next=%2Fproduct%2Fsoldering-iron%23reviews',
    );
    expect(buttonNamed(section, 'Write a review')).toBeUndefined();
    // A visitor never asks for "mine".
    expect(calls.some((call) => call.path.endsWith('/mine'))).toBe(false);
  });

  it("checks the rating before sending, then shows the server's field errors under their fields", async () => {
    await signIn();
    answers[`POST ${BASE}`] = () =>
      json(
        {
          message: 'Validation failed',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          errors: [
            { path: 'title', message: 'Title must not contain control characters' },
            { path: 'pros.0', message: 'Each of the pros must be at most 100 characters' },
          ],
        },
        400,
      );
    const section = await renderSection();
    await waitFor(() => expect(buttonNamed(section, 'Write a review')).toBeTruthy());
    await click(buttonNamed(section, 'Write a review'));
    const form = section.querySelector('form');
    expect(document.activeElement?.textContent).toBe('Write a review');

    await click(buttonNamed(form as HTMLFormElement, 'Submit review'));
    expect(text(form)).toContain('Choose a rating from 1 to 5 stars');
    // The first field in error takes the focus: the first star.
    await waitFor(() => expect(document.activeElement?.getAttribute('value')).toBe('1'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const radios = [...(form?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? [])];
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(text(form?.querySelector('legend'))).toBe('Your rating');
    await click(radios[3]);
    expect(text(form)).not.toContain('Choose a rating');

    const [title] = form?.querySelectorAll<HTMLInputElement>('input:not([type])') ?? [];
    await typeInto(title, '  Nice iron  ');
    const comment = form?.querySelector('textarea');
    await typeInto(comment, 'Works well.');
    expect(text(form)).toContain('11 of 1000 characters');
    await click(buttonNamed(form as HTMLFormElement, '+ Add a pro'));
    await typeInto(form?.querySelector<HTMLInputElement>('input[aria-label="Pros 1"]'), 'Fast');
    await click(buttonNamed(form as HTMLFormElement, '+ Add a con'));
    // A con left empty is not sent.
    await click(buttonNamed(form as HTMLFormElement, 'Submit review'));

    await waitFor(() => expect(text(form)).toContain('Title must not contain control characters'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      rating: 4,
      title: 'Nice iron',
      comment: 'Works well.',
      pros: ['Fast'],
      cons: [],
    });
    expect(text(form)).toContain('Each of the pros must be at most 100 characters');
    expect(form?.querySelector('input[aria-label="Pros 1"]')?.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the 409 message when a review exists already, and reads the shopper's own review", async () => {
    await signIn();
    answers[`POST ${BASE}`] = () =>
      json({ message: 'You have already reviewed this product', statusCode: 409, code: 'CONFLICT', errors: [] }, 409);
    const section = await renderSection();
    await waitFor(() => expect(buttonNamed(section, 'Write a review')).toBeTruthy());
    await click(buttonNamed(section, 'Write a review'));
    const form = section.querySelector('form') as HTMLFormElement;
    await click(form.querySelector<HTMLInputElement>('input[type="radio"][value="5"]'));
    const mineReads = calls.filter((call) => call.path.endsWith('/mine')).length;
    await click(buttonNamed(form, 'Submit review'));
    await waitFor(() =>
      expect(form.querySelector('[role="alert"]')?.textContent).toBe('You have already reviewed this product'),
    );
    await waitFor(() => expect(calls.filter((call) => call.path.endsWith('/mine')).length).toBe(mineReads + 1));
  });

  it('after sending, a pending review shows at the top as "Awaiting approval" and the summary and list are read again', async () => {
    await signIn();
    const pending = review(9, { user_id: SHOPPER_ID, user_name: 'Me', status: 'pending', rating: 3, title: 'Mine' });
    answers[`POST ${BASE}`] = () => json({ data: pending }, 201);
    const section = await renderSection();
    await waitFor(() => expect(buttonNamed(section, 'Write a review')).toBeTruthy());
    await click(buttonNamed(section, 'Write a review'));
    const form = section.querySelector('form') as HTMLFormElement;
    await click(form.querySelector<HTMLInputElement>('input[type="radio"][value="3"]'));
    const summaryReads = calls.filter((call) => call.path.endsWith('/summary')).length;
    const listReads = listCalls().length;
    await click(buttonNamed(form, 'Submit review'));

    await waitFor(() => expect(section.querySelector('form')).toBeNull());
    const own = section.querySelector('section[aria-labelledby]');
    expect(text(own)).toContain('Your review');
    expect(text(own)).toContain('Awaiting approval');
    expect(text(own)).toContain('Mine');
    expect(buttonNamed(section, 'Write a review')).toBeUndefined();
    await waitFor(() => expect(calls.filter((call) => call.path.endsWith('/summary')).length).toBe(summaryReads + 1));
    expect(listCalls().length).toBeGreaterThan(listReads);
    expect(toasts).toEqual([]);
  });

  it('an approved review is announced as published', async () => {
    await signIn();
    answers[`POST ${BASE}`] = () => json({ data: review(9, { user_id: SHOPPER_ID, status: 'approved' }) }, 201);
    const section = await renderSection();
    await waitFor(() => expect(buttonNamed(section, 'Write a review')).toBeTruthy());
    await click(buttonNamed(section, 'Write a review'));
    const form = section.querySelector('form') as HTMLFormElement;
    await click(form.querySelector<HTMLInputElement>('input[type="radio"][value="5"]'));
    await click(buttonNamed(form, 'Submit review'));
    await waitFor(() => expect(toasts).toEqual([{ title: 'Thanks! Your review is published.', variant: 'success' }]));
    expect(text(section.querySelector('section[aria-labelledby]'))).toContain('Published');
  });

  it("the shopper's own review shows at the top with Edit (the same form, filled in) and Delete (confirmed)", async () => {
    await signIn();
    const mine = review(9, {
      user_id: SHOPPER_ID,
      user_name: 'Me',
      status: 'rejected',
      rating: 2,
      title: 'Meh',
      comment: 'Tip wore out.',
      cons: ['Tip'],
    });
    answers[`GET ${BASE}/mine`] = () => json({ data: mine });
    answers[`PUT /api/reviews/reviews/${mine.id}`] = (call) =>
      json({ data: { ...mine, ...call.body, status: 'pending' } });
    answers[`DELETE /api/reviews/reviews/${mine.id}`] = () => new Response(null, { status: 204 });
    const section = await renderSection();
    await waitFor(() => expect(text(section)).toContain('Not published'));
    expect(calls.find((call) => call.path.endsWith('/mine'))?.auth).toBe('Bearer access-1');
    expect(buttonNamed(section, 'Write a review')).toBeUndefined();

    await click(buttonNamed(section, 'Edit'));
    const form = section.querySelector('form') as HTMLFormElement;
    expect(text(form.querySelector('h3'))).toBe('Edit your review');
    expect(form.querySelector<HTMLInputElement>('input[type="radio"][value="2"]')?.checked).toBe(true);
    expect(form.querySelector('textarea')?.value).toBe('Tip wore out.');
    expect(form.querySelector<HTMLInputElement>('input[aria-label="Cons 1"]')?.value).toBe('Tip');
    await click(form.querySelector<HTMLInputElement>('input[type="radio"][value="3"]'));
    await click(buttonNamed(form, 'Save changes'));
    await waitFor(() => expect(text(section)).toContain('Awaiting approval'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      rating: 3,
      title: 'Meh',
      comment: 'Tip wore out.',
      pros: [],
      cons: ['Tip'],
    });

    await click(buttonNamed(section, 'Delete'));
    expect(text(section)).toContain('Delete your review? This cannot be undone.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await click(buttonNamed(section, 'Delete review'));
    await waitFor(() => expect(buttonNamed(section, 'Write a review')).toBeTruthy());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(text(section)).not.toContain('Your review');
    expect(toasts.at(-1)).toEqual({ title: 'Your review was deleted.', variant: 'success' });
  });
});
