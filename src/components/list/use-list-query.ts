import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router-dom';
import { debounce } from '../../lib/debounce';
import {
  clearListView,
  readListView,
  writeFilter,
  writePage,
  writeSearch,
  type FilterRule,
  type ListUrl,
} from './list-url';

export const DEFAULT_PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 500;

export interface ListQueryOptions<F extends string> {
  /** Names of the filters kept in the URL query (e.g. ['status', 'isFeatured']). */
  filters?: readonly F[];
  /** The values each filter accepts (see ListUrl). */
  accept?: Partial<Record<F, FilterRule>>;
  /** Rows per page: 10 unless told otherwise. */
  pageSize?: number;
  /** Quiet time before typed search text is applied: 500 ms. */
  debounceMs?: number;
  /** Prefix of this list's URL parameters, for a screen with two lists (see ListUrl). */
  prefix?: string;
}

export interface ListQuery<F extends string = never> {
  /** The applied search text (trimmed; from the URL). */
  search: string;
  /** The search box's value: shown at once, applied to the URL 500 ms after the last change. */
  searchInput: string;
  /** Call with the search box's new value (on every keystroke). */
  setSearch: (value: string) => void;
  /** Current filter values from the URL; undefined when a filter is not set. */
  filters: Record<F, string | undefined>;
  /** Sets (or with undefined or '', clears) one filter and goes back to page 1. */
  setFilter: (name: F, value: string | undefined) => void;
  /** Clears the search and every filter and goes back to page 1. */
  clearFilters: () => void;
  /** 1-based page number. */
  page: number;
  setPage: (page: number) => void;
  /** (page - 1) * limit */
  skip: number;
  /** The page size. */
  limit: number;
}

const NO_FILTERS: readonly never[] = [];

/**
 * The list machine's router adapter: the list's view (list-url.ts) read from the URL query and
 * its changes applied as navigations, so that a list view can be shared, reloaded and reached
 * with back and forward. Search text is applied 500 ms after the last keystroke.
 */
export function useListQuery<F extends string = never>(
  options: ListQueryOptions<F> = {},
): ListQuery<F> {
  const {
    filters: filterNames = NO_FILTERS as readonly F[],
    pageSize = DEFAULT_PAGE_SIZE,
    debounceMs = SEARCH_DEBOUNCE_MS,
    prefix = '',
    accept,
  } = options;
  const filterKey = filterNames.join('\n');
  // What the URL writes need: a new object only when a name changes (the rules only matter
  // when reading, so a screen need not keep them constant).
  const url = useMemo<ListUrl<F>>(
    () => ({ filters: filterKey ? (filterKey.split('\n') as F[]) : [], prefix }),
    [filterKey, prefix],
  );
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  // Public hooks only see the location React has rendered; while a lazily loaded page suspends
  // (react-router renders navigations as transitions) that is still this page, so leaving is
  // only visible to a subscriber of the router itself.
  const router = useContext(UNSAFE_DataRouterContext)?.router;

  // Updates build on the newest query even between renders (a debounced call, two filters set
  // in one handler); react-router's setter would otherwise start from its render's query.
  const latest = useRef({ searchParams, setSearchParams });
  // Take the router's query only when it really changed: while a navigation is still pending
  // (react-router runs it as a transition), an urgent render such as a keystroke in the search
  // box still sees the old query, and adopting it would let the debounced search restore a
  // filter that was just cleared.
  const seen = useRef(searchParams);
  if (seen.current !== searchParams) {
    seen.current = searchParams;
    latest.current.searchParams = searchParams;
  }
  latest.current.setSearchParams = setSearchParams;

  /** Navigates to the changed query; the new query, or null when nothing changed. */
  const update = useCallback((change: (params: URLSearchParams) => URLSearchParams) => {
    const next = change(latest.current.searchParams);
    if (next.toString() === latest.current.searchParams.toString()) return null;
    latest.current.searchParams = next;
    latest.current.setSearchParams(next);
    return next;
  }, []);

  const view = readListView(searchParams, { ...url, accept });
  const { search, page } = view;
  const filterValuesKey = url.filters.map((name) => view.filters[name] ?? '').join('\n');
  // A new object only when a value changed, so that screens can depend on it.
  const filters = useMemo(() => {
    const values = filterValuesKey.split('\n');
    return Object.fromEntries(
      url.filters.map((name, i) => [name, values[i] || undefined]),
    ) as Record<F, string | undefined>;
  }, [url, filterValuesKey]);

  const [searchInput, setSearchInput] = useState(search);
  const input = useRef(search);
  // The search text this hook last navigated to, until it arrives: its arrival is not a change
  // of the URL by itself, and must not replace what was typed meanwhile.
  const ownSearch = useRef<string | undefined>(undefined);

  const applySearch = useMemo(
    () =>
      debounce((value: string) => {
        const next = update((params) => writeSearch(params, url, value));
        if (next) ownSearch.current = readListView(next, url).search;
      }, debounceMs),
    [update, url, debounceMs],
  );
  useEffect(() => () => applySearch.cancel(), [applySearch]);

  // Another page is opening: drop typing not yet applied at once. The router moves before React
  // shows the new page (a lazily loaded page keeps this one on screen until its chunk arrives),
  // and a search applied meanwhile would navigate away from the page the user chose.
  useEffect(() => {
    if (!router) return undefined;
    return router.subscribe((state) => {
      if (state.location.pathname !== pathname) applySearch.cancel();
    });
  }, [router, pathname, applySearch]);

  // The URL changed by itself (back, forward, a link, another route showing this same screen):
  // show its search text in the box and drop typing not yet applied. The box keeps its value
  // when it only differs by trimmed spaces.
  const shownPath = useRef(pathname);
  useEffect(() => {
    const moved = shownPath.current !== pathname;
    shownPath.current = pathname;
    const own = ownSearch.current;
    ownSearch.current = undefined;
    if (!moved && (own === search || input.current.trim() === search)) return;
    applySearch.cancel();
    input.current = search;
    setSearchInput(search);
  }, [pathname, search, applySearch]);

  const setSearch = useCallback(
    (value: string) => {
      input.current = value;
      setSearchInput(value);
      applySearch(value);
    },
    [applySearch],
  );

  const setFilter = useCallback(
    (name: F, value: string | undefined) =>
      update((params) => writeFilter(params, url, name, value)),
    [update, url],
  );

  const clearFilters = useCallback(() => {
    applySearch.cancel();
    input.current = '';
    setSearchInput('');
    update((params) => clearListView(params, url));
  }, [applySearch, update, url]);

  const setPage = useCallback(
    (next: number) => update((params) => writePage(params, url, next)),
    [update, url],
  );

  return {
    search,
    searchInput,
    setSearch,
    filters,
    setFilter,
    clearFilters,
    page,
    setPage,
    skip: (page - 1) * pageSize,
    limit: pageSize,
  };
}

/** Goes back to the first page of the list on screen (e.g. after adding a row). */
export function useFirstPage(prefix = ''): () => void {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    () => setSearchParams((params) => writePage(params, { filters: [], prefix }, 1)),
    [setSearchParams, prefix],
  );
}
