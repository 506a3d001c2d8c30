/** The signed-in account menu (SPEC §2), a separate chunk: visitors never download it. */
import { Dropdown, type MenuProps } from 'antd';
import { useLogout } from '@refinedev/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isBold, type Role } from '../../shared/permissions';
import { useLocale } from '../hooks/useLocale';
import { useSiteInit } from '../hooks/useSiteInit';
import type { Identity } from '../providers/auth';
import { AccountButton } from './AccountMenu';

export default function AccountDropdown({ me }: { me: Identity }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { mutate: logout } = useLogout();
  const init = useSiteInit();
  const items: MenuProps['items'] =
    me.iss === 'company'
      ? [
          { key: 'profile', label: <Link to={to('company.profile')}>{t('nav.companyProfile')}</Link> },
          { key: 'new', label: <Link to={to('company.jobs.new')}>{t('nav.newJob')}</Link> },
          { key: 'jobs', label: <Link to={to('company.jobs')}>{t('nav.myJobs')}</Link> },
          { key: 'directory', label: <Link to={to('community.directory')}>{t('nav.directory')}</Link> },
        ]
      : [
          { key: 'profile', label: <Link to={to('user.profile')}>{t('nav.profile')}</Link> },
          { key: 'card', label: <Link to={to('user.card')}>{t('nav.card')}</Link> },
          ...(isBold((me.role ?? 'REGULAR') as Role) ? [{ key: 'subscribed', label: <Link to={to('user.jobs.subscribed')}>{t('nav.subscribedJobs')}</Link> }] : []),
          ...(init?.settings.ebookUrl ? [{ key: 'ebooks', label: <a href={init.settings.ebookUrl} target="_blank" rel="noreferrer">{t('nav.ebooks')}</a> }] : []),
        ];
  items.push({ type: 'divider' }, { key: 'logout', label: <span data-testid="logout">{t('nav.logout')}</span>, onClick: () => logout() });
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <AccountButton me={me} />
    </Dropdown>
  );
}
