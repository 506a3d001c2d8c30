/** Change the password (needs the old one) or the e-mail (a link goes to the new address): POST /usr/users/password|email. */
import { Typography } from 'antd';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/SchemaForm';

type Errors = HttpError & { errors?: Record<string, string[]> };

function AccountForm({ form, url, done }: { form: 'profilePassword' | 'profileEmail'; url: string; done: string }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation<{ ok: boolean }, Errors, Record<string, unknown>>();
  return (
    <SchemaForm<Record<string, unknown>>
      id={`form-${form}`}
      form={form}
      uiSchema={{
        old_password: { 'ui:widget': 'password' },
        password: { 'ui:widget': 'password', ...(form === 'profilePassword' ? { 'ui:title': t('profile.newPassword') } : {}) },
        password_repeat: { 'ui:widget': 'password' },
      }}
      submitText={t('profile.save')}
      submitting={mutation.isPending}
      serverErrors={(mutation.error as Errors | null)?.errors}
      onSubmit={(values) =>
        mutate({
          url,
          method: 'post',
          values,
          dataProviderName: 'usr',
          successNotification: () => ({ type: 'success', message: t(done) }),
          errorNotification: (error) => ({ type: 'error', message: error?.message ?? t('errors.unexpected.title') }),
        })
      }
    />
  );
}

export function AccountForms({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <div className="profile-account">
      <Typography.Title level={3}>{t('profile.changeEmail')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('profile.changeEmailHint', { email })}</Typography.Paragraph>
      <AccountForm form="profileEmail" url="users/email" done="profile.emailSent" />
      <Typography.Title level={3}>{t('profile.changePassword')}</Typography.Title>
      <AccountForm form="profilePassword" url="users/password" done="profile.passwordChanged" />
    </div>
  );
}
