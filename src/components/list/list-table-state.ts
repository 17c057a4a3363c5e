import { errorText } from '../../api/errors';
import type { ListQuery } from './use-list-query';

/** What a list endpoint's RTK Query hook result gives a list screen. */
export interface ListQueryResult<Row> {
  data?: { data?: readonly Row[]; count?: number };
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
}

/**
 * The ListTable props that come from the list machine and the list query: the page's rows and
 * count, paging, loading states and, when `errors` is given, the failed load's message. A failed
 * load shows no rows: the query still holds the last answer (another page's rows), which must
 * never appear under this page's error.
 */
export function listTableState<Row>(
  query: ListQueryResult<Row>,
  list: Pick<ListQuery<string>, 'page' | 'setPage' | 'limit'>,
  errors?: { http: string; other: string },
) {
  return {
    rows: query.isError ? undefined : query.data?.data,
    total: query.data?.count,
    page: list.page,
    onPageChange: list.setPage,
    pageSize: list.limit,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.isError && errors ? errorText(query.error, errors) : null,
  };
}
