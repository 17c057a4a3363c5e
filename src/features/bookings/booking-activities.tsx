import { Flex, Spin, Timeline, Typography } from 'antd';
import type { BookingActivity } from '../../api/types';
import { formatDetailDateTime } from './booking-rules';

/** "by {name} ({role})", or "by System" for an activity without a creator. */
const creatorText = (activity: BookingActivity) =>
  activity.createdBy
    ? `by ${activity.createdBy.firstName} ${activity.createdBy.lastName} (${activity.createdBy.role})`
    : 'by System';

/** The booking's activities, newest first; a failed load shows its message and an empty list. */
export function BookingActivities({
  loading,
  failed,
  items,
}: {
  loading: boolean;
  failed: boolean;
  items: BookingActivity[];
}) {
  if (loading) return <Spin />;
  const shown = failed ? [] : items;
  return (
    <Flex vertical gap="small">
      {failed ? (
        <Typography.Text type="danger" role="alert">
          Failed to fetch activities
        </Typography.Text>
      ) : null}
      {shown.length ? (
        <Timeline
          items={shown.map((activity) => ({
            key: activity._id,
            content: (
              <Flex vertical>
                <span>{activity.activity}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {creatorText(activity)} · {formatDetailDateTime(activity.createdAt)}
                </Typography.Text>
              </Flex>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">No activities found for this booking.</Typography.Text>
      )}
    </Flex>
  );
}
