/**
 * /user/invitation?token=… (issue 28 §3): a member the association imported chooses their first password. The link
 * is checked first (POST /usr/invitation/check), so a used, expired or broken link shows at once what to do instead of
 * a form that cannot work: the member can have a new link sent (POST /usr/recovery, which for an invited member who has
 * not accepted sends the invitation again) or ask the association. Accepting (POST /usr/invitation/accept) follows
 * the recovery form's rules and then signs the member in with the password just chosen (their profile opens).
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Result, Spin, Typography } from 'antd';
import { useLogin } from '@refinedev/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UiSchema } from '@rjsf/utils';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { SchemaForm } from '../../../forms/SchemaForm';
import { request } from '../../../providers/http';
import { useLocale } from '../../../hooks/useLocale';
import type { LoginParams } from '../../../providers/auth';

const CARD = { maxWidth: 520, margin: '0 auto' } as const;
const UI: UiSchema = {
  password: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password', 'ui:autofocus': true },
  password_repeat: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' },
};

type Errors = Record<string, string[]>;
type Checked =
  { state: 'checking' } | { state: 'valid'; name: string; email: string } | { state: 'invalid'; message: string };

const messageOf = (error: unknown) => {
  const errors = (error as { errors?: Errors }).errors;
  return errors?.['token']?.join(' ') ?? (error as Error).message;
};

export default function InvitationPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useDocumentTitle(`${t('invitation.title')} · Alumni`);
  const [checked, setChecked] = useState<Checked>({ state: 'checking' });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const { mutate: login } = useLogin<LoginParams>();

  useEffect(() => {
    let live = true;
    request<{ name: string; email: string }>('usr', 'invitation/check', { method: 'POST', body: { token } })
      .then((answer) => live && setChecked({ state: 'valid', name: answer.name, email: answer.email }))
      .catch((error: unknown) => live && setChecked({ state: 'invalid', message: messageOf(error) }));
    return () => {
      live = false;
    };
  }, [token]);

  const accept = async (values: { password: string; password_repeat: string }) => {
    setSending(true);
    setErrors({});
    try {
      const answer = await request<{ email: string }>('usr', 'invitation/accept', {
        method: 'POST',
        body: { ...values, token },
      });
      setDone(answer.email);
      // signed in with the password just chosen: the provider opens the profile; if that fails, the page says to sign in
      login({ email: answer.email, password: values.password, kind: 'user' });
    } catch (error) {
      const found = (error as { errors?: Errors }).errors ?? { body: [(error as Error).message] };
      if (found['token']) setChecked({ state: 'invalid', message: messageOf(error) });
      setErrors(found);
    } finally {
      setSending(false);
    }
  };

  if (done || checked.state === 'invalid') {
    return (
      <Card className="register-card" style={CARD} data-testid="invitation-page">
        <h1>{t('invitation.title')}</h1>
        <Result
          status={done ? 'success' : 'warning'}
          title={done ? t('invitation.done.title') : t('invitation.invalid.title')}
          subTitle={done ? t('invitation.done.text', { email: done }) : (checked as { message: string }).message}
          extra={<Link to={to('user.login')}>{t('invitation.toLogin')}</Link>}
        />
        {!done &&
          (resent ? (
            <Alert type="success" showIcon message={t('invitation.resend.done')} data-testid="invitation-resent" />
          ) : (
            <>
              <Typography.Paragraph>{t('invitation.resend.text')}</Typography.Paragraph>
              <SchemaForm<{ email: string }>
                id="invitation-resend"
                form="recovery"
                submitText={t('invitation.resend.submit')}
                onSubmit={(values) =>
                  void request('usr', 'recovery', { method: 'POST', body: values })
                    .then(() => setResent(true))
                    .catch(() => setResent(true))
                }
              />
            </>
          ))}
      </Card>
    );
  }
  return (
    <Card className="register-card" style={CARD} data-testid="invitation-page">
      <div className="page-heading">
        <h1>{t('invitation.title')}</h1>
        {checked.state === 'valid' && <p>{t('invitation.text', { name: checked.name, email: checked.email })}</p>}
      </div>
      {checked.state === 'checking' ? (
        <Spin />
      ) : (
        <>
          {errors['body'] && (
            <Typography.Paragraph type="danger" role="alert">
              {errors['body'].join(' ')}
            </Typography.Paragraph>
          )}
          <SchemaForm<{ password: string; password_repeat: string }>
            id="invitation-accept"
            form="recoveryReset"
            uiSchema={UI}
            serverErrors={errors}
            submitText={t('invitation.submit')}
            submitting={sending}
            onSubmit={(values) => void accept(values)}
          />
        </>
      )}
    </Card>
  );
}
