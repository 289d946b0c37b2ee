import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, byLabel, click, mount, screenIsWide, unmount } from '#web/test/admin-kit.tsx';
import { waitFor } from '#web/test/render.tsx';
import { BulkActionBar } from './bulk-action-bar.tsx';
import { DataList, type ListColumn } from './data-list.tsx';
import { useRowSelection } from './use-row-selection.ts';

interface Lamp {
  id: string;
  name: string;
  sku: string;
  price: string;
  state: string;
}

const LAMPS: Lamp[] = [
  { id: 'l1', name: 'Desk lamp', sku: 'CS-1', price: '$20.00', state: 'Active' },
  { id: 'l2', name: 'Floor lamp', sku: 'CS-2', price: '$80.00', state: 'Inactive' },
];

const COLUMNS: ReadonlyArray<ListColumn<Lamp>> = [
  { header: 'Lamp', card: 'title', cell: (lamp) => <a href={`/lamps/${lamp.id}`}>{lamp.name}</a> },
  { header: 'SKU', card: 'line', cell: (lamp) => lamp.sku },
  { header: 'Price', card: 'aside', align: 'right', cell: (lamp) => lamp.price },
  { header: 'Status', card: 'badge', cell: (lamp) => <span className="badge">{lamp.state}</span> },
  { header: 'Notes', card: 'hidden', cell: () => 'internal' },
  {
    header: 'Actions',
    card: 'actions',
    headerHidden: true,
    cell: (lamp) => <button type="button">Edit {lamp.name}</button>,
  },
];

/** A page of lamps with selection and a bulk bar; "Next page" is a new view. */
function LampList({ onDelete }: { onDelete: (ids: string[]) => Promise<void> }) {
  const [page, setPage] = useState(1);
  const selection = useRowSelection(
    LAMPS.map((lamp) => lamp.id),
    String(page),
  );
  return (
    <>
      <button type="button" onClick={() => setPage(page + 1)}>
        Next page
      </button>
      {selection.count > 0 && (
        <BulkActionBar
          count={selection.count}
          noun={['lamp', 'lamps']}
          onClear={selection.clear}
          actions={[
            {
              label: 'Delete',
              danger: true,
              run: () => onDelete(selection.ids),
              confirm: { title: `Delete ${selection.count}?`, body: 'This cannot be undone.', danger: true },
            },
          ]}
        />
      )}
      <DataList
        label="Lamps"
        rows={LAMPS}
        columns={COLUMNS}
        rowKey={(lamp) => lamp.id}
        selection={{
          state: selection,
          rowLabel: (lamp) => `Select ${lamp.name}`,
          allLabel: 'Select every lamp on this page',
        }}
      />
    </>
  );
}

afterEach(() => {
  unmount();
  vi.unstubAllGlobals();
});

describe('DataList', () => {
  it('is a table on a wide screen: one header per column, cells in order, hidden headers for screen readers', async () => {
    screenIsWide(true);
    const root = await mount(<LampList onDelete={async () => {}} />);
    expect(root.querySelector('ul')).toBeNull();
    expect(root.querySelector('section[aria-label="Lamps"] table')).not.toBeNull();
    const headers = [...root.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['', 'Lamp', 'SKU', 'Price', 'Status', 'Notes', 'Actions']);
    expect(root.querySelector('th:last-child span.sr-only')?.textContent).toBe('Actions');
    const cells = [...(root.querySelector('tbody tr')?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
    expect(cells).toEqual(['', 'Desk lamp', 'CS-1', '$20.00', 'Active', 'internal', 'Edit Desk lamp']);
    expect(root.querySelectorAll('th')[3]?.className).toContain('text-right');
  });

  it('is one card per row on a narrow screen, each column where its definition puts it', async () => {
    screenIsWide(false);
    const root = await mount(<LampList onDelete={async () => {}} />);
    expect(root.querySelector('table')).toBeNull();
    const cards = [...root.querySelectorAll('ul[aria-label="Lamps"] > li')];
    expect(cards).toHaveLength(2);
    const card = cards[0] as HTMLElement;
    expect(card.querySelector('a[href="/lamps/l1"]')?.textContent).toBe('Desk lamp');
    expect(card.textContent).toContain('$20.00');
    expect([...card.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['SKU']);
    expect(card.querySelector('dd')?.textContent).toBe('CS-1');
    expect(card.querySelector('.badge')?.textContent).toBe('Active');
    expect(card.textContent).not.toContain('internal');
    expect(buttonByText(card, 'Edit Desk lamp')).toBeDefined();
    expect(byLabel(card, 'Select Desk lamp')).not.toBeNull();
    expect(byLabel(root, 'Select every lamp on this page')).not.toBeNull();
  });
});

describe('row selection and the bulk bar', () => {
  it('selects all on the page, asks before a confirmed action, runs it with the selected ids', async () => {
    screenIsWide(true);
    const deleted: string[][] = [];
    const root = await mount(<LampList onDelete={async (ids) => void deleted.push(ids)} />);
    expect(root.querySelector('section[aria-label="Bulk actions"]')).toBeNull();

    await click(byLabel(root, 'Select Floor lamp'));
    const all = byLabel(root, 'Select every lamp on this page');
    expect(all?.indeterminate).toBe(true);
    expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe('1 lamp selected');
    expect(byLabel(root, 'Select Floor lamp')?.closest('tr')?.className).toContain('bg-accent-soft');

    await click(all);
    expect(all?.checked).toBe(true);
    expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe('2 lamps selected');

    const bar = root.querySelector('section[aria-label="Bulk actions"]') as HTMLElement;
    await click(buttonByText(bar, 'Delete'));
    const dialog = bar.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain('Delete 2?');
    expect(deleted).toEqual([]);
    await click(buttonByText(dialog, 'Delete'));
    await waitFor(() => expect(deleted).toEqual([['l1', 'l2']]));
    await waitFor(() => expect(dialog.open).toBe(false));
  });

  it('cancelling the confirm step runs nothing; a new view starts with no selection', async () => {
    screenIsWide(false);
    const deleted: string[][] = [];
    const root = await mount(<LampList onDelete={async (ids) => void deleted.push(ids)} />);
    await click(byLabel(root, 'Select every lamp on this page'));
    const bar = root.querySelector('section[aria-label="Bulk actions"]') as HTMLElement;
    await click(buttonByText(bar, 'Delete'));
    await click(buttonByText(bar.querySelector('dialog') as HTMLElement, 'Cancel'));
    expect(deleted).toEqual([]);

    await click(buttonByText(root, 'Next page'));
    expect(root.querySelector('section[aria-label="Bulk actions"]')).toBeNull();
    expect(byLabel(root, 'Select Desk lamp')?.checked).toBe(false);
  });
});
