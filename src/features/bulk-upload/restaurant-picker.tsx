import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { debounce } from '../../lib/debounce';
import { useLookupRestaurantsQuery } from './bulk-upload-api';

type Restaurant = { _id: string; name: string };

/** Search and select a restaurant by name (GET /restaurants?search=, debounced 500 ms). */
export function RestaurantPicker({
  value,
  onChange,
  disabled,
}: {
  value: Restaurant | null;
  onChange: (restaurant: Restaurant | null) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const setSearchLater = useMemo(() => debounce((text: string) => setSearch(text.trim()), 500), []);
  const { data, isFetching, isError } = useLookupRestaurantsQuery(search);
  const options = (data?.data ?? []).map((r) => ({ value: r._id, label: r.name }));
  if (value && !options.some((o) => o.value === value._id)) {
    options.unshift({ value: value._id, label: value.name });
  }
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearchLater }}
      allowClear
      aria-label="Restaurant"
      placeholder="Search restaurant by name"
      style={{ width: '100%' }}
      value={value?._id}
      options={options}
      loading={isFetching}
      disabled={disabled}
      notFoundContent={
        isError ? 'Failed to load restaurants' : isFetching ? 'Loading…' : 'No restaurants found'
      }
      onChange={(id, option) => {
        const picked = Array.isArray(option) ? option[0] : option;
        onChange(id ? { _id: String(id), name: String(picked?.label ?? '') } : null);
      }}
    />
  );
}
