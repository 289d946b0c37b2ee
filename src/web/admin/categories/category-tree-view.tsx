import { useLayoutEffect, useRef } from 'react';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import { Icon } from '#web/ui/icons.tsx';
import { ActiveBadge, DemoBadge } from '../ui/status-badge.tsx';
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

/** The name's indent per level, narrower on phones (static classes so Tailwind sees them); MAX_DEPTH is 3. */
const INDENT = ['', 'pl-4 sm:pl-6', 'pl-8 sm:pl-12', 'pl-12 sm:pl-18'];

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

const pencilIcon = 'M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4M13.5 6.5l4 4';
const trashIcon = 'M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3';

/** A small outlined button: icon only on phones (so a row's actions fit one line), its word from sm up. */
const rowButton = 'btn-secondary h-9 min-w-9 px-2.5 text-xs sm:px-3';

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
    <div data-category={category.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5">
      {/* Only the text is indented: on a phone the actions below keep the full width at every level. */}
      <div className={`min-w-0 flex-1 basis-48 ${INDENT[depth] ?? INDENT.at(-1)}`}>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words text-strong">{name}</span>
          <ActiveBadge active={category.is_active} inactiveLabel="Inactive" />
          {category.is_demo && <DemoBadge />}
        </p>
        <p className="mt-0.5 text-xs text-muted">
          <span className="font-mono break-all">/{category.slug}</span> · {countsLabel(category)}
        </p>
      </div>
      <div className="flex w-full items-center justify-between gap-1 sm:w-auto sm:justify-end">
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
        <span className="flex items-center gap-1">
          <button
            type="button"
            className={rowButton}
            aria-label={`Edit ${name}`}
            onClick={() => actions.onEdit(category)}
          >
            <Icon d={pencilIcon} className="size-4 sm:hidden" />
            <span className="max-sm:hidden">Edit</span>
          </button>
          <button
            type="button"
            // One width for both words, so the buttons line up from row to row.
            className={`${rowButton} sm:min-w-24`}
            aria-label={`${category.is_active ? 'Deactivate' : 'Activate'} ${name}`}
            disabled={actions.togglingId === category.id}
            onClick={() => actions.onToggleActive(category)}
          >
            {category.is_active ? 'Deactivate' : 'Activate'}
          </button>
          <button
            type="button"
            className={`${rowButton} text-danger`}
            aria-label={`Delete ${name}`}
            onClick={() => actions.onDelete(category)}
          >
            <Icon d={trashIcon} className="size-4 sm:hidden" />
            <span className="max-sm:hidden">Delete</span>
          </button>
        </span>
      </div>
    </div>
  );
}
