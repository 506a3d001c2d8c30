/**
 * "Did not get the e-mail?" (POST /usr/register/resend): after registering, one button (the address is
 * known); after a failed or expired link, the address is asked. The server answers the same for any
 * address, so the message only says a link is on its way if the address is waiting for one.
 */
import { useState } from 'react';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';

export function ResendConfirmation({ email }: { email?: string }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(email ?? '');
  const { mutate, mutation } = useCustomMutation();
  const send = () =>
    mutate({
      url: '/usr/register/resend',
      method: 'post',
      values: { email: address.trim() },
      successNotification: false,
      errorNotification: (error) => ({
        type: 'error',
        message: error?.errors ? t('register.resend.badEmail') : (error?.message ?? t('errors.unexpected.title')),
      }),
    });
  if (mutation.isSuccess)
    return <Alert type="success" showIcon message={t('register.resend.sent')} data-testid="resend-sent" />;
  return (
    <div className="resend-confirmation" data-testid="resend-confirmation">
      <Typography.Paragraph type="secondary">{t('register.resend.question')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%', maxWidth: 440 }}>
        {email ? null : (
          <Input
            type="email"
            autoComplete="email"
            aria-label={t('fields.email')}
            placeholder={t('fields.email')}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            onPressEnter={send}
          />
        )}
        <Button onClick={send} loading={mutation.isPending} disabled={!address.trim()}>
          {t('register.resend.button')}
        </Button>
      </Space.Compact>
    </div>
  );
}
