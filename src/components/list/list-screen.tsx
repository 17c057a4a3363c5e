import type { ReactNode } from 'react';
import { Button, DatePicker, Flex, Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { errorText } from '../../api/errors';
import type { FilterArgs, ListFilter } from './list-filters';
import type { FilterRule } from './list-url';
import { ListTable } from './list-table';
import { useListQuery, type ListQuery } from './use-list-query';

/** One column: its cell as plain text (what an export writes) and, when richer, on screen. */
export interface ListColumn<Row> {
  title: string;
  key: string;
  text: (row: Row) => string;
  /** The cell on screen; its text when not given. */
  render?: (row: Row) => ReactNode;
}

/** The spec's texts of a list screen. */
export interface ListTexts {
  /** The search box's placeholder and accessible name. */
  search: string;
  /** First load, e.g. "Loading users...". */
  loading: string;
  /** No rows, e.g. "No users found". */
  empty: string;
  /** A failed load when the server gives no message: after an HTTP answer, or without one. */
  error: { http: string; other: string };
}

/** What a list endpoint's RTK Query hook gives a list screen. */
export interface ListQueryResult<Row> {
  data?: { data?: readonly Row[]; count?: number };
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** Paging and search: what every list endpoint takes. */
export interface ListPaging {
  skip: number;
  limit: number;
  search?: string;
}

type Filters = Record<string, ListFilter<unknown>>;

/** Booking types: the endpoint gives the whole list (this many rows at most) in one answer. */
export const WHOLE_LIST_LIMIT = 1000;

export interface ListScreenProps<Row, F extends Filters, Args extends object> {
  /** The list endpoint's query hook (e.g. useListUsersQuery). */
  query: (args: NoInfer<Args & ListPaging & FilterArgs<F>>) => ListQueryResult<Row>;
  /** The endpoint's other arguments on this screen (e.g. { restaurant }). */
  args?: Args;
  columns: readonly ListColumn<Row>[];
  /** The Actions column (last) of a row. */
  actions?: (row: Row) => ReactNode;
  /** The filters after the search box, in this order, each kept in the URL under its name. */
  filters?: F;
  texts: ListTexts;
  /** Shows "Clear Filters" after the filters. */
  clearable?: boolean;
  /** The right end of the toolbar (e.g. a "Create" button). */
  toolbar?: ReactNode;
  /** A failed load's control: load again ("Retry"), go to page 1 ("Retry"), reload the page ("Try Again"). */
  retry?: 'refetch' | 'first-page' | 'reload';
  /** Rows per page: 10 unless told otherwise. */
  pageSize?: number;
  /** Prefix of the URL parameters when the page holds other lists (e.g. 'recent'). */
  urlPrefix?: string;
  /** The endpoint gives the whole list: it is searched (in this text of a row) and paged here. */
  searchIn?: (row: Row) => string;
  /** Rendered after the table with the page's rows (e.g. the details of the row being viewed). */
  children?: (rows: readonly Row[] | undefined) => ReactNode;
}

const NO_FILTERS = {};

/**
 * The list screen: search box, filters, toolbar, table, pager, and the loading, empty and error
 * states, with the search text, filters and page kept in the URL (use-list-query.ts).
 */
export function ListScreen<
  Row extends object,
  F extends Filters = Record<never, never>,
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
  children,
}: ListScreenProps<Row, F, Args>) {
  const names = Object.keys(filters) as (keyof F & string)[];
  const accept: Partial<Record<keyof F & string, FilterRule>> = {};
  for (const name of names) accept[name] = (value) => filters[name].parse(value) !== undefined;
  const list = useListQuery({ filters: names, accept, pageSize, prefix: urlPrefix });
  const filterArgs = Object.fromEntries(
    names.flatMap((name) => {
      const value = list.filters[name];
      return value === undefined ? [] : [[name, filters[name].parse(value)]];
    }),
  ) as FilterArgs<F>;
  const result = query({
    ...(args as Args),
    ...(searchIn
      ? { skip: 0, limit: WHOLE_LIST_LIMIT }
      : { skip: list.skip, limit: list.limit, ...(list.search ? { search: list.search } : {}) }),
    ...filterArgs,
  });

  // A failed load shows no rows: the query still holds the last answer (another page's rows),
  // which must never appear under this page's error.
  let rows = result.isError ? undefined : result.data?.data;
  let total = result.data?.count;
  if (searchIn && rows) {
    const needle = list.search.toLowerCase();
    const found = needle
      ? rows.filter((row) => searchIn(row).toLowerCase().includes(needle))
      : rows;
    total = found.length;
    rows = found.slice(list.skip, list.skip + list.limit);
  }

  const onRetry = () => {
    if (retry === 'reload') window.location.reload();
    else if (retry === 'first-page' && list.page !== 1) list.setPage(1);
    else void result.refetch();
  };

  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="small" justify="space-between" align="center">
        <Space wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={texts.search}
            aria-label={texts.search}
            value={list.searchInput}
            onChange={(event) => list.setSearch(event.target.value)}
            style={{ width: 360, maxWidth: '100%' }}
          />
          {names.map((name) => (
            <FilterControl key={name} filter={filters[name]} name={name} list={list} />
          ))}
          {clearable ? <Button onClick={list.clearFilters}>Clear Filters</Button> : null}
        </Space>
        {toolbar}
      </Flex>
      <ListTable<Row>
        rows={rows}
        total={total}
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
        columns={tableColumns(columns, actions)}
      />
      {children?.(rows)}
    </Flex>
  );
}

function tableColumns<Row>(
  columns: readonly ListColumn<Row>[],
  actions: ((row: Row) => ReactNode) | undefined,
): ColumnsType<Row> {
  const shown: ColumnsType<Row> = columns.map(({ title, key, text, render = text }) => ({
    title,
    key,
    render: (_, row) => render(row),
  }));
  return actions
    ? [...shown, { title: 'Actions', key: 'actions', render: (_, row) => actions(row) }]
    : shown;
}

function FilterControl<F extends string>({
  filter,
  name,
  list,
}: {
  filter: ListFilter<unknown>;
  name: F;
  list: ListQuery<F>;
}) {
  const value = list.filters[name];
  if (filter.control === 'date') {
    return (
      <DatePicker
        allowClear
        format="YYYY-MM-DD"
        placeholder="yyyy-MM-dd"
        aria-label={filter.label}
        value={value ? dayjs(value, 'YYYY-MM-DD') : null}
        onChange={(day) => list.setFilter(name, day ? day.format('YYYY-MM-DD') : undefined)}
      />
    );
  }
  return (
    <Select
      aria-label={filter.label}
      prefix={filter.prefix}
      style={{ minWidth: filter.width ?? 150 }}
      value={value ?? ''}
      options={[...filter.control]}
      onChange={(next: string) => list.setFilter(name, next)}
    />
  );
}
