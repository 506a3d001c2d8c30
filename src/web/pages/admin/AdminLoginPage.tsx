import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../public/auth/LoginForm';

/** /{lng}/admin/login: the back office's sign-in (POST /adm/login, the member login's body). */
export default function AdminLoginPage() {
  const { t } = useTranslation();
  return (
    <main className="admin-login" style={{ maxWidth: 420, margin: '10vh auto', padding: 16 }}>
      <Card>
        <Typography.Title level={2}>{t('admin.login.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('admin.login.intro')}</Typography.Paragraph>
        <LoginForm kind="admin" />
      </Card>
    </main>
  );
}
