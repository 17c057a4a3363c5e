/**
 * A saved view and the URL (pure): what a list's URL holds of a view (its search and filters),
 * and the URL with a view applied, as if its values had been typed.
 */
import { paramName } from './list-url';

/** The URL parameter of a view's link: `?view=<id>` opens the list with that view applied. */
export const VIEW_PARAM = 'view';

/** Which of the URL's parameters a view holds: `search` and the list's filters, by name. */
export interface ViewParams {
  /** Names as the list operation takes them (e.g. 'bookingStatus', 'restaurant'). */
  names: readonly string[];
  /** The list's URL prefix (see ListUrl). */
  prefix: string;
}

/** The non-empty values of `values` under the view's names (what "Save view" stores). */
export function viewFilters(
  values: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const name of names) {
    const value = values[name]?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/** True when both hold the same values (the view on screen is this one). */
export function sameFilters(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * The URL with the view applied: every parameter the view holds set to its value or removed,
 * page 1, and no `view` parameter; other parameters stay.
 */
export function applyView(
  params: URLSearchParams,
  view: ViewParams,
  filters: Readonly<Record<string, string>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(VIEW_PARAM);
  next.delete(paramName(view.prefix, 'page'));
  for (const name of ['search', ...view.names]) {
    const value = filters[name];
    if (value) next.set(paramName(view.prefix, name), value);
    else next.delete(paramName(view.prefix, name));
  }
  return next;
}
