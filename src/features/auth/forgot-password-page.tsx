import { Button, Card, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { AntdTheme } from '../../components/antd-theme';

/** The login page's Forgot Password link. There is no self-service reset. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  return (
    <AntdTheme>
      <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
        <Card style={{ width: '100%', maxWidth: 440 }}>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            Forgot Password
          </Typography.Title>
          <Typography.Paragraph>
            Passwords of admin accounts are reset by the system administrator. This panel has no
            self-service password reset: please contact your system administrator to have your
            password reset.
          </Typography.Paragraph>
          <Button type="primary" onClick={() => navigate('/login')}>
            Back to Login
          </Button>
        </Card>
      </Flex>
    </AntdTheme>
  );
}
