/** /{lng}/admin/invite/{token} (issue 14 §7): an invited administrator chooses their password (POST /adm/invite/accept). */
import { useState } from 'react';
import { useCustomMutation } from '@refinedev/core';
import { Alert, Card, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/SchemaForm';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';

export default function InvitePage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const { lng } = useLocale();
  useDocumentTitle(`${t('admin.invitePage.title')} · Alumni`);
  const { mutate, mutation } = useCustomMutation<{ email: string }>();
  const [done, setDone] = useState<string | null>(null);
  const errors = (mutation.error as { errors?: Record<string, string[]> } | null)?.errors;
  return (
    <main
      className="admin-login"
      style={{ maxWidth: 460, margin: '10vh auto', padding: 16 }}
      data-testid="admin-invite-page"
    >
      <Card>
        <Typography.Title level={2}>{t('admin.invitePage.title')}</Typography.Title>
        {done ? (
          <Alert
            type="success"
            showIcon
            message={t('admin.invitePage.done', { email: done })}
            description={<Link to={`/${lng}/admin/login`}>{t('admin.invitePage.signIn')}</Link>}
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('admin.invitePage.intro')}</Typography.Paragraph>
            <SchemaForm<{ password: string; password_repeat: string }>
              form="recoveryReset"
              id="admin-invite-accept"
              submitText={t('admin.invitePage.submit')}
              submitting={mutation.isPending}
              serverErrors={errors}
              uiSchema={{
                password: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' },
                password_repeat: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' },
              }}
              onSubmit={(values) =>
                mutate(
                  {
                    url: '/adm/invite/accept',
                    method: 'post',
                    values: { token, ...values },
                    successNotification: false,
                  },
                  { onSuccess: (answer) => setDone(answer.data.email) },
                )
              }
            />
          </>
        )}
      </Card>
    </main>
  );
}
