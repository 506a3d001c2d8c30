import { useState } from 'react';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { useLogin } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UiSchema } from '@rjsf/utils';
import loginUi from '../../../../../schemas/login.ui.json';
import { SchemaForm } from '../../../forms/SchemaForm';
import type { LoginParams } from '../../../providers/auth';
import type { Issuer } from '../../../providers/session';
import { useLocale } from '../../../hooks/useLocale';

/**
 * The sign-in form, rendered from schemas/login.json (src/web/forms/catalog.ts). An administrator with the second
 * factor on is asked, after the right password, for the code of their app (or a recovery code) — the same form with
 * its `code` field.
 */
export function LoginForm({ kind }: { kind: Issuer }) {
  const { t } = useTranslation();
  const { mutate: login, isPending } = useLogin<LoginParams>();
  const [email, setEmail] = useState('');
  // kept for the code step, so the administrator does not type it again
  const [password, setPassword] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [adminElsewhere, setAdminElsewhere] = useState(false);
  const { lng } = useLocale();
  return (
    <>
      {adminElsewhere ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="login-admin-elsewhere"
          message={t('auth.adminElsewhere')}
          description={<Link to={`/${lng}/admin/login`}>{t('auth.adminElsewhereLink')}</Link>}
        />
      ) : null}
      {askCode ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('admin.security.codeAsked')}
          data-testid="login-code-asked"
        />
      ) : null}
      <SchemaForm<{ email: string; password: string; code?: string }>
        key={askCode ? 'code' : 'password'}
        id={`login-${kind}`}
        form={askCode ? 'loginCode' : 'login'}
        uiSchema={{
          ...(loginUi as UiSchema),
          code: {
            'ui:autocomplete': 'one-time-code',
            'ui:autofocus': true,
            'ui:title': t('admin.security.code'),
            'ui:help': t('admin.security.codeHelp'),
          },
        }}
        formData={askCode ? { email, password } : { email }}
        submitText={t('auth.submit')}
        submitting={isPending}
        onSubmit={(data) => {
          setEmail(data.email);
          setPassword(data.password);
          // a refusal (wrong password, not validated yet, too many attempts) is shown by Refine as a red toast
          login(
            { email: data.email, password: data.password, kind, code: data.code?.trim() || undefined },
            {
              onSuccess: (answer) => {
                const { totpRequired, adminSignInElsewhere } = answer as {
                  totpRequired?: boolean;
                  adminSignInElsewhere?: boolean;
                };
                setAskCode(askCode || Boolean(totpRequired));
                setAdminElsewhere(Boolean(adminSignInElsewhere));
              },
            },
          );
        }}
      />
    </>
  );
}
