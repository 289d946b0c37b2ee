import { Link } from 'react-router';
import type { BlogPostSummary } from '#shared/contracts/blog.ts';
import { srcSetFor } from '#shared/images.ts';
import { shopDate } from '#web/lib/shop-dates.ts';
import { Icon } from '#web/ui/icons.tsx';
import { bookIcon } from './blog-icon.ts';

/** A post's date, "Nov 25, 2026", in the shop's time zone. */
export const postDate = shopDate;

export const readingTime = (minutes: number) => `${Math.max(1, minutes)} min read`;

export const postHref = (post: Pick<BlogPostSummary, 'slug'>) => `/blog/${encodeURIComponent(post.slug)}`;
export const categoryHref = (slug: string) => `/blog?${new URLSearchParams({ category: slug })}`;

interface PostImageProps {
  src: string | null;
  sizes: string;
  eager?: boolean;
  className?: string;
}

/** A post's featured picture, cropped to the box (`className` sets its shape), or a quiet placeholder. */
export function PostImage({ src, sizes, eager = false, className = '' }: PostImageProps) {
  if (!src) {
    return (
      <div className={`flex items-center justify-center bg-accent-soft text-accent ${className}`}>
        <Icon d={bookIcon} className="size-10 opacity-60" />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={srcSetFor(src)}
      sizes={sizes}
      alt=""
      width={800}
      height={450}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? 'sync' : 'async'}
      className={`bg-subtle object-cover ${className}`}
    />
  );
}

/** Reading time and date, "Nov 25, 2026 · 4 min read". */
export function PostMeta({ post, className = '' }: { post: BlogPostSummary; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 text-sm text-muted ${className}`}>
      {post.published_at && <time dateTime={post.published_at}>{postDate(post.published_at)}</time>}
      {post.published_at && <span aria-hidden="true">·</span>}
      <span>{readingTime(post.reading_time_minutes)}</span>
    </p>
  );
}

/** The category as a small label (a plain label inside a card, whose whole surface is one link). */
export function CategoryLabel({ name }: { name: string }) {
  return <p className="text-xs font-semibold tracking-wider text-accent uppercase">{name}</p>;
}

interface PostCardProps {
  post: BlogPostSummary;
  eager?: boolean;
  heading?: 'h2' | 'h3';
  /** `sizes` of the picture: how wide the card is drawn. */
  sizes?: string;
  /** Without the excerpt (related posts). */
  compact?: boolean;
}

/** A post in a grid: the whole card is the link (the title's link stretches over it). */
export function PostCard({
  post,
  eager = false,
  heading: Heading = 'h2',
  sizes = '(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 48vw, 100vw',
  compact = false,
}: PostCardProps) {
  return (
    <article className="card group relative flex h-full w-full flex-col transition hover:border-line-strong hover:shadow-lg hover:shadow-black/5">
      <div className="overflow-hidden border-b border-line">
        <PostImage
          src={post.featured_image}
          sizes={sizes}
          eager={eager}
          className="aspect-[16/9] w-full transition duration-300 group-hover:scale-[1.03]"
        />
      </div>
      <div className={`flex flex-1 flex-col gap-2 ${compact ? 'p-3 sm:p-4' : 'p-4 sm:p-5'}`}>
        {post.category && <CategoryLabel name={post.category.name} />}
        <Heading
          className={`font-semibold tracking-tight text-balance text-strong ${compact ? 'line-clamp-2 text-base leading-snug' : 'text-lg leading-snug'}`}
        >
          <Link
            to={postHref(post)}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl group-hover:text-accent focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-accent"
          >
            {post.title}
          </Link>
        </Heading>
        {!compact && post.excerpt && <p className="line-clamp-3 text-sm leading-relaxed text-muted">{post.excerpt}</p>}
        <PostMeta post={post} className="mt-auto pt-1 text-xs sm:text-sm" />
      </div>
    </article>
  );
}
