import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';

/** Stands in for a screen whose own work has not landed yet. Shows no data, real or fake. */
export function ScreenPlaceholder() {
  return <Result icon={<ToolOutlined />} title="This screen is not built yet." />;
}
