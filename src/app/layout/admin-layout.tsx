import { Suspense, useEffect, useState } from 'react';
import { Button, Drawer, Flex, Grid, Layout, Typography, theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { AntdTheme } from '../../components/antd-theme';
import { PageSpinner } from '../../components/page-spinner';
import { IdleWarning } from '../../features/auth/idle-warning';
import { StepUpDialog } from '../../features/auth/step-up-dialog';
import { useAppDispatch, useAppSelector } from '../hooks';
import type { ScreenHandle } from '../screens';
import { sidebarCollapsedSet, sidebarToggled } from '../ui-slice';
import { PageTitleContext } from '../../components/page-title';
import { OutageBanner } from './outage-banner';
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

function AdminLayout() {
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector((state) => state.ui.sidebarCollapsed);
  const handle = useScreenHandle();
  const [titleOverride, setTitleOverride] = useState<string | null>(null);
  const title = titleOverride ?? handle?.title ?? '';
  const { token } = theme.useToken();
  // Phone width (under 768 px): the sidebar is a drawer opened from the header.
  const phone = Grid.useBreakpoint().md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setDrawerOpen(false), [pathname]);

  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);

  const brand = (wide: boolean) => (
    <Flex
      align="center"
      justify="center"
      style={{ height: 64, color: '#fff', fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}
    >
      {wide ? APP_NAME : 'MA'}
    </Flex>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {phone ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          size={232}
          styles={{ body: { padding: 0, background: '#001529' } }}
          aria-label="Sidebar"
        >
          <nav aria-label="Sidebar">
            {brand(true)}
            <SidebarMenu selectedKey={handle?.menuKey} />
          </nav>
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          breakpoint="lg"
          onBreakpoint={(broken) => dispatch(sidebarCollapsedSet(broken))}
          width={232}
          aria-label="Sidebar"
        >
          {brand(!collapsed)}
          <SidebarMenu selectedKey={handle?.menuKey} />
        </Layout.Sider>
      )}
      {/* min-width 0: a wide table scrolls inside its card, never the page sideways. */}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: `0 ${phone ? token.paddingXS : token.paddingLG}px 0 ${token.paddingSM}px`,
            display: 'flex',
            alignItems: 'center',
            gap: token.marginSM,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {phone ? (
            <Button
              type="text"
              aria-label="Open menu"
              icon={<MenuUnfoldOutlined />}
              onClick={() => setDrawerOpen(true)}
            />
          ) : (
            <Button
              type="text"
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => dispatch(sidebarToggled())}
            />
          )}
          <Typography.Title
            level={4}
            ellipsis={{ tooltip: title }}
            style={{ margin: 0, flex: 1, minWidth: 0 }}
          >
            {title}
          </Typography.Title>
          <UserMenu />
        </Layout.Header>
        <IdleWarning />
        <StepUpDialog />
        <OutageBanner />
        <Layout.Content style={{ padding: phone ? token.paddingSM : token.paddingLG, minWidth: 0 }}>
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

/** The admin area: the layout in Ant Design's theme (which the login page does without). */
export default function ThemedAdminLayout() {
  return (
    <AntdTheme>
      <AdminLayout />
    </AntdTheme>
  );
}
