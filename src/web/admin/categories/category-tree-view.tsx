import { useLayoutEffect, useRef } from 'react';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import { Icon } from '#web/ui/icons.tsx';
import { ActiveBadge } from '../ui/status-badge.tsx';
import { availableMoves, type CategoryMove, type CategoryNode } from './category-tree.ts';

/** The four moves; the name says what (and names the category), the tooltip says where it goes. */
const MOVES: ReadonlyArray<{ move: CategoryMove; verb: string; hint: string; icon: string }> = [
  { move: 'up', verb: 'Move {name} up', hint: 'before the one above', icon: 'M12 19V5M6 11l6-6 6 6' },
  { move: 'down', verb: 'Move {name} down', hint: 'after the one below', icon: 'M12 5v14M6 13l6 6 6-6' },
  {
    move: 'outdent',
    verb: 'Outdent {name}',
    hint: 'up a level, after its parent',
    icon: 'M20 5v14M15 12H4M8 8l-4 4 4 4',
  },
  { move: 'indent', verb: 'Indent {name}', hint: 'into the one above', icon: 'M4 5v14M9 12h11M16 8l4 4-4 4' },
];

/** Left padding per level, narrower on phones (static classes so Tailwind sees them); MAX_DEPTH is 3. */
const INDENT = ['pl-4 sm:pl-5', 'pl-7 sm:pl-11', 'pl-10 sm:pl-17', 'pl-13 sm:pl-23'];

export interface CategoryActions {
  onMove: (category: AdminCategory, move: CategoryMove) => void;
  onEdit: (category: AdminCategory) => void;
  onToggleActive: (category: AdminCategory) => void;
  onDelete: (category: AdminCategory) => void;
  /** The category whose active state is being saved (its toggle is disabled meanwhile). */
  togglingId: string | null;
}

/**
 * The categories as nested lists (the nesting is the hierarchy for screen readers), every row with
 * its moves and actions as real buttons. After a move the focus follows the moved row, which may
 * have been re-mounted under a new parent.
 */
export function CategoryTreeView({
  tree,
  lastMove,
  ...actions
}: CategoryActions & {
  tree: CategoryNode[];
  /** The latest move, for putting the focus back on the moved row's button. */
  lastMove: { id: string; move: CategoryMove } | null;
}) {
  const root = useRef<HTMLUListElement>(null);
  // Runs when the tree changes: a move may have re-mounted the row (new parent) or disabled the
  // button that was pressed, dropping the focus to the page. Focus that is elsewhere is left alone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tree` is the trigger, not an input.
  useLayoutEffect(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (!lastMove || !root.current || !lost) return;
    const row = root.current.querySelector(`[data-category="${lastMove.id}"]`);
    // The same button if it can still be used, else the row's first usable one.
    const target =
      row?.querySelector<HTMLButtonElement>(`button[data-move="${lastMove.move}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    target?.focus();
  }, [lastMove, tree]);

  return (
    <ul ref={root} aria-label="Category tree" className="divide-y divide-line">
      {tree.map((node) => (
        <CategoryItem key={node.category.id} node={node} tree={tree} actions={actions} />
      ))}
    </ul>
  );
}

function CategoryItem({ node, tree, actions }: { node: CategoryNode; tree: CategoryNode[]; actions: CategoryActions }) {
  const { category, children, depth } = node;
  return (
    <li>
      <CategoryRow category={category} depth={depth} moves={availableMoves(tree, category.id)} actions={actions} />
      {children.length > 0 && (
        <ul aria-label={`Sub-categories of ${category.name}`} className="divide-y divide-line border-t border-line">
          {children.map((child) => (
            <CategoryItem key={child.category.id} node={child} tree={tree} actions={actions} />
          ))}
        </ul>
      )}
    </li>
  );
}

function countsLabel(category: AdminCategory): string {
  const products = `${category.product_count} ${category.product_count === 1 ? 'product' : 'products'}`;
  // active_product_count covers the sub-categories too (what the shop shows next to the category).
  const active =
    category.child_count > 0
      ? `${category.active_product_count} active incl. sub-categories`
      : `${category.active_product_count} active`;
  return `${products} · ${active}`;
}

function CategoryRow({
  category,
  depth,
  moves,
  actions,
}: {
  category: AdminCategory;
  depth: number;
  moves: Record<CategoryMove, boolean>;
  actions: CategoryActions;
}) {
  const { name } = category;
  return (
    <div
      data-category={category.id}
      className={`flex flex-wrap items-center gap-x-4 gap-y-2 py-3 pr-4 sm:pr-5 ${INDENT[depth] ?? INDENT.at(-1)}`}
    >
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words text-strong">{name}</span>
          <ActiveBadge active={category.is_active} inactiveLabel="Inactive" />
        </p>
        <p className="mt-0.5 text-xs break-all text-muted">
          <span className="font-mono">/{category.slug}</span> · {countsLabel(category)}
        </p>
      </div>
      <div className="flex w-full flex-wrap items-center justify-end gap-1 sm:w-auto">
        <span className="flex items-center">
          {MOVES.map(({ move, verb, hint, icon }) => (
            <button
              key={move}
              type="button"
              data-move={move}
              aria-label={verb.replace('{name}', name)}
              title={`${verb.replace('{name}', name)}: ${hint}`}
              disabled={!moves[move]}
              onClick={() => actions.onMove(category, move)}
              className="icon-btn size-9 text-muted hover:text-fg disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-transparent"
            >
              <Icon d={icon} className="size-4.5" />
            </button>
          ))}
        </span>
        <button
          type="button"
          className="btn-secondary px-3 py-1.5 text-xs"
          aria-label={`Edit ${name}`}
          onClick={() => actions.onEdit(category)}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn-secondary px-3 py-1.5 text-xs"
          aria-label={`${category.is_active ? 'Deactivate' : 'Activate'} ${name}`}
          disabled={actions.togglingId === category.id}
          onClick={() => actions.onToggleActive(category)}
        >
          {category.is_active ? 'Deactivate' : 'Activate'}
        </button>
        <button
          type="button"
          className="btn-secondary px-3 py-1.5 text-xs text-danger"
          aria-label={`Delete ${name}`}
          onClick={() => actions.onDelete(category)}
        >
          Delete
        </button>
      </div>
    </div>
  );
}
