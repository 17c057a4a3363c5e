import { useEffect } from 'react';
import { Alert, Button, Flex, Grid, Table, Typography, type TableProps } from 'antd';
import { PageSpinner } from '../page-spinner';
import { DEFAULT_PAGE_SIZE } from './use-list-query';
import { ListPager, pageCountOf } from './list-pager';
import './list-table.css';

/**
 * A list table's width: on a phone it scrolls sideways in its card; from a tablet's width up it
 * fits the card (list-table.css), so every column is in view at 1280 pixels with the sidebar open.
 */
export function useFittedTable(): Pick<TableProps<object>, 'scroll' | 'className'> & {
  phone: boolean;
} {
  const phone = Grid.useBreakpoint().md === false;
  return phone
    ? { phone, scroll: { x: 'max-content' }, className: undefined }
    : { phone, scroll: undefined, className: 'list-table-fits' };
}

export interface ListTableProps<Row extends object> extends Omit<
  TableProps<Row>,
  'dataSource' | 'loading' | 'pagination' | 'locale'
> {
  /** The rows of the current page (undefined before the first answer). */
  rows: readonly Row[] | undefined;
  /** How many rows match in all (the response's count). */
  total: number | undefined;
  /** The count is an estimate (the response's totalIsEstimate): "Page X of about Y". */
  totalIsEstimate?: boolean;
  /** 1-based current page and how to change it (from useListQuery). */
  page: number;
  onPageChange: (page: number) => void;
  /** Rows per page: 10 unless told otherwise. */
  pageSize?: number;
  /** True while nothing has been loaded yet (RTK Query's isLoading). */
  isLoading: boolean;
  /** True while any load runs (RTK Query's isFetching): an overlay spinner over loaded rows. */
  isFetching?: boolean;
  /** First-load text, e.g. "Loading bookings...". */
  loadingText: string;
  /** Text of an empty list, e.g. "No bookings found". */
  emptyText: string;
  /** Message of a failed load, or null/undefined when the last load did not fail. */
  error?: string | null;
  /** What the retry control does (refetch, go to page 1, reload the page). */
  onRetry?: () => void;
  /** Label of the retry control: "Retry" unless told otherwise (e.g. "Try Again"). */
  retryLabel?: string;
}

/**
 * On a phone the table scrolls sideways: the Actions column stays on the right edge and the first
 * column on the left, so it shows which row it is and its actions; the other columns scroll
 * between them. From a tablet's width up every column fits the card (the cells wrap and cut their
 * long texts, list-screen.css), so nothing is fixed and nothing scrolls.
 */
function withFixedColumns<Row>(columns: TableProps<Row>['columns']): TableProps<Row>['columns'] {
  return columns?.map((column, index) => {
    if (column.fixed !== undefined) return column;
    if (column.key === 'actions') return { ...column, fixed: 'right' as const };
    return index === 0 && columns.length > 2 ? { ...column, fixed: 'left' as const } : column;
  });
}

/**
 * The list machine's table: first-load state, overlay spinner on later loads, empty text, error
 * with a retry control, and the pager. Rows are keyed by `_id` unless `rowKey` says otherwise.
 */
export function ListTable<Row extends object>({
  rows,
  total,
  totalIsEstimate = false,
  page,
  onPageChange,
  pageSize = DEFAULT_PAGE_SIZE,
  isLoading,
  isFetching = false,
  loadingText,
  emptyText,
  error,
  onRetry,
  retryLabel = 'Retry',
  rowKey = '_id' as TableProps<Row>['rowKey'],
  columns,
  ...tableProps
}: ListTableProps<Row>) {
  const pageCount = pageCountOf(total, pageSize);
  const fitted = useFittedTable();
  const phone = fitted.phone;
  const hasRows = Boolean(rows && rows.length > 0);

  // A page past the end (its last rows were deleted, or an old link): the server still counts
  // rows but this page has none, so step back to the last page.
  useEffect(() => {
    if (!isFetching && !error && !hasRows && total && page > pageCount) onPageChange(pageCount);
  }, [isFetching, error, hasRows, total, page, pageCount, onPageChange]);

  const retry = onRetry ? <Button onClick={onRetry}>{retryLabel}</Button> : null;

  if (isLoading && !hasRows) return <PageSpinner text={loadingText} />;

  const pager = (
    <ListPager
      page={page}
      pageCount={pageCount}
      estimated={totalIsEstimate ? { pageFull: (rows?.length ?? 0) >= pageSize } : undefined}
      onPageChange={onPageChange}
      disabled={isFetching}
    />
  );

  if (error && !hasRows) {
    // The failed page's place: its message, and the pager to go to another page.
    return (
      <Flex vertical gap="middle">
        <Flex vertical align="center" gap="middle" style={{ padding: '48px 16px' }} role="alert">
          <Typography.Text type="danger">{error}</Typography.Text>
          {retry}
        </Flex>
        {total ? pager : null}
      </Flex>
    );
  }

  return (
    <Flex vertical gap="middle">
      {error ? <Alert type="error" showIcon title={error} action={retry} /> : null}
      <Table<Row>
        {...tableProps}
        rowKey={rowKey}
        columns={phone ? withFixedColumns(columns) : columns}
        dataSource={rows as Row[] | undefined}
        loading={isFetching}
        pagination={false}
        locale={{ emptyText }}
        scroll={tableProps.scroll ?? fitted.scroll}
        className={[tableProps.className, fitted.className].filter(Boolean).join(' ')}
      />
      {pager}
    </Flex>
  );
}
