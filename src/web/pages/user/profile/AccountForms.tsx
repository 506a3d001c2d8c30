/** Change the password (needs the old one) or the e-mail (a link goes to the new address): POST /usr/users/password|email. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountForm } from '../../../forms/AccountForm';

export function AccountForms({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <div className="profile-account">
      <Typography.Title level={3}>{t('profile.changeEmail')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('profile.changeEmailHint', { email })}</Typography.Paragraph>
      <AccountForm form="profileEmail" url="/usr/users/email" done="profile.emailSent" />
      <Typography.Title level={3}>{t('profile.changePassword')}</Typography.Title>
      <AccountForm form="profilePassword" url="/usr/users/password" done="profile.passwordChanged" />
    </div>
  );
}
