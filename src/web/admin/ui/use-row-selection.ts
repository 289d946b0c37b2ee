import { useState } from 'react';

/**
 * The rows an admin ticked for a bulk action. A selection belongs to the view it was made in:
 * when `viewKey` changes (another page, filter or sort) it starts empty, so an action never
 * reaches rows the admin can no longer see.
 */
export function useRowSelection(rowIds: readonly string[], viewKey: string) {
  const [state, setState] = useState<{ viewKey: string; ids: ReadonlySet<string> }>({ viewKey, ids: new Set() });
  const selected: ReadonlySet<string> = state.viewKey === viewKey ? state.ids : new Set();
  const set = (ids: ReadonlySet<string>) => setState({ viewKey, ids });
  const allSelected = rowIds.length > 0 && rowIds.every((id) => selected.has(id));

  return {
    selected,
    ids: [...selected],
    count: selected.size,
    allSelected,
    /** Some rows of the page but not all: the select-all box shows a dash. */
    someSelected: selected.size > 0 && !allSelected,
    isSelected: (id: string) => selected.has(id),
    toggle: (id: string) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      set(next);
    },
    /** Selects every row on the page, or none when all are. */
    toggleAll: () => set(allSelected ? new Set() : new Set(rowIds)),
    clear: () => set(new Set()),
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
