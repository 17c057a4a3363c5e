import { Avatar, Button, Divider, Dropdown, Flex, Grid, Typography, theme } from 'antd';
import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../hooks';

/** The header's user menu: name, avatar (or a placeholder icon), email, My account and Logout. */
export function UserMenu() {
  const user = useAppSelector((state) => state.auth.user);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { token } = theme.useToken();
  const phone = Grid.useBreakpoint().md === false;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const avatar = <Avatar src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />;

  const panel = (
    <div
      role="menu"
      aria-label="User menu"
      style={{
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        padding: token.paddingSM,
        minWidth: 220,
      }}
    >
      <Flex gap="small" align="center">
        {avatar}
        <Flex vertical>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary">{user?.email}</Typography.Text>
        </Flex>
      </Flex>
      <Divider style={{ margin: `${token.marginSM}px 0` }} />
      <Button
        block
        type="text"
        role="menuitem"
        icon={<SettingOutlined />}
        style={{ justifyContent: 'flex-start' }}
        onClick={() => {
          setOpen(false);
          navigate('/admin/account');
        }}
      >
        My account
      </Button>
      <Button
        block
        type="text"
        role="menuitem"
        icon={<LogoutOutlined />}
        style={{ justifyContent: 'flex-start' }}
        onClick={() => {
          setOpen(false);
          navigate('/logout');
        }}
      >
        Logout
      </Button>
    </div>
  );

  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      popupRender={() => panel}
    >
      <Button type="text" aria-haspopup="menu" aria-expanded={open} style={{ height: 'auto' }}>
        <Flex gap="small" align="center">
          {avatar}
          {/* On a phone the avatar alone, so the title keeps its room. */}
          {phone ? null : (
            <Typography.Text ellipsis style={{ maxWidth: 200 }}>
              {name || user?.email}
            </Typography.Text>
          )}
        </Flex>
      </Button>
    </Dropdown>
  );
}
