/**
 * The narrow-screen menu (loaded when first opened): who is signed in and every item of their account
 * menu as plain links (the same list as the header's dropdown and the side menu), sign-out, then the
 * main menu; a visitor sees the sign-in link instead.
 */
import { Button, Drawer } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useIdentity, useSignOut } from '../hooks/useIdentity';
import { useTranslation } from 'react-i18next';
import { useSiteInit } from '../hooks/useSiteInit';
import { useAccessAnswers } from '../hooks/useAccess';
import { AccountLink } from './AccountLink';
import { AccountMenu } from './AccountMenu';
import { accountActions, accountItems } from './accountItems';
import { MainMenu } from './MainMenu';
import { AntdScope } from '../components/AntdScope';

export default function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useIdentity();
  const logout = useSignOut();
  const init = useSiteInit();
  const { allowed, questions } = useAccessAnswers(accountActions(me));
  return (
    <AntdScope>
      {questions}
      <Drawer
        open={open}
        onClose={onClose}
        title={t('nav.menu')}
        width={320}
        placement="right"
        rootClassName="mobile-menu"
      >
        {me ? (
          <nav
            className="drawer-account site-nav-vertical"
            aria-label={t('header.account')}
            data-testid="drawer-account"
          >
            <p className="drawer-who">
              <span className="account-email">{me.email}</span>
              {me.iss === 'user' && me.code_numeric ? (
                <span className="account-number">{t('header.partner', { number: me.code_numeric })}</span>
              ) : null}
            </p>
            <ul className="site-menu">
              {accountItems(me, t, allowed, init?.settings.ebookUrl).map((item) => (
                <li key={item.key}>
                  <AccountLink item={item} onClick={onClose} />
                </li>
              ))}
            </ul>
            <Button
              block
              icon={<LogoutOutlined />}
              data-testid="drawer-logout"
              onClick={() => (onClose(), void logout())}
              style={{ marginTop: 12 }}
            >
              {t('nav.logout')}
            </Button>
          </nav>
        ) : (
          <div className="drawer-account">
            <AccountMenu />
          </div>
        )}
        <MainMenu vertical onNavigate={onClose} />
      </Drawer>
    </AntdScope>
  );
}
