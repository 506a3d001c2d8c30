/**
 * /{lng}/admin/security (issue 14 §7): my second factor. Off: scan a QR code (or type the secret) into an authenticator
 * app and confirm with its first code — the ten recovery codes are then shown once. On: how many recovery codes are
 * left, and turning it off with a code. Refine's useCustom / useCustomMutation over the `adm` data provider.
 */
import { useState } from 'react';
import { useCustom, useCustomMutation, useGetIdentity } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { loadIdentity, type Identity } from '../../../providers/auth';
import { refreshPermissions } from '../../../providers/access';
import type { AdminTotpRecovery, AdminTotpSetup, AdminTotpStatus } from '../../../../shared/schema-types';

type Status = AdminTotpStatus;
type Setup = AdminTotpSetup;

/**
 * The recovery codes just given, shown once: kept outside the component (in memory only, until the tab is reloaded),
 * because turning the second factor on refreshes the session's permissions and the back office then mounts this page
 * again — its own state, and the codes with it, were lost within a second (found by admin-enrol-production).
 */
let shownRecovery: string[] | null = null;

export default function SecurityPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('admin.security.title')} · Alumni`);
  const status = useCustom<Status>({ url: '/adm/me/totp', method: 'get' });
  const { data: me } = useGetIdentity<Identity | null>();
  const queryClient = useQueryClient();
  const { mutate, mutation } = useCustomMutation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecoveryState] = useState<string[] | null>(shownRecovery);
  const setRecovery = (codes: string[] | null) => {
    shownRecovery = codes;
    setRecoveryState(codes);
  };
  const current = status.query.data?.data;
  const call = <T,>(
    url: string,
    method: 'post' | 'delete',
    values: object,
    onDone: (answer: T) => void,
    message: string,
  ) =>
    mutate(
      { url: `/adm/${url}`, method, values, successNotification: () => ({ type: 'success', message }) },
      {
        onSuccess: (answer) => {
          setCode('');
          onDone(answer.data as T);
          void status.query.refetch();
        },
      },
    );
  if (!current) return <Spinner />;
  return (
    <section data-testid="admin-security">
      <Typography.Title level={2}>{t('admin.security.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.security.intro')}</Typography.Paragraph>
      {me?.totp_setup_required ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24, maxWidth: 640 }}
          message={t('admin.security.requiredTitle')}
          description={t('admin.security.requiredText')}
          data-testid="totp-setup-required"
        />
      ) : null}
      {recovery ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 24, maxWidth: 640 }}
          message={t('admin.security.recoveryTitle')}
          description={
            <>
              <p>{t('admin.security.recoveryHelp')}</p>
              <pre className="recovery-codes" data-testid="recovery-codes">
                {recovery.join('\n')}
              </pre>
            </>
          }
        />
      ) : null}
      <Card style={{ maxWidth: 640 }}>
        {current.enabled ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Alert
              type="success"
              showIcon
              icon={<SafetyCertificateOutlined />}
              message={t('admin.security.on')}
              description={t('admin.security.left', { count: current.recovery_left })}
              data-testid="totp-on"
            />
            <Typography.Text>{t('admin.security.offHelp')}</Typography.Text>
            <Space wrap>
              <Input
                aria-label={t('admin.security.code')}
                placeholder="123456"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                maxLength={20}
                style={{ width: 200 }}
                autoComplete="one-time-code"
              />
              <Button
                danger
                disabled={code.trim().length < 6}
                loading={mutation.isPending}
                onClick={() =>
                  call(
                    'me/totp',
                    'delete',
                    { code: code.trim() },
                    () => setRecovery(null),
                    t('admin.security.turnedOff'),
                  )
                }
              >
                {t('admin.security.turnOff')}
              </Button>
            </Space>
          </Space>
        ) : setup ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Text>{t('admin.security.scan')}</Typography.Text>
            <img src={setup.qr} alt={t('admin.security.qrAlt')} width={220} height={220} data-testid="totp-qr" />
            <Typography.Text type="secondary">
              {t('admin.security.secret')}{' '}
              <Typography.Text code copyable data-testid="totp-secret">
                {setup.secret}
              </Typography.Text>
            </Typography.Text>
            <Space wrap>
              <Input
                aria-label={t('admin.security.code')}
                placeholder="123456"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                maxLength={6}
                style={{ width: 200 }}
                autoComplete="one-time-code"
                data-testid="totp-code"
              />
              <Button
                type="primary"
                disabled={!/^[0-9]{6}$/.test(code.trim())}
                loading={mutation.isPending}
                onClick={() =>
                  call<AdminTotpRecovery>(
                    'me/totp/enable',
                    'post',
                    { code: code.trim() },
                    (answer) => {
                      setSetup(null);
                      setRecovery(answer.recovery_codes);
                      // the session now has an administrator's power: the menu and every page open
                      // (refetched in place, not reset, so this page and its recovery codes stay up meanwhile)
                      void Promise.all([loadIdentity(true), refreshPermissions()]).then(() =>
                        queryClient.invalidateQueries(),
                      );
                    },
                    t('admin.security.turnedOn'),
                  )
                }
                data-testid="totp-enable"
              >
                {t('admin.security.confirm')}
              </Button>
            </Space>
          </Space>
        ) : (
          <Space direction="vertical" size="middle">
            <Alert type="warning" showIcon message={t('admin.security.off')} />
            <Button
              type="primary"
              icon={<SafetyCertificateOutlined />}
              loading={mutation.isPending}
              onClick={() => call<Setup>('me/totp/setup', 'post', {}, setSetup, t('admin.security.scanNow'))}
              data-testid="totp-start"
            >
              {t('admin.security.start')}
            </Button>
          </Space>
        )}
      </Card>
    </section>
  );
}
