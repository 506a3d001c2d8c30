import { Card, Tabs, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import type { Issuer } from '../../../providers/session';
import { LoginForm } from './LoginForm';

/** The public sign-in page: alumni and companies in two tabs. */
export default function LoginPage({ only }: { only?: Issuer }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [params, setParams] = useSearchParams();
  const active: Issuer = only ?? (params.get('as') === 'company' ? 'company' : 'user');
  useDocumentTitle(`${t('auth.title')} · Alumni`);
  const footer = (kind: Issuer) => (
    <Typography.Paragraph className="login-links">
      <Link to={to(kind === 'user' ? 'user.recovery' : 'company.recovery')}>{t('auth.forgot')}</Link>
      <br />
      {t('auth.noAccount')}{' '}
      <Link to={to(kind === 'user' ? 'user.register' : 'company.register')}>{t('auth.register')}</Link>
    </Typography.Paragraph>
  );
  const tab = (kind: Issuer) => ({
    key: kind,
    label: t(kind === 'user' ? 'auth.alumni' : 'auth.company'),
    children: (
      <>
        <LoginForm kind={kind} />
        {footer(kind)}
      </>
    ),
  });
  return (
    <Card className="login-card">
      <div className="page-heading">
        <h1>{t('auth.title')}</h1>
        <p>{t('auth.subtitle')}</p>
      </div>
      {only ? (
        tab(only).children
      ) : (
        <Tabs
          activeKey={active}
          onChange={(key) => setParams(key === 'company' ? { as: 'company' } : {}, { replace: true })}
          items={[tab('user'), tab('company')]}
        />
      )}
    </Card>
  );
}
