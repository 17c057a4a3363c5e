import { isIsoDay } from '../../lib/dates';

export interface FilterOption<V extends string = string> {
  /** The URL and endpoint value; '' is the "all" choice (the filter unset). */
  value: V | '';
  label: string;
}

/**
 * How a filter is set on screen:
 * - a select's choices;
 * - 'date': a day picker (YYYY-MM-DD);
 * - 'date-range': one picker for two days, this filter's (the start) and the filter named by
 *   `end` (YYYY-MM-DD each, either may be open);
 * - 'tag': set from the table (e.g. by a cell's link), shown while set as a closable tag;
 * - 'none': set by another filter's control (a range's end).
 */
type FilterControl = readonly FilterOption[] | 'date' | 'date-range' | 'tag' | 'none';

/**
 * One filter of a list screen: its control, and how its URL value becomes the endpoint's
 * argument. A URL value `parse` refuses (an old or hand-edited link) counts as unset.
 */
export interface ListFilter<T, Row = unknown> {
  /** The control's accessible name (e.g. "Status"). */
  label: string;
  control: FilterControl;
  /** Text before a select's value (e.g. "Booking Status:"). */
  prefix?: string;
  /** The control's minimum width in pixels. */
  width?: number;
  /** 'date-range': the filter that holds the range's end (its control is 'none'). */
  end?: string;
  /** Filters cleared when this one changes (e.g. a record id when the record type changes). */
  clears?: readonly string[];
  /** 'tag': the tag's text for the value, with the rows on screen (e.g. "Admin: Ada Lovelace"). */
  tag?: (value: string, rows: readonly Row[] | undefined) => string;
  /** The endpoint argument for a URL value, or undefined when the value is not accepted. */
  parse: (value: string) => T | undefined;
}

/** The endpoint arguments a screen's filters give, each optional (omitted when unset). */
export type FilterArgs<Filters> = {
  [K in keyof Filters]?: Filters[K] extends ListFilter<infer T> ? T : never;
};

type Look = Pick<ListFilter<unknown>, 'prefix' | 'width' | 'clears'>;

/** A select whose values go to the endpoint as they are (typed as the options' values). */
export function selectFilter<V extends string>(
  label: string,
  options: readonly FilterOption<V>[],
  look: Look = {},
): ListFilter<V> {
  return {
    label,
    control: options,
    ...look,
    parse: (value) => options.find((option) => option.value === value)?.value || undefined,
  };
}

/** A select of the values a table of labels names (value → label), after the "all" choice. */
export function labelsFilter<V extends string>(
  label: string,
  all: string,
  labels: Readonly<Record<V, string>>,
  look: Look = {},
): ListFilter<V> {
  const options = (Object.entries(labels) as [V, string][]).map(([value, text]) => ({
    value,
    label: text,
  }));
  return selectFilter<V>(label, [{ value: '', label: all }, ...options], look);
}

/** A select of true and false (e.g. Active / Inactive), sent as a boolean. */
export function booleanFilter(
  label: string,
  labels: { all: string; true: string; false: string },
  look: Look = {},
): ListFilter<boolean> {
  return {
    label,
    control: [
      { value: '', label: labels.all },
      { value: 'true', label: labels.true },
      { value: 'false', label: labels.false },
    ],
    ...look,
    parse: (value) => (value === 'true' ? true : value === 'false' ? false : undefined),
  };
}

/** A day picker, sent as YYYY-MM-DD. */
export function dateFilter(label: string): ListFilter<string> {
  return { label, control: 'date', parse: (value) => (isIsoDay(value) ? value : undefined) };
}

/** A day range picker kept in two filters: this one holds the first day, `end` the last. */
export function dateRangeFilter(label: string, end: string): ListFilter<string> {
  return { ...dateFilter(label), control: 'date-range', end };
}

/** The last day of a date range (its picker is the range filter's). */
export function rangeEndFilter(label: string): ListFilter<string> {
  return { ...dateFilter(label), control: 'none' };
}

/**
 * A filter set from the table (e.g. by clicking a cell), shown as a closable tag whose text
 * `tag` gives; values `accept` refuses count as unset.
 */
export function tagFilter<Row>(
  label: string,
  accept: (value: string) => boolean,
  tag: (value: string, rows: readonly Row[] | undefined) => string,
): ListFilter<string, Row> {
  return { label, control: 'tag', tag, parse: (value) => (accept(value) ? value : undefined) };
}
