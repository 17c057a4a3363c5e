/** The list screen's filters on screen: their controls in the toolbar, the set tags above the table. */
import { DatePicker, Flex, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ListFilter } from './list-filters';

/** A screen's filters by name (the URL parameter each is kept under). */
export type Filters<Row> = Record<string, ListFilter<unknown, Row>>;

/** Each filter's control, in the filters' order; a date range sets its end filter too. */
export function FilterControls<Row, F extends Filters<Row>>({
  filters,
  values,
  onChange,
}: {
  filters: F;
  values: Record<keyof F & string, string | undefined>;
  onChange: (name: keyof F & string, value: string | undefined) => void;
}) {
  const names = Object.keys(filters) as (keyof F & string)[];
  const isName = (name: string): name is keyof F & string => names.includes(name);
  return names.map((name) => {
    const filter = filters[name];
    const end = filter.end !== undefined && isName(filter.end) ? filter.end : undefined;
    return (
      <FilterControl
        key={name}
        filter={filter}
        value={values[name]}
        onChange={(value) => onChange(name, value)}
        end={
          end === undefined
            ? undefined
            : { value: values[end], onChange: (day) => onChange(end, day) }
        }
      />
    );
  });
}

/** The set 'tag' filters, each a closable tag (closing it clears the filter). */
export function FilterTags<Row, F extends Filters<Row>>({
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
