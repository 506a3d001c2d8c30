/** The link of the confirmation e-mail: posts its token once (POST /usr/register/confirm) and says how it went. */
import { useEffect, useRef, useState } from 'react';
import { Card, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { request } from '../../../providers/http';
import { useLocale } from '../../../hooks/useLocale';
import { ResendConfirmation } from './ResendConfirmation';

const CARD = { maxWidth: 760, margin: '0 auto' } as const;

export function ConfirmEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [state, setState] = useState<'checking' | 'ok' | 'failed'>('checking');
  const [message, setMessage] = useState('');
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return; // the token is single-use: never post it twice (React's development double effect)
    sent.current = true;
    request('usr', 'register/confirm', { method: 'POST', body: { token } }).then(
      () => setState('ok'),
      (error: { errors?: Record<string, string[]>; message?: string }) => {
        setMessage(error.errors?.['token']?.[0] ?? error.message ?? '');
        setState('failed');
      },
    );
  }, [token]);
  if (state === 'checking') return <Card className="register-card" style={CARD}><Spin tip={t('register.confirm.checking')}><div style={{ minHeight: 120 }} /></Spin></Card>;
  return (
    <Card className="register-card" style={CARD}>
      <Result
        status={state === 'ok' ? 'success' : 'warning'}
        title={t(state === 'ok' ? 'register.confirm.ok' : 'register.confirm.failed')}
        subTitle={state === 'ok' ? t('register.confirm.okText') : message}
        extra={<Link to={to('home')}>{t('common.goHome')}</Link>}
      />
      {state === 'failed' ? <ResendConfirmation /> : null}
    </Card>
  );
}
