import { type ReactNode, useId } from 'react';
import { ScrollTable } from './scroll-table.tsx';
import type { RowSelection } from './use-row-selection.ts';
import { useWideScreen } from './use-wide-screen.ts';

/**
 * Where a column's value goes on a phone card:
 * - title: the card's heading line (usually the link to the record); aside: right of the title (a total);
 * - subtitle: the line under the title; line: "Header value" under that;
 * - badge: in the row of pills; actions: the buttons at the foot; hidden: not on cards.
 */
export type CardPlacement = 'title' | 'aside' | 'subtitle' | 'line' | 'badge' | 'actions' | 'hidden';

export interface ListColumn<Row> {
  /** The column header, and a card line's label. */
  header: string;
  cell: (row: Row) => ReactNode;
  card: CardPlacement;
  /** What the card shows when it differs from the table cell (say, phone and email on one line). */
  cardCell?: (row: Row) => ReactNode;
  align?: 'right';
  /** The header is read by screen readers only (an actions column). */
  headerHidden?: boolean;
  /** Extra classes of the table cell (`whitespace-nowrap`, `font-mono`). */
  className?: string;
}

export interface ListSelectionOptions<Row> {
  state: RowSelection;
  /** The row checkbox's accessible name: "Select Arduino Uno". */
  rowLabel: (row: Row) => string;
  /** The page checkbox's accessible name: "Select every product on this page". */
  allLabel: string;
}

interface DataListProps<Row> {
  /** Names the table's region and the card list ("Products"). */
  label: string;
  rows: readonly Row[];
  columns: ReadonlyArray<ListColumn<Row>>;
  rowKey: (row: Row) => string;
  selection?: ListSelectionOptions<Row>;
  /** The table's minimum width (a Tailwind class), under which it scrolls sideways. */
  tableClassName?: string;
}

/**
 * One list, two shapes from one column definition: a table from Tailwind's `md` width, one card
 * per row below it. Chosen in script (useWideScreen) rather than by hiding a copy with CSS, so the
 * page holds each row once.
 */
export function DataList<Row>(props: DataListProps<Row>) {
  const wide = useWideScreen();
  return wide ? <ListTable {...props} /> : <ListCards {...props} />;
}

const alignClass = (align: 'right' | undefined) => (align === 'right' ? 'text-right' : '');

function SelectBox({
  id,
  label,
  checked,
  mixed,
  onChange,
}: {
  id?: string;
  label: string;
  checked: boolean;
  mixed?: boolean;
  onChange: () => void;
}) {
  return (
    <input
      id={id}
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(element) => {
        if (element) element.indeterminate = Boolean(mixed);
      }}
      onChange={onChange}
      className="size-4 accent-accent"
    />
  );
}

/** The page's box: ticks every row on it, or none; a dash when only some are. */
function SelectAllBox<Row>({ selection, id }: { selection: ListSelectionOptions<Row>; id?: string }) {
  const { state, allLabel } = selection;
  return (
    <SelectBox
      id={id}
      label={allLabel}
      checked={state.allSelected}
      mixed={state.someSelected}
      onChange={state.toggleAll}
    />
  );
}

function RowSelectBox<Row>({
  selection,
  row,
  rowId,
}: {
  selection: ListSelectionOptions<Row>;
  row: Row;
  rowId: string;
}) {
  return (
    <SelectBox
      label={selection.rowLabel(row)}
      checked={selection.state.isSelected(rowId)}
      onChange={() => selection.state.toggle(rowId)}
    />
  );
}

function ListTable<Row>({ label, rows, columns, rowKey, selection, tableClassName = '' }: DataListProps<Row>) {
  return (
    <ScrollTable label={label}>
      <table className={`w-full text-left text-sm ${tableClassName}`}>
        <thead className="text-xs tracking-wide text-muted uppercase">
          <tr>
            {selection && (
              <th scope="col" className="w-10 py-3 pr-1 pl-5">
                <SelectAllBox selection={selection} />
              </th>
            )}
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`px-4 py-3 font-medium whitespace-nowrap first:pl-5 last:pr-5 ${alignClass(column.align)}`}
              >
                {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => {
            const key = rowKey(row);
            const selected = selection?.state.isSelected(key) ?? false;
            return (
              <tr key={key} className={selected ? 'bg-accent-soft' : undefined}>
                {selection && (
                  <td className="py-3 pr-1 pl-5">
                    <RowSelectBox selection={selection} row={row} rowId={key} />
                  </td>
                )}
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={`px-4 py-3 first:pl-5 last:pr-5 ${alignClass(column.align)} ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function ListCards<Row>({ label, rows, columns, rowKey, selection }: DataListProps<Row>) {
  const allId = useId();
  const placed = (placement: CardPlacement) => columns.filter((column) => column.card === placement);
  const show = (column: ListColumn<Row>, row: Row) => (column.cardCell ?? column.cell)(row);
  const titles = placed('title');
  const asides = placed('aside');
  const subtitles = placed('subtitle');
  const lines = placed('line');
  const badges = placed('badge');
  const actions = placed('actions');
  return (
    <>
      {selection && rows.length > 0 && (
        <div className="flex items-center gap-3 border-b border-line px-4 py-2.5 text-sm text-muted">
          <SelectAllBox selection={selection} id={allId} />
          {/* The box's own name says which rows; this caption is for the eye (and a bigger target). */}
          <label htmlFor={allId} aria-hidden="true">
            Select all on this page
          </label>
        </div>
      )}
      <ul aria-label={label} className="divide-y divide-line">
        {rows.map((row) => {
          const key = rowKey(row);
          const selected = selection?.state.isSelected(key) ?? false;
          return (
            <li key={key} className={`flex gap-3 px-4 py-3 ${selected ? 'bg-accent-soft' : ''}`}>
              {selection && (
                <div className="pt-0.5">
                  <RowSelectBox selection={selection} row={row} rowId={key} />
                </div>
              )}
              <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                {(titles.length > 0 || asides.length > 0) && (
                  <div className="flex items-baseline justify-between gap-3">
                    <div className="min-w-0 font-medium text-strong">
                      {titles.map((column) => (
                        <div key={column.header}>{show(column, row)}</div>
                      ))}
                    </div>
                    {asides.map((column) => (
                      <div key={column.header} className="shrink-0 text-right font-medium text-strong tabular-nums">
                        {show(column, row)}
                      </div>
                    ))}
                  </div>
                )}
                {subtitles.map((column) => (
                  <div key={column.header} className="mt-0.5 text-sm text-muted">
                    {show(column, row)}
                  </div>
                ))}
                {lines.length > 0 && (
                  <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs">
                    {lines.map((column) => (
                      <div key={column.header} className="flex min-w-0 gap-1.5">
                        <dt className="text-muted">{column.header}</dt>
                        <dd className="min-w-0">{show(column, row)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {(badges.length > 0 || actions.length > 0) && (
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    {badges.map((column) => (
                      <span key={column.header}>{show(column, row)}</span>
                    ))}
                    {actions.map((column) => (
                      <span key={column.header} className="ml-auto">
                        {show(column, row)}
                      </span>
                    ))}
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
