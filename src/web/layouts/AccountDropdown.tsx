/** The signed-in account menu (SPEC §5), a separate chunk: visitors never download it. */
import { Dropdown, type MenuProps } from 'antd';
import { useSignOut } from '../hooks/useIdentity';
import { useTranslation } from 'react-i18next';
import { useSiteInit } from '../hooks/useSiteInit';
import { useAccessAnswers } from '../hooks/useAccess';
import type { Identity } from '../providers/auth';
import { AccountButton } from './AccountMenu';
import { AccountLink } from './AccountLink';
import { accountActions, accountItems } from './accountItems';
import { AntdScope } from '../components/AntdScope';

export default function AccountDropdown({ me }: { me: Identity }) {
  const { t } = useTranslation();
  const logout = useSignOut();
  const init = useSiteInit();
  const { allowed, questions } = useAccessAnswers(accountActions(me));
  const items: MenuProps['items'] = accountItems(me, t, allowed, init?.settings.ebookUrl).map((item) => ({
    key: item.key,
    label: <AccountLink item={item} />,
  }));
  items.push(
    { type: 'divider' },
    { key: 'logout', label: <span data-testid="logout">{t('nav.logout')}</span>, onClick: () => void logout() },
  );
  return (
    <AntdScope>
      {questions}
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        <AccountButton me={me} />
      </Dropdown>
    </AntdScope>
  );
}
