/**
 * The link of the confirmation e-mail: posts its token once (POST /usr/register/confirm) and says how it went. A link
 * opened again once the address is confirmed says so and offers to sign in (the server answers `already: true`).
 */
import { useEffect, useRef, useState } from 'react';
import { Card, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { request } from '../../../providers/http';
import { useLocale } from '../../../hooks/useLocale';
import { ResendConfirmation } from './ResendConfirmation';

const CARD = { maxWidth: 760, margin: '0 auto' } as const;

type State = 'checking' | 'ok' | 'validated' | 'already' | 'failed';

export function ConfirmEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [state, setState] = useState<State>('checking');
  const [message, setMessage] = useState('');
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return; // the token is single-use: never post it twice (React's development double effect)
    sent.current = true;
    request<{ ok: boolean; already?: boolean; validated?: boolean }>('usr', 'register/confirm', {
      method: 'POST',
      body: { token },
    }).then(
      (answer) => setState(answer?.already ? 'already' : answer?.validated ? 'validated' : 'ok'),
      (error: { errors?: Record<string, string[]>; message?: string }) => {
        setMessage(error.errors?.['token']?.[0] ?? error.message ?? '');
        setState('failed');
      },
    );
  }, [token]);
  if (state === 'checking')
    return (
      <Card className="register-card" style={CARD}>
        <Spin tip={t('register.confirm.checking')}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      </Card>
    );
  const texts = {
    ok: { status: 'success', title: t('register.confirm.ok'), subTitle: t('register.confirm.okText') },
    validated: { status: 'success', title: t('register.confirm.ok'), subTitle: t('register.confirm.validatedText') },
    already: { status: 'info', title: t('register.confirm.already'), subTitle: t('register.confirm.alreadyText') },
    failed: { status: 'warning', title: t('register.confirm.failed'), subTitle: message },
  } as const;
  const { status, title, subTitle } = texts[state];
  return (
    <Card className="register-card" style={CARD} data-testid="confirm-email" data-state={state}>
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          state === 'already' || state === 'validated' ? (
            <Link to={to('login')} data-testid="confirm-sign-in">
              {t('register.confirm.signIn')}
            </Link>
          ) : (
            <Link to={to('home')}>{t('common.goHome')}</Link>
          )
        }
      />
      {state === 'failed' ? <ResendConfirmation /> : null}
    </Card>
  );
}
