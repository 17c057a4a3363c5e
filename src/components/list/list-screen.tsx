import type { ReactNode } from 'react';
import { Button, Flex, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { errorText } from '../../api/errors';
import { useBulkSelection, type BulkOption } from './bulk-actions';
import { ExportButton, type ExportCsv } from './export-button';
import { FilterControls, FilterTags, type Filters } from './filter-controls';
import type { FilterArgs } from './list-filters';
import { SEARCH_MAX_LENGTH } from './list-url';
import { CellText } from './cell-text';
import './list-screen.css';
import { ListTable } from './list-table';
import { SavedViews, type SavedViewsOption } from './saved-views';
import {
  useListData,
  type ListPaging,
  type ListQueryResult,
  type ListRetry,
} from './use-list-data';

/** What a cell may do to its list (e.g. a link that filters by the cell's value). */
interface ListControls<F extends string> {
  /** Sets (or with undefined or '', clears) one of the screen's filters, as its control does. */
  setFilter: (name: F, value: string | undefined) => void;
}

/** One column: its cell as plain text (what an export writes) and, when richer, on screen. */
export interface ListColumn<Row, F extends string = never> {
  title: string;
  key: string;
  text: (row: Row) => string;
  /** The cell on screen; else its text, on one line (cut with an ellipsis and a tooltip when long). */
  render?: (row: Row, list: ListControls<F>) => ReactNode;
}

/** The spec's texts of a list screen. */
interface ListTexts {
  /** The search box's placeholder and accessible name. */
  search: string;
  /** First load, e.g. "Loading users...". */
  loading: string;
  /** No rows, e.g. "No users found". */
  empty: string;
  /** A failed load when the server gives no message: after an HTTP answer, or without one. */
  error: { http: string; other: string };
}

export interface ListScreenProps<Row, F extends Filters<Row>, Args extends object> {
  /** The list endpoint's query hook (e.g. useListUsersQuery). */
  query: (args: NoInfer<Args & ListPaging & FilterArgs<F>>) => ListQueryResult<Row>;
  /** The endpoint's other arguments on this screen (e.g. { restaurant }). */
  args?: Args;
  columns: readonly ListColumn<Row, keyof F & string>[];
  /** The Actions column (last) of a row. */
  actions?: (row: Row) => ReactNode;
  /**
   * The filters after the search box, in this order, each kept in the URL under its name; the
   * set 'tag' filters are shown as closable tags above the table.
   */
  filters?: F;
  texts: ListTexts;
  /** Shows "Clear Filters" after the filters. */
  clearable?: boolean;
  /** The right end of the toolbar (e.g. a "Create" button). */
  toolbar?: ReactNode;
  /** A failed load's control: load again ("Retry"), go to page 1 ("Retry"), reload the page ("Try Again"). */
  retry?: ListRetry;
  /** Rows per page: 10 unless told otherwise. */
  pageSize?: number;
  /** Prefix of the URL parameters when the page holds other lists (e.g. 'recent'). */
  urlPrefix?: string;
  /** The endpoint gives the whole list: it is searched (in this text of a row) and paged here. */
  searchIn?: (row: Row) => string;
  /** An "Export CSV" button after the filters: every row of this search and these filters. */
  exportCsv?: ExportCsv;
  /** The list's saved views (select, save, rename, delete) after the filters. */
  savedViews?: SavedViewsOption;
  /**
   * Bulk actions: a checkbox on each row (and "select all on this page"), the buttons the admin
   * may use, one request for the selected rows, the result of each row (rows need `_id` and
   * `version`).
   */
  bulk?: BulkOption<Row>;
  /** Rendered after the table with the page's rows (e.g. the details of the row being viewed). */
  children?: (rows: readonly Row[] | undefined) => ReactNode;
}

const NO_FILTERS = {};

/**
 * The list screen: search box, filters (filter-controls.tsx), toolbar, table, pager, and the
 * loading, empty and error states; its data and URL state come from use-list-data.ts.
 */
export function ListScreen<
  Row extends object,
  F extends Filters<Row> = Record<never, never>,
  Args extends object = Record<never, never>,
>({
  query,
  args,
  columns,
  actions,
  filters = NO_FILTERS as F,
  texts,
  clearable = false,
  toolbar,
  retry = 'refetch',
  pageSize,
  urlPrefix,
  searchIn,
  exportCsv,
  savedViews,
  bulk,
  children,
}: ListScreenProps<Row, F, Args>) {
  const { list, names, setFilter, filterArgs, result, rows, total, totalIsEstimate, onRetry } =
    useListData({
      query,
      args,
      filters,
      pageSize,
      urlPrefix,
      searchIn,
      retry,
    });
  const controls: ListControls<keyof F & string> = { setFilter };
  const selection = useBulkSelection(bulk, rows);

  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="small" justify="space-between" align="center">
        <Space wrap className="list-controls">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={texts.search}
            aria-label={texts.search}
            value={list.searchInput}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(event) => list.setSearch(event.target.value)}
            style={{ width: 360, maxWidth: '100%' }}
          />
          <FilterControls<Row, F> filters={filters} values={list.filters} onChange={setFilter} />
          {clearable ? <Button onClick={list.clearFilters}>Clear Filters</Button> : null}
          {exportCsv ? (
            <ExportButton
              list={exportCsv.list}
              path={exportCsv.path}
              params={{
                ...(exportCsv.args ?? args),
                ...(list.search ? { search: list.search } : {}),
                ...filterArgs,
              }}
            />
          ) : null}
          {savedViews ? (
            <SavedViews
              screen={savedViews.screen}
              params={{ names: [...names, ...(savedViews.params ?? [])], prefix: urlPrefix ?? '' }}
              values={{ search: list.search, ...list.filters }}
            />
          ) : null}
        </Space>
        {toolbar}
      </Flex>
      <FilterTags filters={filters} values={list.filters} rows={rows} onClose={setFilter} />
      {selection.bar}
      <ListTable<Row>
        rowSelection={selection.rowSelection}
        rows={rows}
        total={total}
        totalIsEstimate={totalIsEstimate}
        page={list.page}
        onPageChange={list.setPage}
        pageSize={list.limit}
        isLoading={result.isLoading}
        isFetching={result.isFetching}
        loadingText={texts.loading}
        emptyText={texts.empty}
        error={result.isError ? errorText(result.error, texts.error) : null}
        onRetry={onRetry}
        retryLabel={retry === 'reload' ? 'Try Again' : 'Retry'}
        columns={tableColumns(columns, actions, controls)}
      />
      {children?.(rows)}
    </Flex>
  );
}

function tableColumns<Row, F extends string>(
  columns: readonly ListColumn<Row, F>[],
  actions: ((row: Row) => ReactNode) | undefined,
  controls: ListControls<F>,
): ColumnsType<Row> {
  const shown: ColumnsType<Row> = columns.map(({ title, key, text, render }) => ({
    title,
    key,
    render: (_, row) => (render ? render(row, controls) : <CellText text={text(row)} />),
  }));
  return actions
    ? [
        ...shown,
        {
          title: 'Actions',
          key: 'actions',
          className: 'list-actions',
          render: (_, row) => actions(row),
        },
      ]
    : shown;
}
