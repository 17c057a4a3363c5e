import { Button, Descriptions, Modal, Typography } from 'antd';
import type { Review, ReviewStatus } from '../../api/types';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/dates';
import { ReviewRating } from './review-rating';

export interface ReviewDetailsModalProps {
  review: Review | null;
  /** The status being saved for this review, if any. */
  busyStatus: ReviewStatus | null;
  /** Approve or reject; without it (the role may not) only Close. */
  onDecide?: (review: Review, status: ReviewStatus) => void;
  onClose: () => void;
}

/** "Review Details": every field and the full comment; Approve / Reject / Close. */
export function ReviewDetailsModal({
  review,
  busyStatus,
  onDecide,
  onClose,
}: ReviewDetailsModalProps) {
  return (
    <Modal
      open={review !== null}
      title="Review Details"
      onCancel={onClose}
      destroyOnHidden
      footer={
        review
          ? [
              onDecide && review.status !== 'approved' ? (
                <Button
                  key="approve"
                  type="primary"
                  loading={busyStatus === 'approved'}
                  disabled={busyStatus !== null}
                  onClick={() => onDecide(review, 'approved')}
                >
                  Approve
                </Button>
              ) : null,
              onDecide && review.status !== 'rejected' ? (
                <Button
                  key="reject"
                  danger
                  loading={busyStatus === 'rejected'}
                  disabled={busyStatus !== null}
                  onClick={() => onDecide(review, 'rejected')}
                >
                  Reject
                </Button>
              ) : null,
              <Button key="close" onClick={onClose}>
                Close
              </Button>,
            ]
          : null
      }
    >
      {review ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Restaurant">{review.restaurantName}</Descriptions.Item>
          <Descriptions.Item label="User">{review.userEmail}</Descriptions.Item>
          <Descriptions.Item label="Rating">
            <ReviewRating rating={review.rating} />
          </Descriptions.Item>
          <Descriptions.Item label="Status">
            <StatusBadge status={review.status} />
          </Descriptions.Item>
          <Descriptions.Item label="Date">{formatDateTime(review.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="Comment">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {review.description}
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
