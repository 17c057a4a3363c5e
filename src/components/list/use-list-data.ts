/**
 * The list screen's data: the URL's search, filters and page (use-list-query.ts) turned into the
 * endpoint's arguments, and its answer into the page's rows and total.
 */
import type { Filters } from './filter-controls';
import type { FilterArgs } from './list-filters';
import type { FilterRule } from './list-url';
import { useListQuery } from './use-list-query';

/** What a list endpoint's RTK Query hook gives a list screen. */
export interface ListQueryResult<Row> {
  data?: { data?: readonly Row[]; count?: number; totalIsEstimate?: boolean };
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

/** Booking types: the endpoint gives the whole list (this many rows at most) in one answer. */
const WHOLE_LIST_LIMIT = 1000;

/** A failed load's control: load again, go to page 1, or reload the page. */
export type ListRetry = 'refetch' | 'first-page' | 'reload';

/** Each as the ListScreen prop of the same name. */
export interface ListDataOptions<Row, F extends Filters<Row>, Args extends object> {
  query: (args: NoInfer<Args & ListPaging & FilterArgs<F>>) => ListQueryResult<Row>;
  args?: Args;
  filters: F;
  pageSize?: number;
  urlPrefix?: string;
  searchIn?: (row: Row) => string;
  retry: ListRetry;
}

export function useListData<Row, F extends Filters<Row>, Args extends object>(
  options: ListDataOptions<Row, F, Args>,
) {
  const { filters, searchIn, retry } = options;
  type Name = keyof F & string;
  const names = Object.keys(filters) as Name[];
  const isName = (name: string): name is Name => names.includes(name as Name);
  const accept: Partial<Record<Name, FilterRule>> = {};
  for (const name of names) accept[name] = (value) => filters[name].parse(value) !== undefined;
  const list = useListQuery({
    filters: names,
    accept,
    pageSize: options.pageSize,
    prefix: options.urlPrefix,
  });
  // A filter's change clears the filters it names (e.g. a record id with its record type).
  const setFilter = (name: Name, value: string | undefined) => {
    for (const other of filters[name].clears ?? []) {
      if (isName(other)) list.setFilter(other, undefined);
    }
    list.setFilter(name, value);
  };
  const filterArgs = Object.fromEntries(
    names.flatMap((name) => {
      const value = list.filters[name];
      return value === undefined ? [] : [[name, filters[name].parse(value)]];
    }),
  ) as FilterArgs<F>;
  const result = options.query({
    ...(options.args as Args),
    ...(searchIn
      ? { skip: 0, limit: WHOLE_LIST_LIMIT }
      : { skip: list.skip, limit: list.limit, ...(list.search ? { search: list.search } : {}) }),
    ...filterArgs,
  });

  // A failed load shows no rows: the query still holds the last answer (another page's rows),
  // which must never appear under this page's error.
  let rows = result.isError ? undefined : result.data?.data;
  let total = result.data?.count;
  // The server's count is an estimate (a frequent search text on the bookings, docs/scale.md).
  const totalIsEstimate = !searchIn && result.data?.totalIsEstimate === true;
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

  return { list, names, setFilter, filterArgs, result, rows, total, totalIsEstimate, onRetry };
}
