/**
 * /{lng}/admin/messages: the association's inbox (GET /adm/messages), the member's and company's inbox component
 * (pages/user/messages/InboxPage) with the back office's area; when it holds no conversation at all, it says how
 * one starts: the association writes to a member from the member's card in "Members".
 */
import { useList } from '@refinedev/core';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { Inbox } from '../../user/messages/InboxPage';
import type { Conversation } from '../../user/messages/messageTypes';

export default function AdminInboxPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(`${t('resources.messages')} · Alumni`);
  // one line of the inbox and of the archive: none in either means nothing was ever written or received
  const inbox = useList<Conversation>({ resource: 'adm/messages', pagination: { pageSize: 1 } });
  const archive = useList<Conversation>({
    resource: 'adm/messages',
    pagination: { pageSize: 1 },
    filters: [{ field: 'archived', operator: 'eq', value: true }],
  });
  const none = inbox.result.total === 0 && archive.result.total === 0;
  return (
    <>
      {none && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="admin-inbox-guide"
          message={t('admin.messages.emptyTitle')}
          description={
            <>
              {t('admin.messages.emptyHelp')} <Link to={to('admin.users')}>{t('admin.menu.users')}</Link>
            </>
          }
        />
      )}
      <Inbox area="admin" />
    </>
  );
}
