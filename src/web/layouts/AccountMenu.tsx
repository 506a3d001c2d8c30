import { lazy, Suspense } from 'react';
import { Button, type ButtonProps } from '../components/light';
import { UserOutlined } from '@ant-design/icons';
import { useIdentity } from '../hooks/useIdentity';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/useLocale';
import type { Identity } from '../providers/auth';

const AccountDropdown = lazy(() => import('./AccountDropdown'));

/** Who is signed in: the e-mail and partner number (code_numeric) of a member, or a company's e-mail. */
export function AccountButton({ me, ...button }: { me: Identity } & ButtonProps) {
  const { t } = useTranslation();
  return (
    <Button {...button} data-testid="user-menu" icon={<UserOutlined />} className="account-button" aria-haspopup="menu">
      <span className="account-email">{me.email}</span>
      {me.iss === 'user' && me.code_numeric ? (
        <span className="account-number">{t('header.partner', { number: me.code_numeric })}</span>
      ) : null}
    </Button>
  );
}

/** The user and company menus of SPEC §2 (loaded once someone is signed in), or a sign-in link. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const me = useIdentity();
  if (!me) {
    const href = to('login');
    const join = to('user.register');
    // "Join" beside "Sign in" on every page and in the phone's menu, not only on the home page (issue 25 §9)
    return (
      <span className="account-visitor">
        <Button
          href={join}
          data-testid="join-link"
          onClick={(event) => {
            event.preventDefault();
            navigate(join);
          }}
        >
          {t('nav.join')}
        </Button>
        <Button
          type="primary"
          href={href}
          data-testid="login-link"
          icon={<UserOutlined />}
          onClick={(event) => {
            event.preventDefault();
            navigate(href);
          }}
        >
          {t('nav.login')}
        </Button>
      </span>
    );
  }
  return (
    <Suspense fallback={<AccountButton me={me} disabled />}>
      <AccountDropdown me={me} />
    </Suspense>
  );
}
