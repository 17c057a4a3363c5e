import { Suspense, useEffect, useState } from 'react';
import { Button, Flex, Layout, Typography, theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Outlet, useMatches } from 'react-router-dom';
import { PageSpinner } from '../../components/page-spinner';
import { useAppDispatch, useAppSelector } from '../hooks';
import type { ScreenHandle } from '../screens';
import { sidebarCollapsedSet, sidebarToggled } from '../ui-slice';
import { PageTitleContext } from './page-title';
import { SidebarMenu } from './sidebar-menu';
import { UserMenu } from './user-menu';

const APP_NAME = 'Marketplace Admin';

function useScreenHandle(): ScreenHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as ScreenHandle | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}

export default function AdminLayout() {
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector((state) => state.ui.sidebarCollapsed);
  const handle = useScreenHandle();
  const [titleOverride, setTitleOverride] = useState<string | null>(null);
  const title = titleOverride ?? handle?.title ?? '';
  const { token } = theme.useToken();

  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        trigger={null}
        breakpoint="lg"
        onBreakpoint={(broken) => dispatch(sidebarCollapsedSet(broken))}
        width={232}
        aria-label="Sidebar"
      >
        <Flex
          align="center"
          justify="center"
          style={{ height: 64, color: '#fff', fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}
        >
          {collapsed ? 'MA' : APP_NAME}
        </Flex>
        <SidebarMenu selectedKey={handle?.menuKey} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: `0 ${token.paddingLG}px 0 ${token.paddingSM}px`,
            display: 'flex',
            alignItems: 'center',
            gap: token.marginSM,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => dispatch(sidebarToggled())}
          />
          <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
            {title}
          </Typography.Title>
          <UserMenu />
        </Layout.Header>
        <Layout.Content style={{ padding: token.paddingLG }}>
          <PageTitleContext.Provider value={setTitleOverride}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </PageTitleContext.Provider>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
