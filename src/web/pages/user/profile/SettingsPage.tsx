/** /user/profile/settings (issue 8 §8): privacy flags and language, from schemas/user.settings.json. */
import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAccessDecision } from '../../../hooks/useAccess';
import { Spinner } from '../../../components/Spinner';
import { ProfileSection } from './ProfileSection';
import { useProfileForm } from './useProfileForm';
import { MyDataSection } from './MyDataSection';
import { JobAlertsSection } from './JobAlertsSection';

const FLAGS = [
  'is_appear_by_user',
  'is_appear_by_company',
  'is_newsletter',
  'is_receive_jobs',
  'notify_group_digest',
  'notify_group_replies',
  'notify_group_requests',
  'notify_group_removed',
  'accepts_messages',
  'message_mails',
  'language',
] as const;
/** The message e-mails (issue 29 §3): one when a message stays unread, a daily digest, or none. */
const MESSAGE_MAILS = ['away', 'digest', 'none'] as const;
/** The group e-mails: groups are for Bold and GRATIS members, so the others are not asked about them. */
const GROUP_NOTICES = [
  'notify_group_digest',
  'notify_group_replies',
  'notify_group_requests',
  'notify_group_removed',
] as const;

export default function SettingsPage() {
  const { t } = useTranslation();
  const profile = useProfileForm();
  const self = useAccessDecision('user.self');
  const jobMails = useAccessDecision('jobs.view');
  const groupNotices = useAccessDecision('workgroups.subscribe');
  useDocumentTitle(`${t('pages.user.profile.settings')} · Alumni`);
  const me = profile.me;
  if (!me || !self) return <Spinner />;
  // offers by e-mail and group notices are Bold benefits: the access control's answer, as the server's
  const bold = jobMails && groupNotices;
  const ui = {
    ...Object.fromEntries(FLAGS.map((flag) => [flag, { 'ui:help': t(`profile.help.${flag}`) }])),
    is_receive_jobs: { 'ui:help': t('profile.help.is_receive_jobs'), 'ui:disabled': !bold },
    language: { 'ui:enumNames': ['es', 'en', 'ca'].map((lng) => t(`lang.${lng}`)), 'ui:widget': 'radio' },
    message_mails: {
      'ui:enumNames': MESSAGE_MAILS.map((choice) => t(`profile.messageMails.${choice}`)),
      'ui:widget': 'radio',
      'ui:help': t('profile.help.message_mails'),
    },
    ...Object.fromEntries(
      GROUP_NOTICES.map((flag) => [flag, bold ? { 'ui:help': t(`profile.help.${flag}`) } : { 'ui:widget': 'hidden' }]),
    ),
  };
  return (
    <Card className="profile-page">
      <div className="page-heading">
        <h1>{t('pages.user.profile.settings')}</h1>
      </div>
      {!bold && (
        <Alert
          type="info"
          showIcon
          message={t('profile.jobsBoldOnly')}
          className="profile-alert"
          style={{ marginBottom: 16 }}
        />
      )}
      <ProfileSection
        form="profileSettings"
        profile={profile}
        uiSchema={ui}
        initial={Object.fromEntries(FLAGS.map((flag) => [flag, me[flag]]))}
        toBody={(values) =>
          bold
            ? values
            : {
                ...values,
                is_receive_jobs: undefined,
                ...Object.fromEntries(GROUP_NOTICES.map((flag) => [flag, undefined])),
              }
        }
      />
      {bold && <JobAlertsSection receiving={Boolean(me['is_receive_jobs'])} />}
      <MyDataSection />
    </Card>
  );
}
