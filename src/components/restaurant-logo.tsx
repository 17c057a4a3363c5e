import { Avatar } from 'antd';
import { ShopOutlined } from '@ant-design/icons';

/**
 * A restaurant's logo, or a shop icon when it has none. Always shown beside the restaurant's
 * name, so it is decorative (empty alt text).
 */
export function RestaurantLogo({ src, size }: { src: string | null | undefined; size?: number }) {
  return (
    <Avatar shape="square" size={size} src={src || undefined} icon={<ShopOutlined />} alt="" />
  );
}
