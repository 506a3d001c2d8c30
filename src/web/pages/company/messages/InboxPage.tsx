/** /company/messages: the company's conversations with its candidates (pages/user/messages/InboxPage). */
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Inbox } from '../../user/messages/InboxPage';

export default function CompanyInboxPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('resources.messages')} · Alumni`);
  return <Inbox area="company" />;
}
