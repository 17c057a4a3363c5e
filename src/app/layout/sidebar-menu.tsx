import { Menu, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { adminScreens } from '../screens';

const items: MenuProps['items'] = adminScreens.flatMap((screen) =>
  screen.menu ? [{ key: screen.path, icon: screen.menu.icon, label: screen.menu.label }] : [],
);

export function SidebarMenu({ selectedKey }: { selectedKey: string | undefined }) {
  const navigate = useNavigate();
  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      onClick={({ key }) => navigate(`/admin/${key}`)}
    />
  );
}
