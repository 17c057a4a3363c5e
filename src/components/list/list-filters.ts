import { isIsoDay } from '../../lib/dates';

export interface FilterOption<V extends string = string> {
  /** The URL and endpoint value; '' is the "all" choice (the filter unset). */
  value: V | '';
  label: string;
}

/**
 * One filter of a list screen: its control, and how its URL value becomes the endpoint's
 * argument. A URL value `parse` refuses (an old or hand-edited link) counts as unset.
 */
export interface ListFilter<T> {
  /** The control's accessible name (e.g. "Status"). */
  label: string;
  /** A select's choices, or 'date' for a day picker (YYYY-MM-DD). */
  control: readonly FilterOption[] | 'date';
  /** Text before a select's value (e.g. "Booking Status:"). */
  prefix?: string;
  /** The control's minimum width in pixels. */
  width?: number;
  /** The endpoint argument for a URL value, or undefined when the value is not accepted. */
  parse: (value: string) => T | undefined;
}

/** The endpoint arguments a screen's filters give, each optional (omitted when unset). */
export type FilterArgs<Filters> = {
  [K in keyof Filters]?: Filters[K] extends ListFilter<infer T> ? T : never;
};

type Look = Pick<ListFilter<unknown>, 'prefix' | 'width'>;

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
