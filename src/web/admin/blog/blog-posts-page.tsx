import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BLOG_POST_STATUS_LABELS, BLOG_POST_STATUSES } from '#shared/blog.ts';
import type { AdminBlogPostSummary } from '#shared/contracts/blog.ts';
import { categoryTreeOptions } from '#web/admin/shared/category-options.ts';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import type { ListColumn } from '../ui/data-list.tsx';
import { formatDateTime } from '../ui/format.ts';
import { ListFilters } from '../ui/list-filters.tsx';
import { ProductThumb } from '../ui/product-thumb.tsx';
import { RecordLink } from '../ui/record-link.tsx';
import { DemoBadge } from '../ui/status-badge.tsx';
import { StatusTabs } from '../ui/status-tabs.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { ADMIN_PAGE_SIZES, type ListDefinition, statusTabsFilter, useListState } from '../ui/use-list-state.ts';
import { ADMIN_BLOG_KEY, blogCategoriesQuery, listBlogPosts } from './blog-api.ts';
import { BlogStatusBadge } from './blog-format.tsx';
import { BlogPostActions } from './blog-post-actions.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const BLOG_LIST: ListDefinition = {
  noun: ['post', 'posts'],
  searchPlaceholder: 'Search title, excerpt or text',
  filters: [
    statusTabsFilter('Status', BLOG_POST_STATUSES),
    // The categories arrive at run time (ListFilters' `choices`); any uuid is kept meanwhile.
    { key: 'category_id', label: 'Category', accepts: (value) => UUID.test(value) },
  ],
  sorts: [
    ['updated_at:desc', 'Recently updated'],
    ['published_at:desc', 'Newest published'],
    ['published_at:asc', 'Oldest published'],
    ['title:asc', 'Title A–Z'],
    ['view_count:desc', 'Most viewed'],
  ],
  pageSizes: ADMIN_PAGE_SIZES,
};

const STATUS_TABS = [
  ['', 'All', undefined],
  ...BLOG_POST_STATUSES.map((status) => [status, BLOG_POST_STATUS_LABELS[status], undefined] as const),
] as const;

const COLUMNS: ReadonlyArray<ListColumn<AdminBlogPostSummary>> = [
  {
    header: 'Post',
    card: 'title',
    cell: (post) => (
      <span className="flex items-center gap-3">
        <ProductThumb src={post.featured_image} />
        <span className="min-w-0">
          <RecordLink to={`/admin/blog/${post.id}`} className="line-clamp-2">
            {post.title}
          </RecordLink>
          <span className="block max-w-72 truncate text-xs font-normal text-muted">/blog/{post.slug}</span>
        </span>
      </span>
    ),
    cardCell: (post) => (
      <span className="flex items-start gap-3">
        <ProductThumb src={post.featured_image} size="sm" />
        <span className="min-w-0">
          <RecordLink to={`/admin/blog/${post.id}`}>{post.title}</RecordLink>
          <span className="block text-xs font-normal text-muted">/blog/{post.slug}</span>
        </span>
      </span>
    ),
  },
  { header: 'Category', card: 'line', className: 'text-muted', cell: (post) => post.category?.name ?? '—' },
  {
    header: 'Status',
    card: 'badge',
    cell: (post) => (
      <span className="inline-flex flex-wrap gap-1">
        <BlogStatusBadge status={post.status} publishedAt={post.published_at} />
        {post.is_demo && <DemoBadge />}
      </span>
    ),
  },
  {
    header: 'Published',
    card: 'line',
    className: 'whitespace-nowrap text-muted',
    cell: (post) => (post.status === 'published' ? formatDateTime(post.published_at) : '—'),
  },
  {
    header: 'Views',
    card: 'line',
    align: 'right',
    className: 'tabular-nums',
    cell: (post) => post.view_count.toLocaleString(),
  },
  {
    header: 'Updated',
    card: 'line',
    className: 'whitespace-nowrap text-muted',
    cell: (post) => formatDateTime(post.updated_at),
  },
  {
    header: 'Actions',
    headerHidden: true,
    align: 'right',
    card: 'actions',
    cell: (post) => <BlogPostActions post={post} />,
  },
];

/**
 * `/admin/blog`: every post, whatever its status (docs/product.md#blog-in-the-admin). Status tabs,
 * search, category, sort and page live in the URL.
 */
export function BlogPostsPage() {
  const list = useListState(BLOG_LIST);
  const posts = useListQuery([...ADMIN_BLOG_KEY, 'posts'], list.query, listBlogPosts);
  const categories = useQuery(blogCategoriesQuery);
  const newPost = (
    <Link to="/admin/blog/new" className="btn-primary">
      New post
    </Link>
  );
  return (
    <>
      <AdminPageHeader
        title="Blog"
        description="Articles for shoppers: drafts, scheduled posts and what is on the blog now."
        actions={
          <>
            <Link to="/admin/blog/categories" className="btn-secondary">
              Categories
            </Link>
            {newPost}
          </>
        }
      />
      <StatusTabs
        label="Post status"
        tabs={STATUS_TABS}
        current={list.filters.status ?? ''}
        onChange={(value) => list.setFilter('status', value)}
      />
      <ListFilters
        list={list}
        choices={{ category_id: [['', 'Any category'], ...categoryTreeOptions(categories.data ?? [])] }}
      />
      <AdminList
        list={list}
        query={posts}
        columns={COLUMNS}
        empty={{
          title: 'No posts yet.',
          hint: 'Guides, project ideas and shop news bring shoppers from search and social media.',
          action: (
            <Link to="/admin/blog/new" className="btn-primary">
              Write the first post
            </Link>
          ),
        }}
        tableClassName="min-w-[56rem]"
      />
    </>
  );
}
