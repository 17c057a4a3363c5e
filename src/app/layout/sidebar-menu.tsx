import { Menu, type MenuProps } from 'antd';
import { Link } from 'react-router-dom';
import { adminScreens } from '../screens';

// Real links, so an entry can also be opened in a new tab.
const items: MenuProps['items'] = adminScreens.flatMap((screen) =>
  screen.menu
    ? [
        {
          key: screen.path,
          icon: screen.menu.icon,
          label: <Link to={`/admin/${screen.path}`}>{screen.menu.label}</Link>,
        },
      ]
    : [],
);

export function SidebarMenu({ selectedKey }: { selectedKey: string | undefined }) {
  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
    />
  );
}
