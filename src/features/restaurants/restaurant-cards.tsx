import { Card, Col, Descriptions, Empty, Row, Statistic, Table } from 'antd';
import type { RestaurantDetail, StaffMember } from '../../api/types';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { formatDetailDate } from '../../lib/dates';

const orNa = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? 'N/A' : value;

function StaffCard({ staff }: { staff: readonly StaffMember[] }) {
  return (
    <Card title={`Staff Members (${staff.length})`}>
      {staff.length === 0 ? (
        <Empty description="No staff members assigned." image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        // The scrolling box is focusable, so the keyboard can scroll a wide table (no controls in it).
        <div tabIndex={0} role="region" aria-label="Staff members" style={{ overflowX: 'auto' }}>
          <Table<StaffMember>
            rowKey="_id"
            size="small"
            pagination={false}
            dataSource={staff as StaffMember[]}
            columns={[
              { title: '#', key: 'number', render: (_, __, index) => index + 1 },
              {
                title: 'Sub-role',
                key: 'subRole',
                render: (_, member) => <StatusBadge status={member.subRole} />,
              },
              { title: 'Name', dataIndex: 'name', key: 'name' },
              { title: 'Staff ID', dataIndex: '_id', key: 'id' },
              { title: 'Email', dataIndex: 'email', key: 'email' },
              { title: 'Phone', key: 'phone', render: (_, member) => orNa(member.phoneNo) },
              { title: 'Role', dataIndex: 'role', key: 'role' },
            ]}
          />
        </div>
      )}
    </Card>
  );
}

/** The detail page's cards: owner, staff, statistics, location, system details. */
export function RestaurantCards({ restaurant }: { restaurant: RestaurantDetail }) {
  const { primaryUser: owner, statistics: stats, location, currency } = restaurant;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="Primary Owner" style={{ height: '100%' }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="User ID">{owner._id}</Descriptions.Item>
            <Descriptions.Item label="Email">{owner.email}</Descriptions.Item>
            <Descriptions.Item label="Phone">{orNa(owner.phoneNo)}</Descriptions.Item>
            <Descriptions.Item label="Role">{owner.role}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Statistics" style={{ height: '100%' }}>
          <Row gutter={[16, 16]}>
            <Col span={12}>
              <Statistic
                title="Revenue"
                valueRender={() => <Money amount={stats.restaurant_Revenue} currency={currency} />}
              />
            </Col>
            <Col span={12}>
              <Statistic
                title="Earnings"
                valueRender={() => <Money amount={stats.restaurant_earnings} currency={currency} />}
              />
            </Col>
            <Col span={12}>
              <Statistic title="Bookings" value={stats.total_bookings} />
            </Col>
            <Col span={12}>
              <Statistic
                title="Payouts"
                valueRender={() => <Money amount={stats.total_payout} currency={currency} />}
              />
            </Col>
          </Row>
        </Card>
      </Col>
      <Col span={24}>
        <StaffCard staff={restaurant.staff} />
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Location Details" style={{ height: '100%' }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Address">{orNa(location.address)}</Descriptions.Item>
            <Descriptions.Item label="Country">{orNa(location.country)}</Descriptions.Item>
            <Descriptions.Item label="State">{orNa(location.state)}</Descriptions.Item>
            <Descriptions.Item label="Postal Code">{orNa(location.postalCode)}</Descriptions.Item>
            <Descriptions.Item label="Coordinates">
              {location.latitude === null || location.longitude === null
                ? 'N/A'
                : `${location.latitude}, ${location.longitude}`}
            </Descriptions.Item>
            <Descriptions.Item label="Timezone Offset (seconds)">
              {location.offset_sec}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="System Details" style={{ height: '100%' }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Contact Email">{restaurant.email}</Descriptions.Item>
            <Descriptions.Item label="Created At">
              {formatDetailDate(restaurant.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label="Menu Items">{restaurant.menuItemCount}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
