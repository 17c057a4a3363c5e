import { Button, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { RestaurantListItem } from '../../api/types';
import { ConflictPopover } from '../../components/conflict/conflict-notice';
import { CellText } from '../../components/list/cell-text';
import { booleanFilter, dateFilter } from '../../components/list/list-filters';
import { ListScreen, type ListColumn } from '../../components/list/list-screen';
import { RestaurantLogo } from '../../components/restaurant-logo';
import { statusColumn } from '../../components/status-badge';
import { formatDetailDate } from '../../lib/dates';
import { useCan } from '../auth';
import { CommissionCell } from './commission-cell';
import { FeaturedSwitch } from './featured-switch';
import { useRestaurantUpdate } from './restaurant-updates';
import { useBulkUpdateRestaurantsMutation, useListRestaurantsQuery } from './restaurants-api';

const FILTERS = {
  online: booleanFilter('Status', { all: 'All Statuses', true: 'Active', false: 'Inactive' }),
  isFeatured: booleanFilter('Featured', {
    all: 'All Featured',
    true: 'Featured',
    false: 'Not Featured',
  }),
  createdAt: dateFilter('Registered date'),
};

/** The bulk bar's buttons and what each sends. */
const BULK = [
  { key: 'online', label: 'Online', change: { online: true } },
  { key: 'offline', label: 'Offline', change: { online: false } },
  { key: 'featured', label: 'Featured', change: { isFeatured: true } },
  { key: 'notFeatured', label: 'Not featured', change: { isFeatured: false } },
] as const;

const TEXTS = {
  search: 'Search restaurants by name...',
  loading: 'Loading restaurants...',
  empty: 'No restaurants found',
  error: {
    http: 'Failed to fetch restaurants',
    other: 'Failed to load restaurants. Please try again later.',
  },
};

export default function RestaurantsPage() {
  const navigate = useNavigate();
  const { save, isSaving, conflictOf } = useRestaurantUpdate();
  // Commission, online and featured: without the permission, plain text and no buttons.
  const canUpdate = useCan('restaurants.update');
  const [bulkUpdate] = useBulkUpdateRestaurantsMutation();

  const columns: ListColumn<RestaurantListItem>[] = [
    {
      title: 'Name',
      key: 'name',
      text: (r) => r.name,
      render: (r) => <CellText text={r.name} icon={<RestaurantLogo src={r.profilePicture} />} />,
    },
    { title: 'Address', key: 'address', text: (r) => r.address },
    { title: 'Email', key: 'email', text: (r) => r.email },
    {
      title: 'Registered Date',
      key: 'createdAt',
      // In UTC, the day the date filter matches (the contract's createdAt is a UTC day), so
      // picking the date a row shows always finds that row, whatever the browser's zone.
      text: (r) => formatDetailDate(r.createdAt),
    },
    {
      title: 'Platform Commission',
      key: 'platformCommission',
      text: (r) => `${r.platformCommission ?? 0}%`,
      render: !canUpdate
        ? undefined
        : (r) => (
            <ConflictPopover {...conflictOf(r._id, 'platformCommission')}>
              <CommissionCell
                value={r.platformCommission}
                version={r.version}
                onSave={(value, version) => save({ ...r, version }, 'platformCommission', value)}
              />
            </ConflictPopover>
          ),
    },
    statusColumn('Status', 'online', (r) => ({ status: r.online ? 'active' : 'inactive' })),
    {
      title: 'Featured',
      key: 'isFeatured',
      text: (r) => (r.isFeatured ? 'Featured' : 'Not Featured'),
      render: !canUpdate
        ? undefined
        : (r) => (
            <ConflictPopover {...conflictOf(r._id, 'isFeatured')}>
              <FeaturedSwitch
                name={r.name}
                checked={r.isFeatured}
                saving={isSaving(r._id, 'isFeatured')}
                onChange={(checked) => void save(r, 'isFeatured', checked)}
              />
            </ConflictPopover>
          ),
    },
  ];

  return (
    <ListScreen
      query={useListRestaurantsQuery}
      savedViews={{ screen: 'restaurants' }}
      filters={FILTERS}
      exportCsv={{ list: 'restaurants', path: '/admin/exports/restaurants' }}
      texts={TEXTS}
      retry="first-page"
      columns={columns}
      bulk={{
        actions: canUpdate ? BULK : [],
        run: (key, items) =>
          bulkUpdate({ items, ...BULK.find((action) => action.key === key)!.change }).unwrap(),
        name: (r) => r.name,
        failed: 'Failed to update restaurant status',
      }}
      actions={(r) => (
        <Space>
          <Button size="small" onClick={() => navigate(`/admin/restaurants/${r._id}/bookings`)}>
            View
          </Button>
          {canUpdate ? (
            <ConflictPopover {...conflictOf(r._id, 'online')}>
              <Button
                size="small"
                danger={r.online}
                loading={isSaving(r._id, 'online')}
                onClick={() => void save(r, 'online', !r.online)}
              >
                {r.online ? 'Deactivate' : 'Activate'}
              </Button>
            </ConflictPopover>
          ) : null}
        </Space>
      )}
    />
  );
}
