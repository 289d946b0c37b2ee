import { Link, useParams } from 'react-router';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import type { PromoCode, PromoCodeUsage } from '#shared/contracts/promo-codes.ts';
import { formatPhone } from '#shared/phone.ts';
import { orderNumberColumn } from '#web/admin/shared/order-columns.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import type { ListColumn } from '../ui/data-list.tsx';
import { DetailCard, DetailColumns, DetailHeader, DetailPlaceholder } from '../ui/detail-layout.tsx';
import { formatDateTime, money } from '../ui/format.ts';
import { StatTile } from '../ui/stat-tile.tsx';
import { OrderStatusBadge } from '../ui/status-badge.tsx';
import { TermRow } from '../ui/term-row.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { type ListDefinition, useListState } from '../ui/use-list-state.ts';
import { ADMIN_PROMO_CODES_KEY, getPromoUsage, type PromoUseRow } from './promo-api.ts';
import {
  appliesToLabel,
  datesLabel,
  discountConditions,
  discountLabel,
  limitLabel,
  PromoStatusBadge,
  usesLabel,
} from './promo-format.tsx';
import { useTogglePromoCode } from './promo-row-actions.tsx';

const BACK = { to: '/admin/promo-codes', label: 'All promo codes' };
const USAGE_LIST: ListDefinition = { noun: ['order', 'orders'], pageSize: 20 };

const COLUMNS: ReadonlyArray<ListColumn<PromoUseRow>> = [
  orderNumberColumn((use) => use.order_id),
  {
    header: 'Customer',
    card: 'subtitle',
    cell: (use) => (
      <>
        <span className="block">{use.customer_name}</span>
        <span className="block text-xs text-muted tabular-nums">{formatPhone(use.customer_phone)}</span>
      </>
    ),
    cardCell: (use) => `${use.customer_name} · ${formatPhone(use.customer_phone)}`,
  },
  {
    header: 'Date',
    card: 'line',
    className: 'whitespace-nowrap text-muted',
    cell: (use) => formatDateTime(use.created_at),
  },
  { header: 'Status', card: 'badge', cell: (use) => <OrderStatusBadge status={use.status as OrderStatus} /> },
  {
    header: 'Discount',
    card: 'line',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (use) => `−${money(use.discount)}`,
  },
  {
    header: 'Total',
    card: 'aside',
    align: 'right',
    className: 'font-medium whitespace-nowrap text-strong tabular-nums',
    cell: (use) => money(use.total),
  },
];

/**
 * `/admin/promo-codes/{id}`: what the code is and what it cost: its terms, the totals of the
 * orders that used it (cancelled ones not counted), and those orders, newest first, paged.
 */
export function PromoUsagePage() {
  const { id = '' } = useParams();
  const list = useListState(USAGE_LIST);
  const usage = useListQuery([...ADMIN_PROMO_CODES_KEY, 'usage', id], list.query, (query, signal) =>
    getPromoUsage(id, query, signal),
  );
  if (!usage.isSuccess) {
    return <DetailPlaceholder query={usage} noun="promo code" back={BACK} missingText="It may have been deleted." />;
  }
  const { usage: summary, orders } = usage.data;
  const { code } = summary;
  return (
    <>
      <DetailHeader
        title={code.code}
        back={BACK}
        meta={
          <>
            <PromoStatusBadge status={code.status} />
            {code.description && <span>{code.description}</span>}
          </>
        }
        actions={<UsageActions code={code} />}
      />
      <DetailColumns
        sideFirst
        side={<SummaryCard code={code} />}
        main={
          <>
            <Totals summary={summary} />
            <section aria-labelledby="promo-orders-title">
              <h2 id="promo-orders-title" className="mb-3 text-lg font-semibold text-strong">
                Orders with this code
              </h2>
              <AdminList
                list={list}
                query={{ ...usage, data: orders }}
                label="Orders with this code"
                columns={COLUMNS}
                empty={{ title: 'No order has used this code yet.' }}
                tableClassName="min-w-[44rem]"
              />
            </section>
          </>
        }
      />
    </>
  );
}

function UsageActions({ code }: { code: PromoCode }) {
  const toggle = useTogglePromoCode();
  return (
    <>
      <button type="button" className="btn-secondary" disabled={toggle.isPending} onClick={() => toggle.mutate(code)}>
        {code.is_active ? 'Deactivate' : 'Activate'}
      </button>
      <Link to={`/admin/promo-codes/${code.id}/edit`} className="btn-primary">
        Edit
      </Link>
    </>
  );
}

function Totals({ summary }: { summary: PromoCodeUsage }) {
  return (
    <section aria-label="Usage totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <StatTile label="Orders" value={String(summary.total_orders)} hint="Not cancelled" />
      <StatTile label="Discount given" value={money(summary.total_discount)} />
      <StatTile
        label="Sales"
        value={money(summary.total_sales)}
        hint="Paid after the discount"
        className="col-span-2 sm:col-span-1"
      />
    </section>
  );
}

function SummaryCard({ code }: { code: PromoCode }) {
  const conditions = discountConditions(code).join(' · ');
  return (
    <DetailCard title="Code">
      <dl className="space-y-2 text-sm">
        <TermRow label="Discount">
          <span className="font-medium text-strong">{discountLabel(code)}</span>
          {code.discount_type === 'percentage' ? ' off' : ' off the order'}
          {conditions && <span className="block text-xs text-muted">{conditions}</span>}
        </TermRow>
        <TermRow label="Applies to">
          {appliesToLabel(code)}
          {code.product_skus.length > 0 && (
            <span className="block font-mono text-xs text-muted">{code.product_skus.join(', ')}</span>
          )}
        </TermRow>
        <TermRow label="Uses">{usesLabel(code)}</TermRow>
        <TermRow label="Per customer">{limitLabel(code.max_uses_per_customer)}</TermRow>
        <TermRow label="Dates">{datesLabel(code)}</TermRow>
        <TermRow label="Created">{formatDateTime(code.created_at)}</TermRow>
      </dl>
    </DetailCard>
  );
}
