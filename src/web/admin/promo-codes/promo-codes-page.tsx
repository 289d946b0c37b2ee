import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  PROMO_MESSAGES,
  PROMO_STATUS_LABELS,
  PROMO_STATUSES,
  type PromoCode,
  type PromoCodesBulkDeleted,
  promoExportFileName,
} from '#shared/contracts/promo-codes.ts';
import { copyIcon } from '#web/admin/shared/action-icons.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { Icon } from '#web/ui/icons.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import { BulkActionBar, countOf } from '../ui/bulk-action-bar.tsx';
import type { ListColumn } from '../ui/data-list.tsx';
import { ExportCsvButton } from '../ui/export-csv-button.tsx';
import { money } from '../ui/format.ts';
import { ListFilters } from '../ui/list-filters.tsx';
import { RecordLink } from '../ui/record-link.tsx';
import { StatTile } from '../ui/stat-tile.tsx';
import { DemoBadge } from '../ui/status-badge.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { ADMIN_PAGE_SIZES, type ListDefinition, useListState } from '../ui/use-list-state.ts';
import { useRowSelection } from '../ui/use-row-selection.ts';
import {
  ADMIN_PROMO_CODES_KEY,
  bulkDeletePromoCodes,
  getPromoStats,
  invalidatePromoCodes,
  listPromoCodes,
  PROMO_EXPORT_PATH,
} from './promo-api.ts';
import {
  appliesToLabel,
  datesLabel,
  datesLines,
  discountConditions,
  discountLabel,
  PromoStatusBadge,
  usesLabel,
} from './promo-format.tsx';
import { PromoImportDialog, TemplateButton } from './promo-import-dialog.tsx';
import { PromoRowActions } from './promo-row-actions.tsx';

const NOUN = ['promo code', 'promo codes'] as const;

const PROMO_LIST: ListDefinition = {
  noun: NOUN,
  searchPlaceholder: 'Search code or description',
  filters: [
    {
      key: 'status',
      label: 'Status',
      options: [['', 'Any status'], ...PROMO_STATUSES.map((status) => [status, PROMO_STATUS_LABELS[status]] as const)],
    },
    {
      key: 'discount_type',
      label: 'Type',
      options: [
        ['', 'Any type'],
        ['percentage', 'Percentage'],
        ['fixed', 'Fixed amount'],
      ],
    },
  ],
  sorts: [
    ['created_at:desc', 'Newest first'],
    ['created_at:asc', 'Oldest first'],
    ['code:asc', 'Code A–Z'],
    ['code:desc', 'Code Z–A'],
    ['current_uses:desc', 'Most used'],
    ['discount_value:desc', 'Largest discount'],
    ['end_date:asc', 'Ending soonest'],
  ],
  pageSizes: ADMIN_PAGE_SIZES,
};

function CopyButton({ code }: { code: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ variant: 'success', title: `${code} copied`, id: 'promo-copied' });
    } catch {
      toast({ variant: 'error', title: 'Could not copy the code', id: 'promo-copied' });
    }
  };
  return (
    <button
      type="button"
      className="icon-btn size-8 shrink-0 text-muted hover:text-fg"
      aria-label={`Copy ${code}`}
      title="Copy"
      onClick={() => void copy()}
    >
      <Icon d={copyIcon} className="size-4" />
    </button>
  );
}

/** What the code applies to and its description, on one muted line under the code. */
const aboutLine = (code: PromoCode) => [appliesToLabel(code), code.description].filter(Boolean).join(' · ');

/** The code (a link to its usage) with its copy button, over what it applies to. */
function CodeCell({ code, wide }: { code: PromoCode; wide: boolean }) {
  return (
    <>
      <span className="flex items-center gap-1">
        <RecordLink
          to={`/admin/promo-codes/${code.id}`}
          className={`font-mono ${wide ? 'whitespace-nowrap' : '[overflow-wrap:anywhere]'}`}
        >
          {code.code}
        </RecordLink>
        <CopyButton code={code.code} />
        {code.is_demo && <DemoBadge />}
      </span>
      <span className={`block font-normal text-muted ${wide ? 'max-w-56 truncate text-xs' : 'text-sm'}`}>
        {aboutLine(code)}
      </span>
    </>
  );
}

const COLUMNS: ReadonlyArray<ListColumn<PromoCode>> = [
  {
    header: 'Code',
    card: 'title',
    cell: (code) => <CodeCell code={code} wide />,
    // A card is narrow: a long code breaks anywhere, and the line under it wraps.
    cardCell: (code) => <CodeCell code={code} wide={false} />,
  },
  {
    header: 'Discount',
    card: 'aside',
    cell: (code) => (
      <>
        <span className="font-medium whitespace-nowrap text-strong tabular-nums">{discountLabel(code)}</span>
        {discountConditions(code).map((condition) => (
          <span key={condition} className="block text-xs font-normal whitespace-nowrap text-muted">
            {condition}
          </span>
        ))}
      </>
    ),
  },
  {
    header: 'Uses',
    card: 'line',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: usesLabel,
  },
  {
    header: 'Dates',
    card: 'line',
    className: 'text-muted',
    // Start and end on lines of their own in the table, so the row's actions stay in view.
    cell: (code) =>
      datesLines(code).map((line) => (
        <span key={line} className="block whitespace-nowrap">
          {line}
        </span>
      )),
    cardCell: datesLabel,
  },
  { header: 'Status', card: 'badge', cell: (code) => <PromoStatusBadge status={code.status} /> },
  {
    header: 'Actions',
    headerHidden: true,
    align: 'right',
    card: 'actions',
    cell: (code) => <PromoRowActions code={code} />,
  },
];

/** The toast after a bulk delete: how many went, and which used codes stayed and why. */
export function bulkDeleteToast(result: PromoCodesBulkDeleted) {
  const title = `${countOf(result.deleted_count, NOUN)} deleted`;
  if (result.kept.length === 0) return { variant: 'success' as const, title };
  const kept = result.kept.map((code) => `${code.code} (${code.reason})`).join(', ');
  return {
    variant: 'warning' as const,
    title: `${title}, ${result.kept.length} kept`,
    description: `Kept: ${kept}. Deactivate used codes instead.`,
    // Longer than the usual 4 s: there is a list to read.
    duration: 10_000,
  };
}

function PromoStats() {
  const stats = useQuery({
    queryKey: [...ADMIN_PROMO_CODES_KEY, 'stats'],
    queryFn: ({ signal }) => getPromoStats(signal),
  });
  if (stats.isError) return null;
  if (stats.isPending) {
    return <div aria-hidden="true" className="card mb-6 h-24 animate-pulse" />;
  }
  const { data } = stats;
  return (
    <section aria-label="Promo code totals" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <StatTile label="Codes" value={String(data.total_codes)} hint={`${data.expired_codes} expired`} />
      <StatTile label="Active" value={String(data.active_codes)} hint="Usable today" />
      <StatTile label="Uses" value={String(data.total_uses)} hint="Orders not cancelled" />
      <StatTile label="Discount given" value={money(data.total_discount_given)} />
      <StatTile
        label="Most used"
        className="col-span-2 sm:col-span-2 lg:col-span-1"
        value={
          data.most_used_code ? (
            <Link
              to={`/admin/promo-codes/${data.most_used_code.id}`}
              className="font-mono underline-offset-4 hover:underline"
            >
              {data.most_used_code.code}
            </Link>
          ) : (
            '—'
          )
        }
        hint={data.most_used_code ? `${data.most_used_code.uses} uses` : 'No code used yet'}
      />
    </section>
  );
}

/**
 * `/admin/promo-codes`: the codes with what they give, how often they were used and whether they
 * work today (docs/product.md#promo-codes). Search, filters, sort and page live in the URL; the
 * export takes the same filters. Rows can be selected for a bulk delete; used codes are kept.
 */
export function PromoCodesPage() {
  const queryClient = useQueryClient();
  const list = useListState(PROMO_LIST);
  const [importing, setImporting] = useState(false);
  const codes = useListQuery([...ADMIN_PROMO_CODES_KEY, 'list'], list.query, listPromoCodes);
  const selection = useRowSelection(
    (codes.data?.data ?? []).map((row) => row.id),
    list.viewKey,
  );
  const bulkDelete = useMutation({
    mutationFn: bulkDeletePromoCodes,
    onSuccess: (result) => {
      toast(bulkDeleteToast(result));
      selection.clear();
      void invalidatePromoCodes(queryClient);
    },
    onError: (error) => {
      toast({
        variant: 'error',
        title: error instanceof ApiError ? error.message : 'Could not delete the promo codes',
      });
    },
  });
  const newCode = (
    <Link to="/admin/promo-codes/new" className="btn-primary">
      New code
    </Link>
  );

  return (
    <>
      <AdminPageHeader
        title="Promo codes"
        description="Discounts shoppers type at checkout: what each gives, its limits, and how often it was used."
        actions={
          <>
            <TemplateButton label="Download template" className="btn-secondary" />
            <button type="button" className="btn-secondary" onClick={() => setImporting(true)}>
              Import
            </button>
            {newCode}
          </>
        }
      />
      <PromoStats />
      <ListFilters
        list={list}
        actions={
          <ExportCsvButton
            path={PROMO_EXPORT_PATH}
            query={list.query}
            filename={promoExportFileName()}
            errorMessage={PROMO_MESSAGES.exportFailed}
          />
        }
      />
      {selection.count > 0 && (
        <BulkActionBar
          count={selection.count}
          noun={NOUN}
          pending={bulkDelete.isPending}
          onClear={selection.clear}
          actions={[
            {
              label: 'Delete',
              danger: true,
              run: () => bulkDelete.mutateAsync(selection.ids),
              confirm: {
                title: `Delete ${countOf(selection.count, NOUN)}?`,
                body: 'Codes that orders have used are kept (deactivate those instead); the others are removed for good.',
                confirmLabel: 'Delete',
                danger: true,
              },
            },
          ]}
        />
      )}
      <AdminList
        list={list}
        query={codes}
        columns={COLUMNS}
        selection={{
          state: selection,
          rowLabel: (code) => `Select ${code.code}`,
          allLabel: 'Select every promo code on this page',
        }}
        empty={{
          title: 'No promo codes yet.',
          hint: 'Create a code, or import many from a CSV file.',
          action: newCode,
        }}
        tableClassName="min-w-[50rem]"
      />
      {importing && <PromoImportDialog onClose={() => setImporting(false)} />}
    </>
  );
}
