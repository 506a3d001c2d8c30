import { useState } from 'react';
import { useLogin } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UiSchema } from '@rjsf/utils';
import loginUi from '../../../../../schemas/login.ui.json';
import { SchemaForm } from '../../../forms/SchemaForm';
import type { LoginParams } from '../../../providers/auth';
import type { Issuer } from '../../../providers/session';

/** The sign-in form, rendered from schemas/login.json (src/web/forms/catalog.ts). */
export function LoginForm({ kind }: { kind: Issuer }) {
  const { t } = useTranslation();
  const { mutate: login, isPending } = useLogin<LoginParams>();
  const [email, setEmail] = useState('');
  return (
    <SchemaForm<{ email: string; password: string }>
      id={`login-${kind}`}
      form="login"
      uiSchema={loginUi as UiSchema}
      formData={{ email }}
      submitText={t('auth.submit')}
      submitting={isPending}
      onSubmit={(data) => {
        setEmail(data.email);
        // a refusal (wrong password, not validated yet, too many attempts) is shown by Refine as a red toast
        login({ email: data.email, password: data.password, kind });
      }}
    />
  );
}
