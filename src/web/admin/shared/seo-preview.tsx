import { Icon, imageIcon } from '#web/ui/icons.tsx';
import { UploadedImage } from '../ui/uploaded-image.tsx';

/** Roughly what Google shows before cutting: ~60 characters of title, ~160 of description. */
export const SEARCH_TITLE_CHARS = 60;
export const SEARCH_DESCRIPTION_CHARS = 160;

/** `text` cut to `max` characters at a word, with "…" (as search results and link cards do). */
export function truncateAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** The text of some HTML (the editor's content), for a description when none was written. */
export function htmlToText(html: string): string {
  if (!html) return '';
  // An inert document: no script runs and no image loads while reading the text.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const block of doc.body.querySelectorAll('p, h2, h3, h4, li, blockquote, td, th, figcaption, br')) {
    block.append(' ');
  }
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The shop's address as shoppers see it in links: the origin the admin is on. */
export function shopOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

export interface SeoPreviewProps {
  /** The title search engines and link cards show (meta title, else the title). */
  title: string;
  /** The page's path on the shop (`/blog/soldering-kit`). */
  path: string;
  /** The meta description, else the excerpt or the start of the text. */
  description: string;
  /** The picture of a shared link (the post's featured image); pages have none. */
  image?: string | null;
}

/**
 * How the page will look as a Google result and as a link shared on WhatsApp or Facebook, from
 * what is typed now. Drawn for the eye only: the fields above are what screen readers use.
 */
export function SeoPreview({ title, path, description, image, social = true }: SeoPreviewProps & { social?: boolean }) {
  return (
    <div className="space-y-4">
      <SearchResultPreview title={title} path={path} description={description} />
      {social && <SocialCardPreview title={title} path={path} description={description} image={image} />}
    </div>
  );
}

export function SearchResultPreview({ title, path, description }: Omit<SeoPreviewProps, 'image'>) {
  const origin = shopOrigin();
  const host = origin.replace(/^https?:\/\//, '');
  const crumbs = [host, ...path.split('/').filter(Boolean)].join(' › ');
  return (
    <figure data-testid="search-preview" className="rounded-xl border border-line bg-surface p-4">
      <figcaption className="mb-2 text-xs font-medium tracking-wide text-muted uppercase">Search result</figcaption>
      <p className="truncate text-xs text-muted">{crumbs}</p>
      <p className="mt-0.5 text-lg leading-snug text-sky-800 [overflow-wrap:anywhere] dark:text-sky-300">
        {truncateAtWord(title || 'Title of the page', SEARCH_TITLE_CHARS)}
      </p>
      <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">
        {description
          ? truncateAtWord(description, SEARCH_DESCRIPTION_CHARS)
          : 'Add a description: search engines show it under the title.'}
      </p>
    </figure>
  );
}

export function SocialCardPreview({ title, path, description, image }: SeoPreviewProps) {
  const host = shopOrigin().replace(/^https?:\/\//, '');
  return (
    <figure data-testid="social-preview" className="overflow-hidden rounded-xl border border-line bg-surface">
      <figcaption className="px-4 pt-3 text-xs font-medium tracking-wide text-muted uppercase">Shared link</figcaption>
      <div className="mt-2 border-t border-line">
        {image ? (
          <UploadedImage src={image} sizes="24rem" className="aspect-[1.91/1] w-full bg-white object-cover" />
        ) : (
          <div className="flex aspect-[1.91/1] w-full items-center justify-center bg-subtle text-muted">
            <Icon d={imageIcon} className="size-8" />
          </div>
        )}
        <div className="bg-subtle/60 px-4 py-3">
          <p className="text-xs text-muted uppercase">{host}</p>
          <p className="mt-0.5 line-clamp-2 font-semibold text-strong [overflow-wrap:anywhere]">
            {title || 'Title of the page'}
          </p>
          {description && (
            <p className="mt-0.5 line-clamp-2 text-sm text-muted [overflow-wrap:anywhere]">{description}</p>
          )}
          <p className="sr-only">{path}</p>
        </div>
      </div>
    </figure>
  );
}

/**
 * "52 / 120 characters" for a field's hint, turning amber past what search engines show and red
 * past the limit.
 */
export function CharacterCount({ count, shown, max }: { count: number; shown: number; max: number }) {
  const tone = count > max ? 'text-danger' : count > shown ? 'text-amber-700 dark:text-amber-300' : '';
  return (
    <span className={`tabular-nums ${tone}`}>
      {count} / {max} characters{count > shown && count <= max ? ` · search engines show about ${shown}` : ''}
    </span>
  );
}
