import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import { CategoryTreeDialogs } from '#web/admin/shared/category-dialogs.tsx';
import { toast } from '#web/lib/toast.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { adminPut } from '../auth/admin-api.ts';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { catalogueCategoryKit } from './catalogue-category-kit.ts';
import {
  adminCategoriesQuery,
  adminCategoryStatsQuery,
  errorMessage,
  invalidateCategories,
  useReorderCategories,
} from './category-queries.ts';
import { buildTree, type CategoryMove, planMove } from './category-tree.ts';
import { CategoryTreeView } from './category-tree-view.tsx';

/** Which dialog is open: the form (no category: a new one) or the delete step, by id so counts stay fresh. */
type DialogState = { kind: 'form'; category: AdminCategory | null } | { kind: 'delete'; id: string } | null;

/** `/admin/categories`: the category tree, with reorder and re-parent, create/edit, activate/deactivate and delete. */
export function CategoriesPage() {
  const categories = useQuery(adminCategoriesQuery);
  const [dialog, setDialogState] = useState<DialogState>(null);
  const [lastMove, setLastMove] = useState<{ id: string; move: CategoryMove } | null>(null);
  const queryClient = useQueryClient();
  const reorder = useReorderCategories();
  const list = categories.data ?? [];
  const tree = useMemo(() => buildTree(categories.data ?? []), [categories.data]);

  const toggleActive = useMutation({
    mutationFn: (category: AdminCategory) =>
      adminPut<AdminCategory>(`/admin/categories/${category.id}`, { is_active: !category.is_active }),
    onSuccess: (updated) => {
      toast({
        variant: 'success',
        title: updated.is_active ? `${updated.name} is active` : `${updated.name} is inactive`,
        description: updated.is_active ? undefined : 'It is hidden from the shop.',
      });
    },
    onError: (error) => toast({ variant: 'error', title: errorMessage(error, 'Could not change the category') }),
    onSettled: () => invalidateCategories(queryClient),
  });

  // The dialogs are mounted only while open, so the browser does not hand the focus back when one
  // goes: the page does, to the button that opened it, or to the tree when that row was deleted.
  const opener = useRef<HTMLElement | null>(null);
  const treeSection = useRef<HTMLElement>(null);
  const setDialog = (next: DialogState, { focusTree = false } = {}) => {
    // Focus now belongs to the dialog and then to its opener, not to the last moved row.
    setLastMove(null);
    setDialogState(next);
    if (next) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const target = !focusTree && opener.current?.isConnected ? opener.current : treeSection.current;
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) target?.focus();
    });
  };

  const move = (category: AdminCategory, direction: CategoryMove) => {
    const orders = planMove(list, category.id, direction);
    if (!orders) return;
    setLastMove({ id: category.id, move: direction });
    reorder.mutate(orders);
  };

  const openCreate = () => setDialog({ kind: 'form', category: null });
  const newButton = (
    <button type="button" className="btn-primary" onClick={openCreate}>
      New category
    </button>
  );
  const deleting = dialog?.kind === 'delete' ? list.find((category) => category.id === dialog.id) : undefined;

  return (
    <>
      <AdminPageHeader
        title="Categories"
        description="Arrange the shop's categories, and choose which are shown. Inactive ones are hidden from shoppers."
        actions={newButton}
      />
      <CategoryStats />

      {categories.isPending ? (
        <TreeSkeleton />
      ) : categories.isError ? (
        <InlineError title="Could not load the categories" onRetry={() => void categories.refetch()} />
      ) : list.length === 0 ? (
        <div className="card flex flex-col items-center gap-4 px-5 py-12 text-center">
          <div>
            <p className="font-semibold text-strong">No categories yet</p>
            <p className="mt-1 text-sm text-muted">Create one to start organising the catalogue.</p>
          </div>
          <button type="button" className="btn-primary" onClick={openCreate}>
            Create a category
          </button>
        </div>
      ) : (
        <section ref={treeSection} tabIndex={-1} aria-labelledby="category-tree-heading" className="card">
          <h2 id="category-tree-heading" className="sr-only">
            All categories
          </h2>
          <CategoryTreeView
            tree={tree}
            lastMove={lastMove}
            onMove={move}
            onEdit={(category) => setDialog({ kind: 'form', category })}
            onToggleActive={(category) => toggleActive.mutate(category)}
            onDelete={(category) => setDialog({ kind: 'delete', id: category.id })}
            togglingId={toggleActive.isPending ? (toggleActive.variables?.id ?? null) : null}
          />
        </section>
      )}

      <CategoryTreeDialogs
        kit={catalogueCategoryKit}
        categories={list}
        editing={dialog?.kind === 'form' ? dialog.category : undefined}
        deleting={deleting}
        onClose={() => setDialog(null)}
        onDeleted={() => setDialog(null, { focusTree: true })}
      />
    </>
  );
}

function TreeSkeleton() {
  return (
    <div aria-hidden="true" className="card divide-y divide-line">
      {[0, 1, 2, 3, 4].map((n) => (
        <div key={n} className={`flex items-center gap-4 py-4 pr-5 ${n % 2 ? 'pl-11' : 'pl-5'}`}>
          <div className="flex-1">
            <div className="bone h-4 w-40" />
            <div className="bone mt-2 h-3 w-56 max-w-full" />
          </div>
          <div className="bone hidden h-8 w-64 sm:block" />
        </div>
      ))}
    </div>
  );
}

/** The counts above the tree; a failure here is not worth an error box (the tree is the screen). */
function CategoryStats() {
  const stats = useQuery(adminCategoryStatsQuery);
  if (stats.isError) return null;
  const items: Array<[string, number | undefined]> = [
    ['Categories', stats.data?.total],
    ['Active', stats.data?.active],
    ['Inactive', stats.data?.inactive],
    ['Uncategorised products', stats.data?.uncategorised_products],
  ];
  return (
    <dl aria-busy={stats.isPending} className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="card px-4 py-3">
          <dt className="text-xs font-medium text-muted">{label}</dt>
          <dd className="mt-1 text-xl font-bold tabular-nums text-strong">
            {value === undefined ? (
              <span aria-hidden="true" className="bone inline-block h-6 w-10 align-middle" />
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
