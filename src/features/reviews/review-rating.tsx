import { StarFilled } from '@ant-design/icons';
import { Space } from 'antd';

/** "★ 4/5" */
export function ReviewRating({ rating }: { rating: number }) {
  return (
    <Space size={4} aria-label={`${rating} out of 5`}>
      <StarFilled style={{ color: '#fadb14' }} />
      {`${rating}/5`}
    </Space>
  );
}
