/**
 * /user/recovery (issue 8 §6): without `?token=` the member asks for a link (the answer is the same for
 * any address); with it, they choose a new password (POST /usr/recovery/reset), which signs them out
 * everywhere. `area="company"` serves /company/recovery with the same code.
 */
import { useState } from 'react';
import { Card, Result, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import type { UiSchema } from '@rjsf/utils';
import { SchemaForm } from '../../../forms/SchemaForm';
import { request } from '../../../providers/http';
import { useLocale } from '../../../hooks/useLocale';

const CARD = { maxWidth: 520, margin: '0 auto' } as const;

type Errors = Record<string, string[]>;

const REQUEST_UI: UiSchema = { email: { 'ui:autocomplete': 'email', 'ui:autofocus': true } };
const RESET_UI: UiSchema = {
  password: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password', 'ui:autofocus': true },
  password_repeat: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' },
};

export default function RecoveryPage({ area = 'user' }: { area?: 'user' | 'company' }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle(`${t('recovery.title')} · Alumni`);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const prefix = area === 'user' ? 'usr' : 'com';
  const login = to(area === 'user' ? 'user.login' : 'company.login');

  const send = async (path: string, body: Record<string, unknown>) => {
    setSending(true);
    setErrors({});
    try {
      await request(prefix, path, { method: 'POST', body });
      setDone(true);
    } catch (error) {
      setErrors((error as { errors?: Errors }).errors ?? { body: [(error as Error).message] });
    } finally {
      setSending(false);
    }
  };

  if (done) {
    return (
      <Card className="register-card" style={CARD}>
        <Result
          status="success"
          title={t(token ? 'recovery.done.title' : 'recovery.sent.title')}
          subTitle={t(token ? 'recovery.done.text' : 'recovery.sent.text')}
          extra={<Link to={login}>{t('recovery.toLogin')}</Link>}
        />
      </Card>
    );
  }

  const problem = errors['token'] ?? errors['body'];
  return (
    <Card className="register-card" style={CARD}>
      <div className="page-heading">
        <h1>{t(token ? 'recovery.resetTitle' : 'recovery.title')}</h1>
        <p>{t(token ? 'recovery.resetText' : 'recovery.text')}</p>
      </div>
      {problem && (
        <Typography.Paragraph type="danger" role="alert">
          {problem.join(' ')}{' '}
          {errors['token'] && (
            <Link to={to(area === 'user' ? 'user.recovery' : 'company.recovery')}>{t('recovery.again')}</Link>
          )}
        </Typography.Paragraph>
      )}
      {token ? (
        <SchemaForm<{ password: string; password_repeat: string }>
          id="recovery-reset"
          form="recoveryReset"
          uiSchema={RESET_UI}
          serverErrors={errors}
          submitText={t('recovery.resetSubmit')}
          submitting={sending}
          onSubmit={(data) => void send('recovery/reset', { ...data, token })}
        />
      ) : (
        <SchemaForm<{ email: string }>
          id="recovery-request"
          form="recovery"
          uiSchema={REQUEST_UI}
          serverErrors={errors}
          submitText={t('recovery.submit')}
          submitting={sending}
          onSubmit={(data) => void send('recovery', data)}
        />
      )}
      <Typography.Paragraph className="login-links">
        <Link to={login}>{t('recovery.toLogin')}</Link>
      </Typography.Paragraph>
    </Card>
  );
}
