/** A password or e-mail change (needs the current password): POST to the signed-in account's route, the server's field errors on their fields. */
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from './SchemaForm';

type Errors = HttpError & { errors?: Record<string, string[]> };

/** `url`: the account route whole: `/usr/users/password`, `/usr/users/email` or `/com/companies/password`. */
export function AccountForm({
  form,
  url,
  done,
}: {
  form: 'profilePassword' | 'profileEmail';
  url: string;
  done: string;
}) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation<{ ok: boolean }, Errors, Record<string, unknown>>();
  return (
    <SchemaForm<Record<string, unknown>>
      id={`form-${form}`}
      form={form}
      uiSchema={{
        old_password: { 'ui:widget': 'password' },
        password: {
          'ui:widget': 'password',
          ...(form === 'profilePassword' ? { 'ui:title': t('profile.newPassword') } : {}),
        },
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
          successNotification: () => ({ type: 'success', message: t(done) }),
        })
      }
    />
  );
}
