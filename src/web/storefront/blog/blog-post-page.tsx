import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router';
import type { BlogPost, BlogPostSummary } from '#shared/contracts/blog.ts';
import type { Product } from '#shared/contracts/products.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { toast } from '#web/lib/toast.ts';
import { PostBody } from '#web/storefront/content-kit/post-body.tsx';
import {
  mentionedProductRefs,
  type PostHeading,
  postHeadings,
  TOC_MIN_HEADINGS,
} from '#web/storefront/content-kit/post-content.ts';
import { Breadcrumbs } from '#web/storefront/ui/breadcrumbs.tsx';
import { OfflineUnavailable } from '#web/storefront/ui/offline-unavailable-lazy.tsx';
import { PageSkeleton } from '#web/storefront/ui/page-skeleton.tsx';
import { useUnavailableOffline } from '#web/storefront/ui/use-online.ts';
import { Container } from '#web/ui/container.tsx';
import { Icon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { NotFoundPage } from '#web/ui/not-found-page.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { categoryHref, PostCard, PostImage, postDate, postHref, readingTime } from './blog-card.tsx';
import { blogPostQuery, countPostView, mentionedProductsQuery, relatedPostsQuery } from './blog-queries.ts';
import { ProductsMentioned } from './products-mentioned-lazy.tsx';
import { shareLinks } from './share-links.ts';

/** /blog/{slug} (docs/product.md#blog-pages). Drawn by the server; a view is counted from the browser only. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const query = useQuery(blogPostQuery(slug));
  const { data: post, isPending, isError, error, refetch } = query;
  const unavailableOffline = useUnavailableOffline(query);
  if (unavailableOffline) return <OfflineUnavailable />;
  if (isError) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <NotFoundPage title="Article not found">
          This article may have been moved or is not published yet. The blog lists every article we have.
        </NotFoundPage>
      );
    }
    return (
      <Container className="py-10">
        <h1 className="sr-only">Article</h1>
        <InlineError title="This article could not be loaded" onRetry={() => void refetch()} />
      </Container>
    );
  }
  if (isPending) return <PageSkeleton variant="text" />;
  return <PostArticle key={post.id} post={post} slug={slug} />;
}

/** Counts one view per page load (never in the server render: effects run in the browser only). */
function useCountView(slug: string) {
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === slug) return;
    counted.current = slug;
    countPostView(slug).catch(() => {
      // A view that could not be counted is not the reader's problem.
    });
  }, [slug]);
}

const noSubscription = () => () => undefined;

/**
 * The post's address for sharing: its canonical URL, else PUBLIC_URL + its path. Without
 * PUBLIC_URL the server cannot know the host, so the browser completes the link once hydrated.
 */
function useShareUrl(post: BlogPost): string {
  const { publicUrl = '' } = getSiteConfig();
  const base = useSyncExternalStore(
    noSubscription,
    () => publicUrl || window.location.origin,
    () => publicUrl,
  );
  return post.canonical_url ?? `${base}${postHref(post)}`;
}

function PostArticle({ post, slug }: { post: BlogPost; slug: string }) {
  usePageTitle(post.meta_title || post.title);
  useCountView(slug);
  const headings = useMemo(() => postHeadings(post.content), [post.content]);
  const refs = useMemo(() => mentionedProductRefs(post.content), [post.content]);
  const mentioned = useQuery(mentionedProductsQuery(refs));
  const related = useQuery(relatedPostsQuery(slug));
  const products = useMemo(() => {
    const byRef = new Map<string, Product>();
    for (const { ref, product } of mentioned.data ?? []) {
      byRef.set(ref, product);
      byRef.set(product.slug, product);
      byRef.set(product.id, product);
    }
    return byRef;
  }, [mentioned.data]);
  const uniqueProducts = [...new Map((mentioned.data ?? []).map(({ product }) => [product.id, product])).values()];
  const shareUrl = useShareUrl(post);
  const showToc = headings.length >= TOC_MIN_HEADINGS;

  return (
    <article className="pb-16">
      <Container className="pt-6 sm:pt-10">
        <Breadcrumbs
          items={[
            { to: '/', label: 'Home' },
            { to: '/blog', label: 'Blog' },
            ...(post.category ? [{ to: categoryHref(post.category.slug), label: post.category.name }] : []),
            { label: post.title },
          ]}
        />
        <header className="mx-auto mt-8 max-w-3xl text-center sm:mt-12">
          {post.category && (
            <Link
              to={categoryHref(post.category.slug)}
              className="inline-flex rounded-full bg-accent-tint px-3 py-1 text-xs font-semibold tracking-wider text-on-accent-tint uppercase hover:bg-accent-soft"
            >
              {post.category.name}
            </Link>
          )}
          <h1 className="mt-4 text-3xl leading-tight font-bold tracking-tight text-balance text-strong sm:text-5xl">
            {post.title}
          </h1>
          {/* A written excerpt is a standfirst; one made from the text (ending "…") would repeat its start. */}
          {post.excerpt && !post.excerpt.endsWith('…') && (
            <p className="mt-4 text-lg text-pretty text-muted sm:text-xl">{post.excerpt}</p>
          )}
          <div className="mt-6 flex flex-wrap items-center justify-center gap-x-3 gap-y-2 text-sm text-muted">
            <Author name={post.author.name} avatar={post.author.avatar} />
            {post.published_at && (
              <>
                <span aria-hidden="true">·</span>
                <time dateTime={post.published_at}>{postDate(post.published_at)}</time>
              </>
            )}
            <span aria-hidden="true">·</span>
            <span>{readingTime(post.reading_time_minutes)}</span>
          </div>
        </header>
        {post.featured_image && (
          <div className="mx-auto mt-8 max-w-5xl overflow-hidden rounded-2xl sm:mt-10 sm:rounded-3xl">
            <PostImage
              src={post.featured_image}
              sizes="(min-width: 1024px) 1024px, 100vw"
              eager
              className="aspect-[16/9] w-full"
            />
          </div>
        )}

        <div
          className={`mx-auto mt-10 grid max-w-5xl gap-8 sm:mt-14 ${showToc ? 'lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-12' : 'lg:max-w-3xl'}`}
        >
          {showToc && <TableOfContents headings={headings} />}
          <div className="min-w-0 lg:row-start-1">
            <PostBody html={post.content} products={products} />
            {post.tags.length > 0 && (
              <ul className="mt-10 flex flex-wrap gap-2" aria-label="Tags">
                {post.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-subtle px-3 py-1 text-xs font-medium text-muted">
                    #{tag}
                  </li>
                ))}
              </ul>
            )}
            <ShareButtons title={post.title} url={shareUrl} />
          </div>
        </div>
      </Container>

      {uniqueProducts.length > 0 && <ProductsMentioned products={uniqueProducts} />}
      {related.data && related.data.length > 0 && <RelatedPosts posts={related.data} />}
    </article>
  );
}

function Author({ name, avatar }: { name: string; avatar: string | null }) {
  return (
    <span className="flex items-center gap-2 font-medium text-fg">
      {avatar ? (
        <img src={avatar} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-accent-solid text-sm font-semibold text-on-accent"
        >
          {name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
      <span>
        <span className="sr-only">By </span>
        {name}
      </span>
    </span>
  );
}

/** In the text column's side on wide screens (sticky), above the text on phones. */
function TableOfContents({ headings }: { headings: readonly PostHeading[] }) {
  return (
    <nav aria-labelledby="toc-title" className="lg:col-start-2 lg:row-start-1">
      <div className="rounded-2xl border border-line bg-surface p-5 lg:sticky lg:top-24">
        <h2 id="toc-title" className="text-sm font-semibold tracking-wider text-strong uppercase">
          In this article
        </h2>
        <ol className="mt-3 space-y-2 text-sm">
          {headings.map((heading) => (
            <li key={heading.id} className={heading.level === 3 ? 'pl-4' : ''}>
              <a href={`#${heading.id}`} className="text-muted hover:text-accent hover:underline">
                {heading.text}
              </a>
            </li>
          ))}
        </ol>
      </div>
    </nav>
  );
}

const shareIcons: Record<string, string> = {
  whatsapp:
    'M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3Zm-2.6 5c.2 0 .4 0 .6.4l.8 1.8c0 .2 0 .4-.1.5l-.5.6c-.1.2-.2.3 0 .5.5.9 1.2 1.6 2 2.1l.7.4c.2.1.3 0 .5-.1l.6-.8c.2-.2.3-.2.5-.1l1.7.8c.2.1.4.2.4.3 0 .6-.2 1.3-.8 1.6-.6.4-1.5.5-2.5.1a9 9 0 0 1-4.5-4c-.7-1.1-.8-2.2-.2-3 .2-.4.5-.9.8-1Z',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v7h4v-7h3l1-4h-4V8.5c0-.3.2-.5.5-.5Z',
  x: 'M4 4l6.8 9.1L4.3 20h1.5l5.7-6.1 4.6 6.1H21l-7.1-9.6L20 4h-1.5l-5.3 5.7L9 4H4Z',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  check: 'm5 12 5 5 9-10',
};

const shareClass =
  'inline-flex h-10 items-center gap-2 rounded-full border border-line-strong bg-surface px-4 text-sm font-medium text-fg transition hover:bg-subtle';

/** WhatsApp first, Facebook, X (links that work without JavaScript), then Copy link. */
function ShareButtons({ title, url }: { title: string; url: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({
        id: 'share-copied',
        title: 'Link copied',
        description: 'Paste it anywhere to share this article.',
        variant: 'success',
      });
    } catch {
      toast({ id: 'share-copied', title: 'Could not copy the link', description: url, variant: 'error' });
    }
  }

  return (
    <section aria-labelledby="share-title" className="mt-10 border-t border-line pt-6">
      <h2 id="share-title" className="text-sm font-semibold text-strong">
        Share this article
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {shareLinks(title, url).map((link) => (
          <li key={link.network}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={shareClass}
              data-share={link.network}
              aria-label={`Share on ${link.label} (opens in a new tab)`}
            >
              <Icon d={shareIcons[link.network] ?? ''} className="size-4.5" />
              {link.label}
            </a>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => void copy()} className={shareClass} data-share="copy">
            <Icon d={copied ? (shareIcons.check ?? '') : (shareIcons.link ?? '')} className="size-4.5" />
            <span aria-live="polite">{copied ? 'Copied' : 'Copy link'}</span>
          </button>
        </li>
      </ul>
    </section>
  );
}

function RelatedPosts({ posts }: { posts: readonly BlogPostSummary[] }) {
  return (
    <section aria-labelledby="related-title" className="pt-12">
      <Container>
        <div className="mx-auto max-w-5xl">
          <div className="flex items-end justify-between gap-4">
            <h2 id="related-title" className="text-2xl font-bold tracking-tight text-strong">
              Keep reading
            </h2>
            <Link to="/blog" className="text-link text-sm">
              All articles
            </Link>
          </div>
          {/* A row to swipe on phones, a grid from sm. */}
          <ul className="-mx-4 mt-6 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-4 sm:overflow-visible sm:px-0 lg:grid-cols-5">
            {posts.map((related) => (
              <li key={related.id} className="flex w-56 shrink-0 snap-start sm:w-auto">
                <PostCard post={related} heading="h3" compact sizes="(min-width: 1024px) 200px, 48vw" />
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}
