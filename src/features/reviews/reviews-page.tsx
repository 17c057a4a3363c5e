import { useState } from 'react';
import { Button, Flex, Input, Select, Space, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { errorText } from '../../api/errors';
import type { Review, ReviewStatus } from '../../api/types';
import { notify } from '../../app/notify';
import { ListTable } from '../../components/list/list-table';
import { listTableState } from '../../components/list/list-table-state';
import { useListQuery } from '../../components/list/use-list-query';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/dates';
import { ReviewDetailsModal } from './review-details-modal';
import { ReviewRating } from './review-rating';
import { useListReviewsQuery, useUpdateReviewStatusMutation } from './reviews-api';

const FILTERS = ['status', 'rating'] as const;
const STATUS_OPTIONS = [
  { value: '', label: 'All Statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];
const RATING_OPTIONS = [
  { value: '', label: 'All Ratings' },
  ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n} Star${n > 1 ? 's' : ''}` })),
];
const UPDATE_FAILED = 'Failed to update review status';

/** Only the contract's values are taken from the URL (an old link may hold others). */
const ACCEPT = {
  status: STATUS_OPTIONS.map((option) => option.value).filter(Boolean),
  rating: RATING_OPTIONS.map((option) => option.value).filter(Boolean),
};

export default function ReviewsPage() {
  const list = useListQuery({ filters: FILTERS, accept: ACCEPT });
  const status = list.filters.status as ReviewStatus | undefined;
  const rating = list.filters.rating === undefined ? undefined : Number(list.filters.rating);
  const reviews = useListReviewsQuery({ ...list.queryArgs, status, rating });
  const [updateStatus] = useUpdateReviewStatusMutation();
  const [busy, setBusy] = useState<{ id: string; status: ReviewStatus } | null>(null);
  const [viewedId, setViewedId] = useState<string | null>(null);

  const rows = reviews.data?.data;
  const viewed = rows?.find((review) => review._id === viewedId) ?? null;

  const decide = async (review: Review, next: ReviewStatus) => {
    setBusy({ id: review._id, status: next });
    try {
      const result = await updateStatus({ id: review._id, status: next }).unwrap();
      notify.success(result.message || `Review ${next} successfully`);
      // The decision is made: the details close (under a status filter the row leaves the list).
      setViewedId((open) => (open === review._id ? null : open));
    } catch (error) {
      notify.error(errorText(error, { http: UPDATE_FAILED, other: UPDATE_FAILED }));
    } finally {
      setBusy(null);
    }
  };

  const actions = (review: Review) => {
    const saving = busy?.id === review._id;
    return (
      <Space>
        <Button size="small" onClick={() => setViewedId(review._id)}>
          View
        </Button>
        {review.status !== 'approved' ? (
          <Button
            size="small"
            type="primary"
            loading={saving && busy?.status === 'approved'}
            disabled={saving}
            onClick={() => void decide(review, 'approved')}
          >
            Approve
          </Button>
        ) : null}
        {review.status !== 'rejected' ? (
          <Button
            size="small"
            danger
            loading={saving && busy?.status === 'rejected'}
            disabled={saving}
            onClick={() => void decide(review, 'rejected')}
          >
            Reject
          </Button>
        ) : null}
      </Space>
    );
  };

  return (
    <Flex vertical gap="middle">
      <Flex gap="middle" wrap>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search by restaurant or review..."
          aria-label="Search by restaurant or review..."
          value={list.searchInput}
          onChange={(event) => list.setSearch(event.target.value)}
          style={{ maxWidth: 360 }}
        />
        <Select
          aria-label="Status"
          value={status ?? ''}
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value)}
          style={{ width: 160 }}
        />
        <Select
          aria-label="Rating"
          value={rating === undefined ? '' : String(rating)}
          options={RATING_OPTIONS}
          onChange={(value) => list.setFilter('rating', value)}
          style={{ width: 140 }}
        />
        <Button onClick={list.clearFilters}>Clear Filters</Button>
      </Flex>
      <ListTable<Review>
        {...listTableState(reviews, list, {
          http: 'Failed to load reviews. Please try again later.',
          other: 'Failed to load reviews. Please try again later.',
        })}
        loadingText="Loading reviews..."
        emptyText="No reviews found"
        onRetry={() => {
          list.setPage(1);
          void reviews.refetch();
        }}
        columns={[
          { title: 'User', dataIndex: 'userEmail', key: 'user' },
          { title: 'Restaurant', dataIndex: 'restaurantName', key: 'restaurant' },
          {
            title: 'Rating',
            key: 'rating',
            render: (_, review) => <ReviewRating rating={review.rating} />,
          },
          {
            title: 'Comment',
            key: 'comment',
            render: (_, review) => (
              <Typography.Text ellipsis={{ tooltip: review.description }} style={{ maxWidth: 280 }}>
                {review.description}
              </Typography.Text>
            ),
          },
          { title: 'Date', key: 'date', render: (_, review) => formatDateTime(review.createdAt) },
          {
            title: 'Status',
            key: 'status',
            render: (_, review) => <StatusBadge status={review.status} />,
          },
          { title: 'Actions', key: 'actions', render: (_, review) => actions(review) },
        ]}
      />
      <ReviewDetailsModal
        review={viewed}
        busyStatus={viewed && busy?.id === viewed._id ? busy.status : null}
        onDecide={(review, next) => void decide(review, next)}
        onClose={() => setViewedId(null)}
      />
    </Flex>
  );
}
