/** The narrow-screen menu: a drawer with the account menu and the main menu (loaded when first opened). */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from './AccountMenu';
import { MainMenu } from './MainMenu';

export default function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} title={t('nav.menu')} width={320} placement="right" rootClassName="mobile-menu">
      <div className="drawer-account">
        <AccountMenu />
      </div>
      <MainMenu vertical onNavigate={onClose} />
    </Drawer>
  );
}
