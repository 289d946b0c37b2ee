import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type AdminReview,
  REVIEW_SORT_LABELS,
  REVIEW_SORTS,
  REVIEW_STATUSES,
  type ReviewStats,
} from '#shared/contracts/reviews.ts';
import { ADMIN_PRODUCTS_KEY, getAdminProduct } from '#web/admin/shared/product-lookups.ts';
import { ADMIN_REVIEWS_KEY, listReviews, reviewStatsQuery } from '#web/admin/shared/review-queue.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { Icon } from '#web/ui/icons.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import { BulkActionBar, countOf } from '../ui/bulk-action-bar.tsx';
import { ListFilters } from '../ui/list-filters.tsx';
import type { EmptyText } from '../ui/list-states.tsx';
import { RecordLink } from '../ui/record-link.tsx';
import { type StatusTab, StatusTabs } from '../ui/status-tabs.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { ADMIN_PAGE_SIZES, type ListDefinition, statusTabsFilter, useListState } from '../ui/use-list-state.ts';
import { useRowSelection } from '../ui/use-row-selection.ts';
import { bulkModerateReviews, invalidateReviews, type ReviewBulkAction } from './review-api.ts';
import { REVIEW_COLUMNS } from './review-columns.tsx';
import { REVIEW_STATUS_LABELS } from './review-format.tsx';
import { rejectIcon, settingsIcon } from './review-icons.ts';
import { ReviewSettingsDialog } from './review-settings-dialog.tsx';

const NOUN = ['review', 'reviews'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const REVIEW_LIST: ListDefinition = {
  noun: NOUN,
  searchPlaceholder: 'Search title, text, author or product',
  filters: [
    statusTabsFilter('Review status', REVIEW_STATUSES),
    {
      key: 'rating',
      label: 'Stars',
      options: [
        ['', 'Any rating'],
        ...[5, 4, 3, 2, 1].map((stars) => [String(stars), stars === 1 ? '1 star' : `${stars} stars`] as const),
      ],
    },
    {
      key: 'verified',
      label: 'Purchase',
      options: [
        ['', 'Any purchase'],
        ['true', 'Verified purchases'],
        ['false', 'Not verified'],
      ],
    },
    // Set by the product editor's link; shown as a chip with the product's name.
    { key: 'product_id', label: 'Product', kind: 'custom', accepts: (value) => UUID.test(value) },
  ],
  // The server names its orders (newest, most_helpful…) rather than taking a column and direction.
  sorts: REVIEW_SORTS.map((sort) => [sort, REVIEW_SORT_LABELS[sort]] as const),
  pageSizes: ADMIN_PAGE_SIZES,
};

const BULK_DONE: Record<ReviewBulkAction, string> = { approve: 'approved', reject: 'rejected', hide: 'hidden' };

function statusTabs(stats: ReviewStats | undefined): StatusTab[] {
  return [
    ['', 'All', stats?.total],
    ...REVIEW_STATUSES.map((status) => [status, REVIEW_STATUS_LABELS[status], stats?.[status]] as const),
  ];
}

/** The empty list: the pending tab with nothing waiting is good news, not a failed search. */
function emptyText(filters: Record<string, string>): EmptyText {
  const onlyPending = filters.status === 'pending' && !filters.rating && !filters.verified && !filters.product_id;
  return {
    title: 'No reviews yet.',
    hint: 'Reviews shoppers write on the product pages appear here.',
    ...(onlyPending
      ? { filteredTitle: 'Nothing waiting for approval.', filteredHint: 'New reviews that need you appear here.' }
      : {}),
  };
}

/**
 * The product the list is narrowed to (the product editor's link), as a chip that removes the
 * filter. Its name comes from the rows; only when none are listed is the product itself read.
 */
function ProductChip({
  productId,
  rows,
  listLoaded,
  onClear,
}: {
  productId: string;
  rows: readonly AdminReview[] | undefined;
  listLoaded: boolean;
  onClear: () => void;
}) {
  const fromRows = rows?.find((row) => row.product_id === productId)?.product_name;
  const product = useQuery({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'one', productId],
    queryFn: () => getAdminProduct(productId),
    enabled: listLoaded && fromRows === undefined,
  });
  const name = fromRows ?? product.data?.name ?? (product.isError ? 'Unknown product' : 'Loading…');
  return (
    <p className="mb-3 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted">Reviews of</span>
      <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-3 font-medium text-strong">
        <RecordLink to={`/admin/products/${productId}`} className="min-w-0 [overflow-wrap:anywhere]">
          {name}
        </RecordLink>
        <button
          type="button"
          className="icon-btn size-7 shrink-0 text-muted hover:text-fg"
          aria-label="Show the reviews of every product"
          title="Every product"
          onClick={onClear}
        >
          <Icon d={rejectIcon} className="size-4" />
        </button>
      </span>
    </p>
  );
}

/**
 * `/admin/reviews` (docs/product.md#reviews-in-the-admin): every review, newest first, with the
 * status tabs (Pending is the moderation queue), filters, search, sort and page in the URL. Rows
 * are approved, rejected, hidden, answered or deleted one at a time, or selected for a bulk change.
 */
export function ReviewsPage() {
  const queryClient = useQueryClient();
  const list = useListState(REVIEW_LIST);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const reviews = useListQuery([...ADMIN_REVIEWS_KEY, 'list'], list.query, listReviews);
  const stats = useQuery(reviewStatsQuery);
  const selection = useRowSelection(
    (reviews.data?.data ?? []).map((row) => row.id),
    list.viewKey,
  );
  const bulk = useMutation({
    mutationFn: ({ action, ids }: { action: ReviewBulkAction; ids: readonly string[] }) =>
      bulkModerateReviews(action, ids),
    onSuccess: ({ updated }, { action }) => {
      toast({ variant: 'success', title: `${countOf(updated, NOUN)} ${BULK_DONE[action]}` });
      selection.clear();
      void invalidateReviews(queryClient);
    },
    onError: (error) => {
      toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not change the reviews' });
    },
  });
  const productId = list.filters.product_id ?? '';
  const bulkAction = (label: string, action: ReviewBulkAction) => ({
    label,
    run: () => bulk.mutateAsync({ action, ids: selection.ids }),
  });

  return (
    <>
      <AdminPageHeader
        title="Reviews"
        description="What shoppers wrote about the products: approve, reply as the shop, hide or delete."
        actions={
          <button type="button" className="btn-secondary" onClick={() => setSettingsOpen(true)}>
            <Icon d={settingsIcon} className="size-4" />
            Review settings
          </button>
        }
      />
      <StatusTabs
        label="Review status"
        tabs={statusTabs(stats.data)}
        current={list.filters.status ?? ''}
        onChange={(value) => list.setFilter('status', value)}
      />
      {productId && (
        <ProductChip
          productId={productId}
          rows={reviews.data?.data}
          listLoaded={reviews.isSuccess}
          onClear={() => list.setFilter('product_id', '')}
        />
      )}
      <ListFilters list={list} />
      {selection.count > 0 && (
        <BulkActionBar
          count={selection.count}
          noun={NOUN}
          pending={bulk.isPending}
          onClear={selection.clear}
          actions={[bulkAction('Approve', 'approve'), bulkAction('Reject', 'reject'), bulkAction('Hide', 'hide')]}
        />
      )}
      <AdminList
        list={list}
        query={reviews}
        columns={REVIEW_COLUMNS}
        selection={{
          state: selection,
          rowLabel: (review) => `Select the review by ${review.user_name} of ${review.product_name}`,
          allLabel: 'Select every review on this page',
        }}
        empty={emptyText(list.filters)}
        tableClassName="min-w-[48rem]"
      />
      {settingsOpen && <ReviewSettingsDialog onClose={() => setSettingsOpen(false)} />}
    </>
  );
}
