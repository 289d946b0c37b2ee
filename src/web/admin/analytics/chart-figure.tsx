import type { ReactNode } from 'react';

export interface FigureColumn {
  label: string;
  align?: 'right';
}

/**
 * A chart with its words around it (docs/engineering.md: each chart with a table): the picture is
 * one image to a screen reader, named by `summary` (a sentence with the figures that matter), and
 * the same figures are in a table under "Show as a table" for anyone. The table's rows are plain
 * text, so it fits a 390 px phone with two or three columns.
 */
export function ChartFigure({
  summary,
  columns,
  rows,
  children,
  className = '',
}: {
  summary: string;
  columns: readonly FigureColumn[];
  /** One per row; `key` names it among the others (a day, a status). */
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
  children: ReactNode;
  className?: string;
}) {
  return (
    <figure className={`min-w-0 ${className}`}>
      <div role="img" aria-label={summary} className="min-w-0">
        {children}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-accent">Show as a table</summary>
        <table className="mt-2 w-full text-left tabular-nums">
          <thead className="text-xs text-muted uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={`py-1 pr-2 font-medium last:pr-0 ${column.align === 'right' ? 'text-right' : ''}`}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, cellIndex) => {
                  const column = columns[cellIndex];
                  return cellIndex === 0 ? (
                    <th key={column?.label} scope="row" className="py-1 pr-2 text-left font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td
                      key={column?.label}
                      className={`py-1 pr-2 last:pr-0 ${column?.align === 'right' ? 'text-right' : ''}`}
                    >
                      {cell}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * The charts' colours and text, from the theme's variables (styles.css), so they follow light,
 * dark and high contrast without a second set.
 */
export const CHART = {
  line: 'var(--accent)',
  bar: 'var(--accent-solid)',
  second: 'var(--warning)',
  grid: 'var(--line)',
  axis: 'var(--line-strong)',
  tick: { fill: 'var(--muted)', fontSize: 12 },
  tooltip: {
    contentStyle: {
      background: 'var(--surface)',
      border: '1px solid var(--line-strong)',
      borderRadius: '0.75rem',
      color: 'var(--fg)',
      fontSize: '0.875rem',
    },
    labelStyle: { color: 'var(--strong)', fontWeight: 600 },
    itemStyle: { color: 'var(--fg)' },
    cursor: { stroke: 'var(--line-strong)', fill: 'var(--subtle)' },
  },
} as const;
