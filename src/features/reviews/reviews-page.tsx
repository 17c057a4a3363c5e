import { useState } from 'react';
import { Button, Space } from 'antd';
import { api } from '../../api/api';
import { errorText } from '../../api/errors';
import type { Versioned } from '../../api/versions';
import { useAppDispatch } from '../../app/hooks';
import { ConflictPopover } from '../../components/conflict/conflict-notice';
import { useConflict } from '../../components/conflict/use-conflict';
import type { Review, ReviewStatus } from '../../api/types';
import { notify } from '../../lib/notify';
import { selectFilter } from '../../components/list/list-filters';
import { ListScreen, type ListColumn } from '../../components/list/list-screen';
import { statusColumn } from '../../components/status-badge';
import { formatDateTime } from '../../lib/dates';
import { useCan } from '../auth';
import { ReviewDetailsModal } from './review-details-modal';
import { ReviewRating } from './review-rating';
import {
  useBulkUpdateReviewStatusMutation,
  useListReviewsQuery,
  useUpdateReviewStatusMutation,
} from './reviews-api';

const UPDATE_FAILED = 'Failed to update review status';
const RATINGS = ['1', '2', '3', '4', '5'];

const FILTERS = {
  status: selectFilter<ReviewStatus>(
    'Status',
    [
      { value: '', label: 'All Statuses' },
      { value: 'pending', label: 'Pending' },
      { value: 'approved', label: 'Approved' },
      { value: 'rejected', label: 'Rejected' },
    ],
    { width: 160 },
  ),
  rating: {
    label: 'Rating',
    control: [
      { value: '', label: 'All Ratings' },
      ...RATINGS.map((n) => ({ value: n, label: `${n} Star${n === '1' ? '' : 's'}` })),
    ],
    width: 140,
    parse: (value: string) => (RATINGS.includes(value) ? Number(value) : undefined),
  },
};

const TEXTS = {
  search: 'Search by restaurant or review...',
  loading: 'Loading reviews...',
  empty: 'No reviews found',
  error: {
    http: 'Failed to load reviews. Please try again later.',
    other: 'Failed to load reviews. Please try again later.',
  },
};

const COLUMNS: ListColumn<Review>[] = [
  { title: 'User', key: 'user', text: (review) => review.userEmail },
  { title: 'Restaurant', key: 'restaurant', text: (review) => review.restaurantName },
  {
    title: 'Rating',
    key: 'rating',
    text: (review) => String(review.rating),
    render: (review) => <ReviewRating rating={review.rating} />,
  },
  {
    title: 'Comment',
    key: 'comment',
    text: (review) => review.description,
  },
  { title: 'Date', key: 'date', text: (review) => formatDateTime(review.createdAt) },
  statusColumn('Status', 'status', (review) => ({ status: review.status })),
];

export default function ReviewsPage() {
  const [updateStatus] = useUpdateReviewStatusMutation();
  const [bulkUpdate] = useBulkUpdateReviewStatusMutation();
  // Without the permission: View only, and the details without Approve and Reject.
  const canModerate = useCan('reviews.moderate');
  const [busy, setBusy] = useState<{ id: string; status: ReviewStatus } | null>(null);
  const [viewedId, setViewedId] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  // A review decided by a colleague since the list was read: shown beside its buttons.
  const conflict = useConflict();
  const failed = (error: unknown) =>
    notify.error(errorText(error, { http: UPDATE_FAILED, other: UPDATE_FAILED }));
  const decided = (answer: unknown, next: ReviewStatus) =>
    notify.success((answer as { message?: string }).message || `Review ${next} successfully`);

  const decide = async (review: Review, next: ReviewStatus) => {
    setBusy({ id: review._id, status: next });
    conflict.clear();
    const send = (versioned: Versioned) =>
      updateStatus({ id: review._id, status: next, ...versioned }).unwrap();
    try {
      decided(await send({ version: review.version }), next);
      // The decision is made: the details close (under a status filter the row leaves the list).
      setViewedId((open) => (open === review._id ? null : open));
    } catch (error) {
      const mine = { status: next };
      if (conflict.caught(error, { key: review._id, sent: review.version, mine, send })) {
        // The conflict is shown beside the row's buttons.
        setViewedId((open) => (open === review._id ? null : open));
      } else failed(error);
    } finally {
      setBusy(null);
    }
  };

  const actions = (review: Review) => {
    const saving = busy?.id === review._id;
    const next = conflict.conflict?.mine.status as ReviewStatus | undefined;
    return (
      <ConflictPopover
        state={conflict}
        conflictKey={review._id}
        onReload={() => dispatch(api.util.invalidateTags([{ type: 'Review', id: review._id }]))}
        onSaved={(answer) => decided(answer, next ?? 'approved')}
        onFailed={failed}
      >
        <Space>
          <Button size="small" onClick={() => setViewedId(review._id)}>
            View
          </Button>
          {canModerate && review.status !== 'approved' ? (
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
          {canModerate && review.status !== 'rejected' ? (
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
      </ConflictPopover>
    );
  };

  return (
    <ListScreen
      query={useListReviewsQuery}
      savedViews={{ screen: 'reviews' }}
      filters={FILTERS}
      exportCsv={{ list: 'reviews', path: '/admin/exports/reviews' }}
      clearable
      texts={TEXTS}
      retry="first-page"
      columns={COLUMNS}
      actions={actions}
      bulk={{
        actions: canModerate
          ? [
              { key: 'approved', label: 'Approve' },
              { key: 'rejected', label: 'Reject', danger: true },
            ]
          : [],
        run: (status, items) =>
          bulkUpdate({ items, status: status as 'approved' | 'rejected' }).unwrap(),
        name: (review) => `${review.userEmail} on ${review.restaurantName}`,
        failed: UPDATE_FAILED,
      }}
    >
      {(rows) => {
        const viewed = rows?.find((review) => review._id === viewedId) ?? null;
        return (
          <ReviewDetailsModal
            review={viewed}
            busyStatus={viewed && busy?.id === viewed._id ? busy.status : null}
            onDecide={canModerate ? (review, next) => void decide(review, next) : undefined}
            onClose={() => setViewedId(null)}
          />
        );
      }}
    </ListScreen>
  );
}
