import type { ListResult } from '#web/lib/api-client.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { DataList, type ListColumn, type ListSelectionOptions } from './data-list.tsx';
import { type EmptyText, ListEmpty, ListSkeleton } from './list-states.tsx';
import { Pager } from './pager.tsx';
import type { ListState } from './use-list-state.ts';

/** The parts of a TanStack query result a list reads. */
export interface ListQuery<Row> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: ListResult<Row> | undefined;
  refetch: () => unknown;
}

/**
 * An admin list's body for one query: skeleton while the first page loads, InlineError with Retry
 * when it failed, the empty state, else the rows (table or cards, DataList) with the pager and
 * page size of `list`.
 */
export function AdminList<Row extends { id: string }>({
  list,
  query,
  columns,
  empty,
  selection,
  label,
  tableClassName,
  totalIsFloor,
}: {
  list: ListState;
  query: ListQuery<Row>;
  columns: ReadonlyArray<ListColumn<Row>>;
  empty: EmptyText;
  selection?: ListSelectionOptions<Row>;
  /** Names the table region and card list; default the capitalised plural ("Products"). */
  label?: string;
  /** The table's minimum width (a Tailwind class), under which it scrolls sideways. */
  tableClassName?: string;
  /** The pager's total is a floor ("10,000+ entries"): a list that counts its matches up to a cap. */
  totalIsFloor?: boolean;
}) {
  const { noun, pageSizes } = list.definition;
  const plural = noun[1];
  if (query.isPending) return <ListSkeleton label={`Loading ${plural}`} />;
  if (query.isError || !query.data) {
    return <InlineError title={`Could not load the ${plural}`} onRetry={() => void query.refetch()} />;
  }
  const { data: rows, pagination } = query.data;
  if (rows.length === 0) return <ListEmpty filtered={list.filtered} plural={plural} text={empty} />;
  return (
    <div className="card" aria-busy={query.isFetching}>
      <DataList
        label={label ?? `${plural.charAt(0).toUpperCase()}${plural.slice(1)}`}
        rows={rows}
        columns={columns}
        rowKey={(row) => row.id}
        selection={selection}
        tableClassName={tableClassName}
      />
      <Pager
        page={pagination.page}
        totalPages={pagination.totalPages}
        total={pagination.total}
        noun={noun}
        totalIsFloor={totalIsFloor}
        onPage={list.setPage}
        pageSize={pageSizes ? { value: list.limit, options: pageSizes, onChange: list.setPageSize } : undefined}
      />
    </div>
  );
}
