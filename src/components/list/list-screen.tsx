import type { ReactNode } from 'react';
import { Button, DatePicker, Flex, Input, Select, Space, Tag } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { errorText } from '../../api/errors';
import { ExportButton, type ExportCsv } from './export-button';
import type { FilterArgs, ListFilter } from './list-filters';
import { SEARCH_MAX_LENGTH, type FilterRule } from './list-url';
import { CellText } from './cell-text';
import './list-screen.css';
import { ListTable } from './list-table';
import { SavedViews, type SavedViewsOption } from './saved-views';
import { useListQuery } from './use-list-query';

/** What a cell may do to its list (e.g. a link that filters by the cell's value). */
export interface ListControls<F extends string> {
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

type Filters<Row> = Record<string, ListFilter<unknown, Row>>;

/** Booking types: the endpoint gives the whole list (this many rows at most) in one answer. */
export const WHOLE_LIST_LIMIT = 1000;

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
  retry?: 'refetch' | 'first-page' | 'reload';
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
  children,
}: ListScreenProps<Row, F, Args>) {
  type Name = keyof F & string;
  const names = Object.keys(filters) as Name[];
  const isName = (name: string): name is Name => names.includes(name as Name);
  const accept: Partial<Record<Name, FilterRule>> = {};
  for (const name of names) accept[name] = (value) => filters[name].parse(value) !== undefined;
  const list = useListQuery({ filters: names, accept, pageSize, prefix: urlPrefix });
  // A filter's change clears the filters it names (e.g. a record id with its record type).
  const setFilter = (name: Name, value: string | undefined) => {
    for (const other of filters[name].clears ?? []) {
      if (isName(other)) list.setFilter(other, undefined);
    }
    list.setFilter(name, value);
  };
  const controls: ListControls<Name> = { setFilter };
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
          {names.map((name) => {
            const filter = filters[name];
            const end = filter.end !== undefined && isName(filter.end) ? filter.end : undefined;
            return (
              <FilterControl
                key={name}
                filter={filter}
                value={list.filters[name]}
                onChange={(value) => setFilter(name, value)}
                end={
                  end === undefined
                    ? undefined
                    : { value: list.filters[end], onChange: (day) => setFilter(end, day) }
                }
              />
            );
          })}
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
    ? [...shown, { title: 'Actions', key: 'actions', render: (_, row) => actions(row) }]
    : shown;
}

/** The set 'tag' filters, each a closable tag (closing it clears the filter). */
function FilterTags<Row, F extends Filters<Row>>({
  filters,
  values,
  rows,
  onClose,
}: {
  filters: F;
  values: Record<keyof F & string, string | undefined>;
  rows: readonly Row[] | undefined;
  onClose: (name: keyof F & string, value: undefined) => void;
}) {
  const tags = (Object.keys(filters) as (keyof F & string)[]).flatMap((name) => {
    const { control, tag } = filters[name];
    const value = values[name];
    return control === 'tag' && tag && value !== undefined
      ? [{ name, text: tag(value, rows) }]
      : [];
  });
  if (!tags.length) return null;
  return (
    <Flex gap="small" wrap>
      {tags.map(({ name, text }) => (
        <Tag key={name} closable onClose={() => onClose(name, undefined)}>
          {text}
        </Tag>
      ))}
    </Flex>
  );
}

interface FilterValue {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

const DAY = 'YYYY-MM-DD';
const day = (value: string | undefined) => (value ? dayjs(value, DAY) : null);

/** A filter's control in the toolbar ('tag' and 'none' filters have none there). */
function FilterControl({
  filter,
  value,
  onChange,
  end,
}: FilterValue & {
  filter: ListFilter<unknown, never>;
  /** A date range's end. */
  end?: FilterValue;
}) {
  const { control } = filter;
  if (control === 'tag' || control === 'none') return null;
  if (control === 'date-range') {
    return (
      <DatePicker.RangePicker
        aria-label={filter.label}
        format={DAY}
        value={[day(value), day(end?.value)]}
        allowEmpty={[true, true]}
        onChange={(range) => {
          onChange(range?.[0]?.format(DAY));
          end?.onChange(range?.[1]?.format(DAY));
        }}
      />
    );
  }
  if (control === 'date') {
    return (
      <DatePicker
        allowClear
        format={DAY}
        placeholder="yyyy-MM-dd"
        aria-label={filter.label}
        value={day(value)}
        onChange={(next) => onChange(next ? next.format(DAY) : undefined)}
      />
    );
  }
  return (
    <Select
      aria-label={filter.label}
      prefix={filter.prefix}
      style={{ minWidth: filter.width ?? 150 }}
      value={value ?? ''}
      options={[...control]}
      onChange={(next: string) => onChange(next)}
    />
  );
}
