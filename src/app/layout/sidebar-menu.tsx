import { useMemo, type ReactNode } from 'react';
import { Menu, type MenuProps } from 'antd';
import {
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CalendarOutlined,
  CoffeeOutlined,
  FileDoneOutlined,
  DashboardOutlined,
  EditOutlined,
  ExperimentOutlined,
  HeartOutlined,
  ProfileOutlined,
  ShopOutlined,
  StarOutlined,
  TagsOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { adminScreens } from '../screens';

/**
 * The sidebar's icons by screen path (here, in the layout's chunk, not in the route table); a
 * screen without one here (a new reference list, say) shows the list icon.
 */
const ICONS: Readonly<Record<string, ReactNode>> = {
  dashboard: <DashboardOutlined />,
  users: <TeamOutlined />,
  restaurants: <ShopOutlined />,
  bookings: <CalendarOutlined />,
  'booking-types': <TagsOutlined />,
  categories: <AppstoreOutlined />,
  ingredients: <ExperimentOutlined />,
  allergies: <AlertOutlined />,
  preferences: <HeartOutlined />,
  cuisines: <CoffeeOutlined />,
  reviews: <StarOutlined />,
  'text-editor': <EditOutlined />,
  content: <ProfileOutlined />,
  'bulk-menu-upload': <UploadOutlined />,
  approvals: <FileDoneOutlined />,
  'audit-log': <AuditOutlined />,
  team: <SafetyCertificateOutlined />,
};

// Real links, so an entry can also be opened in a new tab. Only the screens the role may open.
const itemsFor = (permissions: readonly string[]): MenuProps['items'] =>
  adminScreens.flatMap((screen) =>
    screen.menu && permissions.includes(screen.permission)
      ? [
          {
            key: screen.path,
            icon: ICONS[screen.path] ?? <UnorderedListOutlined />,
            label: (
              <Link to={`/admin/${screen.path}`}>
                {screen.menu.label}
                {screen.menu.Count ? <screen.menu.Count /> : null}
              </Link>
            ),
          },
        ]
      : [],
  );

const NONE: readonly string[] = [];

export function SidebarMenu({ selectedKey }: { selectedKey: string | undefined }) {
  const permissions = useAppSelector((state) => state.auth.user?.permissions ?? NONE);
  const items = useMemo(() => itemsFor(permissions), [permissions]);
  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
    />
  );
}
