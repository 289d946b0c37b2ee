/**
 * The /blog list's state lives in its URL (`?category=<slug>&q=<words>&page=<n>`), so the server
 * draws exactly the page a link names and every chip, search and page works without JavaScript.
 */
export interface BlogListState {
  category: string;
  q: string;
  page: number;
}

export function readBlogParams(params: URLSearchParams): BlogListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    category: params.get('category')?.trim() ?? '',
    q: params.get('q')?.trim().slice(0, 100) ?? '',
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The /blog URL of `state` with `changes` applied (page 1 unless a page is given). */
export function blogHref(state: BlogListState, changes: Partial<BlogListState> = {}): string {
  const next = { ...state, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.category) params.set('category', next.category);
  if (next.q) params.set('q', next.q);
  if (next.page > 1) params.set('page', String(next.page));
  const search = params.toString();
  return search ? `/blog?${search}` : '/blog';
}
