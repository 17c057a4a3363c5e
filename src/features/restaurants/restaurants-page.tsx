import { Button, DatePicker, Flex, Input, Select, Space, Switch } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import type { RestaurantListItem, RestaurantListQuery } from '../../api/types';
import { ListTable } from '../../components/list/list-table';
import { listTableState } from '../../components/list/list-table-state';
import { useListQuery } from '../../components/list/use-list-query';
import { StatusBadge } from '../../components/status-badge';
import { formatDetailDate, isIsoDay } from '../../lib/dates';
import { CommissionCell } from './commission-cell';
import { useRestaurantUpdate } from './restaurant-updates';
import { useListRestaurantsQuery } from './restaurants-api';

const FILTERS = ['online', 'isFeatured', 'createdAt'] as const;
const BOOLEAN = ['true', 'false'];
const ACCEPT = { online: BOOLEAN, isFeatured: BOOLEAN, createdAt: isIsoDay };

export default function RestaurantsPage() {
  const navigate = useNavigate();
  const list = useListQuery({ filters: FILTERS, accept: ACCEPT });
  const restaurants = useListRestaurantsQuery(list.queryArgs as unknown as RestaurantListQuery);
  const { save, isSaving } = useRestaurantUpdate();
  const { filters } = list;

  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="small" align="center">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search restaurants by name..."
          aria-label="Search restaurants by name..."
          value={list.searchInput}
          onChange={(event) => list.setSearch(event.target.value)}
          style={{ maxWidth: 360 }}
        />
        <Select
          aria-label="Status"
          style={{ minWidth: 150 }}
          value={filters.online ?? ''}
          onChange={(value: string) => list.setFilter('online', value)}
          options={[
            { value: '', label: 'All Statuses' },
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Inactive' },
          ]}
        />
        <Select
          aria-label="Featured"
          style={{ minWidth: 150 }}
          value={filters.isFeatured ?? ''}
          onChange={(value: string) => list.setFilter('isFeatured', value)}
          options={[
            { value: '', label: 'All Featured' },
            { value: 'true', label: 'Featured' },
            { value: 'false', label: 'Not Featured' },
          ]}
        />
        <DatePicker
          allowClear
          format="YYYY-MM-DD"
          placeholder="yyyy-MM-dd"
          aria-label="Registered date"
          value={filters.createdAt ? dayjs(filters.createdAt, 'YYYY-MM-DD') : null}
          onChange={(value) =>
            list.setFilter('createdAt', value ? value.format('YYYY-MM-DD') : undefined)
          }
        />
      </Flex>
      <ListTable<RestaurantListItem>
        {...listTableState(restaurants, list, {
          http: 'Failed to fetch restaurants',
          other: 'Failed to load restaurants. Please try again later.',
        })}
        loadingText="Loading restaurants..."
        emptyText="No restaurants found"
        onRetry={() => (list.page === 1 ? void restaurants.refetch() : list.setPage(1))}
        columns={[
          { title: 'Name', dataIndex: 'name', key: 'name' },
          { title: 'Address', dataIndex: 'address', key: 'address' },
          { title: 'Email', dataIndex: 'email', key: 'email' },
          {
            title: 'Registered Date',
            key: 'createdAt',
            // In UTC, the day the date filter matches (the contract's createdAt is a UTC day), so
            // picking the date a row shows always finds that row, whatever the browser's zone.
            render: (_, r) => formatDetailDate(r.createdAt),
          },
          {
            title: 'Platform Commission',
            key: 'platformCommission',
            render: (_, r) => (
              <CommissionCell
                value={r.platformCommission}
                onSave={(value) => save(r._id, 'platformCommission', value)}
              />
            ),
          },
          {
            title: 'Status',
            key: 'online',
            render: (_, r) => <StatusBadge status={r.online ? 'active' : 'inactive'} />,
          },
          {
            title: 'Featured',
            key: 'isFeatured',
            render: (_, r) => (
              <Switch
                aria-label={`Featured ${r.name}`}
                checked={r.isFeatured}
                loading={isSaving(r._id, 'isFeatured')}
                onChange={(checked) => void save(r._id, 'isFeatured', checked)}
              />
            ),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, r) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => navigate(`/admin/restaurants/${r._id}/bookings`)}
                >
                  View
                </Button>
                <Button
                  size="small"
                  danger={r.online}
                  loading={isSaving(r._id, 'online')}
                  onClick={() => void save(r._id, 'online', !r.online)}
                >
                  {r.online ? 'Deactivate' : 'Activate'}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}
