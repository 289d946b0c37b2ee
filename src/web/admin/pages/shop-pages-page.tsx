import { useQuery } from '@tanstack/react-query';
import { type AdminShopPageSummary, SHOP_PAGE_LABELS } from '#shared/contracts/pages.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { DataList, type ListColumn } from '../ui/data-list.tsx';
import { formatDateTime } from '../ui/format.ts';
import { ListSkeleton } from '../ui/list-states.tsx';
import { RecordLink } from '../ui/record-link.tsx';
import { Badge } from '../ui/status-badge.tsx';
import { ADMIN_PAGES_KEY, listShopPages } from './pages-api.ts';

type Row = AdminShopPageSummary & { id: string };

const COLUMNS: ReadonlyArray<ListColumn<Row>> = [
  {
    header: 'Page',
    card: 'title',
    cell: (page) => (
      <>
        <RecordLink to={`/admin/pages/${page.slug}`}>{page.title}</RecordLink>
        {page.title !== SHOP_PAGE_LABELS[page.slug] && (
          <span className="block text-xs text-muted">Footer: {SHOP_PAGE_LABELS[page.slug]}</span>
        )}
      </>
    ),
  },
  {
    header: 'Address',
    card: 'subtitle',
    cell: (page) => (
      <a
        href={`/pages/${page.slug}`}
        target="_blank"
        rel="noreferrer"
        className="font-mono text-sm text-accent underline-offset-4 hover:underline"
      >
        /pages/{page.slug}
      </a>
    ),
  },
  {
    header: 'Text',
    card: 'badge',
    cell: (page) =>
      page.is_default ? (
        <Badge className="normal-case! bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          Default text
        </Badge>
      ) : (
        <Badge className="bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">Edited</Badge>
      ),
  },
  {
    header: 'Updated',
    card: 'line',
    className: 'whitespace-nowrap text-muted',
    cell: (page) => formatDateTime(page.updated_at),
  },
  {
    header: 'Actions',
    headerHidden: true,
    align: 'right',
    card: 'actions',
    cell: (page) => (
      <RecordLink to={`/admin/pages/${page.slug}`} className="text-sm text-accent">
        Edit<span className="sr-only"> {page.title}</span>
      </RecordLink>
    ),
  },
];

/** `/admin/pages`: the shop's six fixed pages (About, Delivery, Returns…), each opened in the editor. */
export function ShopPagesPage() {
  const pages = useQuery({ queryKey: [...ADMIN_PAGES_KEY, 'list'], queryFn: ({ signal }) => listShopPages(signal) });
  return (
    <>
      <AdminPageHeader
        title="Pages"
        description="The shop's fixed pages, linked from the footer: what shoppers read about delivery, returns, warranty and the rules."
      />
      {pages.isPending ? (
        <ListSkeleton label="Loading pages" rows={6} />
      ) : pages.isError ? (
        <InlineError title="Could not load the pages" onRetry={() => void pages.refetch()} />
      ) : (
        <div className="card">
          <DataList
            label="Pages"
            rows={pages.data.map((page) => ({ ...page, id: page.slug }))}
            columns={COLUMNS}
            rowKey={(page) => page.slug}
          />
        </div>
      )}
    </>
  );
}
