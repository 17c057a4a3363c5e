import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router-dom';
import { debounce } from '../../lib/debounce';

export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;

/** The values a filter takes from the URL: a list of them, or a check. */
export type FilterRule = readonly string[] | ((value: string) => boolean);

/** True when `value` passes `rule` (no rule: any value). */
function accepted(rule: FilterRule | undefined, value: string): boolean {
  if (!rule) return true;
  return typeof rule === 'function' ? rule(value) : rule.includes(value);
}

export interface ListQueryOptions<F extends string> {
  /** Names of the filters kept in the URL query (e.g. ['status', 'isFeatured']). */
  filters?: readonly F[];
  /**
   * The values each filter accepts. A value in the URL that is not accepted (an old or
   * hand-edited link) counts as unset: it is neither shown nor sent. Keep this object constant.
   */
  accept?: Partial<Record<F, FilterRule>>;
  /** Rows per page: 10 unless told otherwise. */
  pageSize?: number;
  /** Quiet time before typed search text is applied: 500 ms. */
  debounceMs?: number;
  /**
   * Prefix of this list's URL parameters, for a screen with two lists (e.g. 'recent' gives
   * recentSearch, recentPage, recentStatus). Empty by default: search, page, and the filter names.
   */
  prefix?: string;
}

/** The arguments for a list endpoint: paging, the trimmed search when set, the set filters. */
export type ListQueryArgs<F extends string = never> = {
  skip: number;
  limit: number;
  search?: string;
} & Partial<Record<F, string>>;

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
  /** Ready to pass to a list endpoint; a new object only when something in it changed. */
  queryArgs: ListQueryArgs<F>;
}

const NO_FILTERS: readonly never[] = [];

function paramName(prefix: string, name: string): string {
  return prefix ? `${prefix}${name[0].toUpperCase()}${name.slice(1)}` : name;
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The list machine's state: search text, named filters and page, all kept in the URL query so
 * that a list view can be shared, reloaded and reached with back and forward. Changing the search
 * or a filter goes back to page 1. Every list screen uses this hook with <ListTable>.
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
  const rules = useRef(accept);
  rules.current = accept;
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const searchKey = paramName(prefix, 'search');
  const pageKey = paramName(prefix, 'page');

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

  const update = useCallback((change: (params: URLSearchParams) => void) => {
    const next = new URLSearchParams(latest.current.searchParams);
    change(next);
    if (next.toString() === latest.current.searchParams.toString()) return;
    latest.current.searchParams = next;
    latest.current.setSearchParams(next);
  }, []);

  const search = (searchParams.get(searchKey) ?? '').trim();
  const page = parsePage(searchParams.get(pageKey));
  const filterKey = filterNames.join('\n');
  const filterValues = filterNames.map((name) => {
    const value = searchParams.get(paramName(prefix, name)) ?? '';
    return value && accepted(rules.current?.[name], value) ? value : '';
  });
  const filterValuesKey = filterValues.join('\n');

  const filters = useMemo(() => {
    const values = filterValuesKey.split('\n');
    return Object.fromEntries(
      filterKey ? filterKey.split('\n').map((name, i) => [name, values[i] || undefined]) : [],
    ) as Record<F, string | undefined>;
  }, [filterKey, filterValuesKey]);

  const [searchInput, setSearchInput] = useState(search);
  const input = useRef(search);

  const applySearch = useMemo(
    () =>
      debounce((value: string) => {
        const text = value.trim();
        update((params) => {
          const before = params.get(searchKey) ?? '';
          if (text) params.set(searchKey, text);
          else params.delete(searchKey);
          if (text !== before) params.delete(pageKey);
        });
      }, debounceMs),
    [update, searchKey, pageKey, debounceMs],
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
    if (!moved && input.current.trim() === search) return;
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
    (name: F, value: string | undefined) => {
      update((params) => {
        const key = paramName(prefix, name);
        const before = params.get(key);
        if (value === undefined || value === '') params.delete(key);
        else params.set(key, value);
        if (params.get(key) !== before) params.delete(pageKey);
      });
    },
    [update, prefix, pageKey],
  );

  const clearFilters = useCallback(() => {
    applySearch.cancel();
    input.current = '';
    setSearchInput('');
    update((params) => {
      params.delete(searchKey);
      params.delete(pageKey);
      for (const name of filterKey ? filterKey.split('\n') : []) {
        params.delete(paramName(prefix, name));
      }
    });
  }, [applySearch, update, searchKey, pageKey, filterKey, prefix]);

  const setPage = useCallback(
    (next: number) => {
      update((params) => {
        if (Number.isInteger(next) && next > 1) params.set(pageKey, String(next));
        else params.delete(pageKey);
      });
    },
    [update, pageKey],
  );

  const skip = (page - 1) * pageSize;
  const queryArgs = useMemo(() => {
    const args: Record<string, string | number> = { skip, limit: pageSize };
    if (search) args.search = search;
    for (const [name, value] of Object.entries(filters)) {
      if (value !== undefined) args[name] = value as string;
    }
    return args as ListQueryArgs<F>;
  }, [skip, pageSize, search, filters]);

  return {
    search,
    searchInput,
    setSearch,
    filters,
    setFilter,
    clearFilters,
    page,
    setPage,
    skip,
    limit: pageSize,
    queryArgs,
  };
}
