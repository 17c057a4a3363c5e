/**
 * The list machine's URL codec: how a list's search text, page and filters are read from and
 * written to the URL query. Pure functions over URLSearchParams; the router adapter
 * (use-list-query.ts) applies what they return.
 */

/** The values a filter takes from the URL: a list of them, or a check. */
export type FilterRule = readonly string[] | ((value: string) => boolean);

/** Which parameters a list keeps in the URL. */
export interface ListUrl<F extends string> {
  /** Names of the filters (e.g. ['status', 'isFeatured']). */
  filters: readonly F[];
  /**
   * The values each filter accepts. A value in the URL that is not accepted (an old or
   * hand-edited link) counts as unset: it is neither shown nor sent.
   */
  accept?: Partial<Record<F, FilterRule>>;
  /**
   * Prefix of the parameters, for a screen with two lists (e.g. 'recent' gives recentSearch,
   * recentPage, recentStatus). Empty: search, page, and the filter names.
   */
  prefix: string;
}

/** What a list shows, as read from the URL. */
export interface ListView<F extends string> {
  /** The search text, trimmed and at most SEARCH_MAX_LENGTH long ('' when none). */
  search: string;
  /** 1-based page number. */
  page: number;
  /** Each filter's accepted value, undefined when unset or not accepted. */
  filters: Record<F, string | undefined>;
}

/** The URL parameter of `name` under `prefix` ('recent' + 'page' gives 'recentPage'). */
export function paramName(prefix: string, name: string): string {
  return prefix ? `${prefix}${name[0].toUpperCase()}${name.slice(1)}` : name;
}

/** A page number from the URL: a whole number above 1, else page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** True when `value` passes `rule` (no rule: any value). */
function accepted(rule: FilterRule | undefined, value: string): boolean {
  if (!rule) return true;
  return typeof rule === 'function' ? rule(value) : rule.includes(value);
}

export function readListView<F extends string>(
  params: URLSearchParams,
  url: ListUrl<F>,
): ListView<F> {
  const filters = {} as Record<F, string | undefined>;
  for (const name of url.filters) {
    const value = params.get(paramName(url.prefix, name)) ?? '';
    filters[name] = value && accepted(url.accept?.[name], value) ? value : undefined;
  }
  return {
    search: searchText(params.get(paramName(url.prefix, 'search')) ?? ''),
    page: parsePage(params.get(paramName(url.prefix, 'page'))),
    filters,
  };
}

/** Sets `key` to `value`, or removes it for '' or undefined; true when its value changed. */
function put(params: URLSearchParams, key: string, value: string | undefined): boolean {
  const before = params.get(key);
  if (value === undefined || value === '') params.delete(key);
  else params.set(key, value);
  return params.get(key) !== before;
}

/** The longest search text the API takes (the contract's `search` parameter, maxLength 200). */
export const SEARCH_MAX_LENGTH = 200;

const searchText = (text: string) => text.trim().slice(0, SEARCH_MAX_LENGTH);

/** Applies typed search text (trimmed, at most SEARCH_MAX_LENGTH); a new search goes back to page 1. */
export function writeSearch<F extends string>(
  params: URLSearchParams,
  url: ListUrl<F>,
  text: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const key = paramName(url.prefix, 'search');
  const before = next.get(key) ?? '';
  put(next, key, searchText(text));
  if (searchText(text) !== before) next.delete(paramName(url.prefix, 'page'));
  return next;
}

/** Sets (or with undefined or '' clears) one filter; a change goes back to page 1. */
export function writeFilter<F extends string>(
  params: URLSearchParams,
  url: ListUrl<F>,
  name: F,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (put(next, paramName(url.prefix, name), value)) next.delete(paramName(url.prefix, 'page'));
  return next;
}

/** Goes to `page`; page 1 (or anything that is not a page) is the bare URL. */
export function writePage<F extends string>(
  params: URLSearchParams,
  url: ListUrl<F>,
  page: number,
): URLSearchParams {
  const next = new URLSearchParams(params);
  put(next, paramName(url.prefix, 'page'), Number.isInteger(page) && page > 1 ? String(page) : '');
  return next;
}

/** Clears the search, every filter and the page; other parameters stay. */
export function clearListView<F extends string>(
  params: URLSearchParams,
  url: ListUrl<F>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['search', 'page', ...url.filters]) next.delete(paramName(url.prefix, name));
  return next;
}
