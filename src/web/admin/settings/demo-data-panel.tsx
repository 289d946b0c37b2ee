import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEMO_REMOVAL_KINDS, type DemoRemoval } from '#shared/contracts/demo-data.ts';
import { demoDataQuery } from '#web/admin/shared/demo-data-query.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { adminPost } from '../auth/admin-api.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';

/** "91 products, 16 categories and 6 blog posts": the kinds with a count, in the contract's order. */
export function demoCountsText(counts: Partial<DemoRemoval>): string {
  const parts = DEMO_REMOVAL_KINDS.flatMap(({ key, one, many }) => {
    const n = counts[key] ?? 0;
    return n > 0 ? [`${n.toLocaleString('en')} ${n === 1 ? one : many}`] : [];
  });
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * Settings → System → Demo data (docs/product.md#demo-data): what is left of the demo the shop
 * started with (`GET /admin/settings/demo`) and "Remove demo data", after a confirmation naming
 * what goes and what stays; the result comes as a toast with the counts.
 */
export function DemoDataPanel() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const present = useQuery(demoDataQuery());

  const remove = useMutation({
    mutationFn: () => adminPost<DemoRemoval>('/admin/settings/demo/remove'),
    onSuccess: (removal) => {
      setConfirming(false);
      const removed = demoCountsText(removal);
      toast(
        removed
          ? { variant: 'success', title: 'Demo data removed', description: `Removed ${removed}.`, duration: 10_000 }
          : { variant: 'success', title: 'There was no demo data left to remove' },
      );
      // The lists (products, categories, reviews, posts, orders, customers), their "Demo" badges and the analytics changed.
      void queryClient.invalidateQueries();
    },
    onError: (error) => {
      setConfirming(false);
      toast({ variant: 'error', title: errorText(error, 'Could not remove the demo data') });
    },
  });

  const summary = present.data ? demoCountsText(present.data) : '';
  return (
    <DetailCard
      stack
      title="Demo data"
      action={
        summary ? (
          <button
            type="button"
            className="btn-secondary"
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            Remove demo data…
          </button>
        ) : null
      }
    >
      {present.isPending ? (
        <p className="text-sm text-muted">Counting the demo data…</p>
      ) : present.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(present.error, 'Could not count the demo data')}
        </p>
      ) : summary ? (
        <p className="text-sm text-fg">
          The shop still holds the demo content it started with, marked “Demo” in the admin lists: {summary}.
        </p>
      ) : (
        <p className="text-sm text-muted">No demo data left: everything in the shop is yours.</p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Remove the demo data?"
        confirmLabel="Remove demo data"
        danger
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <span className="block">
          Removes the demo content nobody has changed: {summary || 'whatever is left of it'}, with their pictures. The
          demo’s made-up order history goes whole, so Analytics then counts your own orders only.
        </span>
        <span className="mt-2 block">
          Kept: everything you created or changed (a demo product you edited is yours now), demo products that are in
          one of your orders, the categories kept products use, and all your own orders and customers.
        </span>
      </ConfirmDialog>
    </DetailCard>
  );
}
