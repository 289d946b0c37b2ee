import { BLOG_POST_STATUS_LABELS, type BlogPostStatus } from '#shared/blog.ts';
import { formatDateTime } from '../ui/format.ts';
import { Badge } from '../ui/status-badge.tsx';

const STATUS_STYLE: Record<BlogPostStatus, string> = {
  draft: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
  scheduled: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  published: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  archived: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

/** A post's status as it is now; a scheduled post says when it goes out. */
export function BlogStatusBadge({ status, publishedAt }: { status: BlogPostStatus; publishedAt?: string | null }) {
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Badge className={STATUS_STYLE[status]}>{BLOG_POST_STATUS_LABELS[status]}</Badge>
      {status === 'scheduled' && publishedAt && (
        <span className="text-xs whitespace-nowrap text-muted">{formatDateTime(publishedAt)}</span>
      )}
    </span>
  );
}

/** Public now: published (or scheduled with its date passed, which the server already reports as published). */
export const isPublic = (status: BlogPostStatus) => status === 'published';
