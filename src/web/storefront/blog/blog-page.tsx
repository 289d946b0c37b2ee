import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { BlogCategory, BlogPostSummary } from '#shared/contracts/blog.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { Breadcrumbs } from '#web/storefront/ui/breadcrumbs.tsx';
import { EmptyState } from '#web/storefront/ui/empty-state.tsx';
import { Pagination } from '#web/storefront/ui/pagination.tsx';
import { Container } from '#web/ui/container.tsx';
import { Icon, searchIcon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { CategoryLabel, PostCard, PostImage, PostMeta, postHref } from './blog-card.tsx';
import { type BlogListState, blogHref, readBlogParams } from './blog-list-params.ts';
import { blogCategoriesQuery, blogPostsQuery } from './blog-queries.ts';

/**
 * /blog (docs/product.md#blog-pages): the featured post large on the first page of the whole list,
 * then a grid of cards, category chips, a search box and pages. Drawn by the server from its URL.
 */
export function BlogPage() {
  const [searchParams] = useSearchParams();
  const state = readBlogParams(searchParams);
  const categories = useQuery(blogCategoriesQuery);
  const category = state.category ? categories.data?.find((item) => item.slug === state.category) : undefined;
  // A category slug waits for the categories (its id is what the list filters on).
  const categoryKnown = !state.category || categories.isSuccess;
  const unknownCategory = Boolean(state.category) && categories.isSuccess && !category;
  const posts = useQuery({
    ...blogPostsQuery({ page: state.page, search: state.q || undefined, category_id: category?.id }),
    enabled: categoryKnown && !unknownCategory,
  });
  usePageTitle(category ? `${category.name} · Blog` : state.q ? `“${state.q}” · Blog` : 'Blog');

  const filtered = Boolean(state.q || state.category);
  const list = posts.data?.data ?? [];
  const showFeatured = !filtered && state.page === 1 && list.length > 0;
  // The newest featured post on the page, else the newest post; the grid shows the others.
  const featured = showFeatured ? (list.find((post) => post.is_featured) ?? list[0]) : undefined;
  const grid = featured ? list.filter((post) => post !== featured) : list;

  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs
        items={[
          { to: '/', label: 'Home' },
          category ? { to: '/blog', label: 'Blog' } : { label: 'Blog' },
          ...(category ? [{ label: category.name }] : []),
        ]}
      />
      <header className="mt-6 flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-strong sm:text-4xl">
            {category ? category.name : `The ${getSiteConfig().shopName} blog`}
          </h1>
          <p className="mt-2 text-muted sm:text-lg">
            {category?.description || 'Buying guides, weekend projects and shop news from our workbench in Lebanon.'}
          </p>
        </div>
        <BlogSearch state={state} />
      </header>

      <CategoryChips categories={categories.data ?? []} state={state} />

      <div className="mt-8">
        {posts.isError || categories.isError ? (
          <InlineError
            title="The articles could not be loaded"
            onRetry={() => {
              void categories.refetch();
              void posts.refetch();
            }}
          />
        ) : unknownCategory ? (
          <NoArticles>There is no blog category “{state.category}”.</NoArticles>
        ) : posts.isPending ? (
          <BlogGridSkeleton />
        ) : list.length === 0 ? (
          <NoArticles>
            {state.q
              ? `No articles match “${state.q}”${category ? ` in ${category.name}` : ''}.`
              : state.page > 1
                ? 'There are no articles on this page.'
                : 'No articles in this category yet.'}
          </NoArticles>
        ) : (
          <>
            {state.q && (
              <p className="mb-5 text-sm text-muted" aria-live="polite">
                {posts.data.pagination.total} {posts.data.pagination.total === 1 ? 'article' : 'articles'} for “
                {state.q}”
              </p>
            )}
            {featured && <FeaturedPost post={featured} />}
            {grid.length > 0 && (
              <ul className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8 ${featured ? 'mt-10' : ''}`}>
                {grid.map((post, index) => (
                  <li key={post.id} className="flex">
                    <PostCard post={post} eager={!featured && index < 3} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              page={state.page}
              totalPages={posts.data.pagination.totalPages}
              href={(page) => blogHref(state, { page })}
              className="mt-12"
            />
          </>
        )}
      </div>
    </Container>
  );
}

/** A GET form: without JavaScript the browser submits it to /blog?q=… itself. */
function BlogSearch({ state }: { state: BlogListState }) {
  const navigate = useNavigate();
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(blogHref(state, { q }));
  }
  return (
    <search className="w-full md:w-80">
      <form action="/blog" method="get" onSubmit={submit}>
        <label htmlFor={id} className="sr-only">
          Search articles
        </label>
        {state.category && <input type="hidden" name="category" value={state.category} />}
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-muted">
            <Icon d={searchIcon} className="size-4.5" />
          </span>
          <input
            // Keyed by the URL's words, so going back shows them again.
            key={state.q}
            id={id}
            name="q"
            type="search"
            defaultValue={state.q}
            maxLength={100}
            placeholder="Search articles"
            className="h-11 w-full rounded-full border border-line-strong bg-surface pr-24 pl-10 text-sm text-fg placeholder:text-muted"
          />
          <button type="submit" className="btn-primary absolute inset-y-1 right-1 px-4 py-0">
            Search
          </button>
        </div>
      </form>
    </search>
  );
}

/** The categories that have posts, as links (each a URL the server draws); "All" clears the filter. */
function CategoryChips({ categories, state }: { categories: readonly BlogCategory[]; state: BlogListState }) {
  const shown = categories.filter((category) => category.post_count > 0);
  if (shown.length === 0) return null;
  const chip =
    'inline-flex h-9 shrink-0 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition';
  const idle = `${chip} border-line-strong text-fg hover:bg-subtle`;
  const active = `${chip} border-accent-solid bg-accent-solid text-on-accent`;
  return (
    <nav aria-label="Blog categories" className="-mx-4 mt-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 pb-1">
        <li>
          <Link
            to={blogHref(state, { category: '' })}
            className={state.category ? idle : active}
            aria-current={state.category ? undefined : 'page'}
          >
            All articles
          </Link>
        </li>
        {shown.map((category) => {
          const current = category.slug === state.category;
          return (
            <li key={category.id}>
              <Link
                to={blogHref(state, { category: category.slug })}
                className={current ? active : idle}
                aria-current={current ? 'page' : undefined}
              >
                {category.name}
                <span className={`ml-1.5 text-xs ${current ? 'opacity-90' : 'text-muted'}`}>{category.post_count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The featured post, large: picture and words side by side from md. */
function FeaturedPost({ post }: { post: BlogPostSummary }) {
  return (
    <article className="card group relative grid overflow-hidden md:grid-cols-[1.35fr_1fr]">
      <div className="overflow-hidden md:h-[26rem]">
        <PostImage
          src={post.featured_image}
          sizes="(min-width: 1280px) 720px, (min-width: 768px) 57vw, 100vw"
          eager
          className="aspect-[16/9] w-full transition duration-500 group-hover:scale-[1.02] md:aspect-auto md:h-full"
        />
      </div>
      <div className="flex flex-col justify-center gap-3 p-5 sm:p-8">
        <div className="flex items-center gap-2">
          <span className="rounded-full bg-accent-tint px-2.5 py-0.5 text-xs font-semibold text-on-accent-tint">
            Featured
          </span>
          {post.category && <CategoryLabel name={post.category.name} />}
        </div>
        <h2 className="text-2xl font-bold tracking-tight text-balance text-strong sm:text-3xl">
          <Link
            to={postHref(post)}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl group-hover:text-accent focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-accent"
          >
            {post.title}
          </Link>
        </h2>
        {post.excerpt && <p className="line-clamp-4 leading-relaxed text-muted">{post.excerpt}</p>}
        <PostMeta post={post} />
        <span className="mt-1 text-sm font-semibold text-accent" aria-hidden="true">
          Read the article →
        </span>
      </div>
    </article>
  );
}

function NoArticles({ children }: { children: ReactNode }) {
  return (
    <EmptyState title="No articles found">
      <p>{children}</p>
      <Link to="/blog" className="btn-secondary mt-5">
        Show all articles
      </Link>
    </EmptyState>
  );
}

function BlogGridSkeleton() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8" aria-busy="true" aria-label="Loading articles">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders in a fixed order
        <li key={index} className="card">
          <div className="bone aspect-[16/9] rounded-none" />
          <div className="space-y-3 p-5">
            <div className="bone h-3 w-20" />
            <div className="bone h-5 w-4/5" />
            <div className="bone h-4 w-full" />
            <div className="bone h-4 w-2/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}
