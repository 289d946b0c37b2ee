/** One column of a static table: its header's words and the classes its cells line up with. */
export type Column = readonly [label: string, className: string];

/**
 * The header row of a small table that is not a list screen (a packing slip, an import's error
 * rows): a `<th scope="col">` per column, so screen readers name each cell by its column. List
 * screens get theirs from `DataList`.
 */
export function ColumnHeaders({ columns, className }: { columns: readonly Column[]; className?: string }) {
  return (
    <tr className={className}>
      {columns.map(([label, cellClass]) => (
        <th key={label} scope="col" className={cellClass}>
          {label}
        </th>
      ))}
    </tr>
  );
}
