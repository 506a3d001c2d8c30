/**
 * The direct-debit mandate under the bank account (issue 13 §4): the SEPA mandate text in the member's language for the
 * saved account (GET /usr/users/mandate through Refine's useCustom), accepted with one button, or the accepted one
 * (reference and date, the text as accepted) with a revoke that asks first (and says that revoking before collection
 * cancels the pending debit and ends Bold). A new account asks for a new mandate.
 */
import { useCustom, useCustomMutation, useInvalidateAuthStore } from '@refinedev/core';
import type { MembershipMandate } from '../../../../shared/schema-types';
import { useRefreshAll } from '../../../hooks/useRefreshAll';
import { Alert, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import { loadIdentity } from '../../../providers/auth';

type Mandate = MembershipMandate;

export function MandateSection({ iban }: { iban: string | null }) {
  const { t } = useTranslation();
  const { lng } = useLocale();
  // refetched when the saved account changes: another account needs its own mandate
  const { query } = useCustom<Mandate>({
    url: '/usr/users/mandate',
    method: 'get',
    queryOptions: { queryKey: ['mandate', iban ?? ''], staleTime: 0 },
  });
  const { mutate, mutation } = useCustomMutation<Mandate>();
  const refreshAll = useRefreshAll();
  const invalidateAuth = useInvalidateAuthStore();
  const mandate = query.data?.data;
  const act = (method: 'post' | 'delete', message: string) =>
    mutate(
      { url: '/usr/users/mandate', method, values: {}, successNotification: () => ({ type: 'success', message }) },
      {
        onSettled: async () => {
          void query.refetch();
          // revoking before the debit is collected ends Bold: the identity (menus, guards, permissions) follows
          await loadIdentity(true);
          await invalidateAuth();
          void refreshAll();
        },
      },
    );
  return (
    <Card className="mandate" title={t('mandate.title')} data-testid="mandate" style={{ marginTop: 24 }}>
      {!mandate ? null : mandate.accepted ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type="success"
            showIcon
            message={t('mandate.accepted', {
              reference: mandate.reference,
              date: formatDate(mandate.accepted_at, lng, 'long'),
            })}
            data-testid="mandate-accepted"
          />
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-line' }}>
            {mandate.text}
          </Typography.Paragraph>
          <Popconfirm
            title={t('mandate.revokeConfirm')}
            okText={t('mandate.revoke')}
            okButtonProps={{ danger: true }}
            cancelText={t('admin.cancel')}
            onConfirm={() => act('delete', t('mandate.revoked'))}
          >
            <Button danger loading={mutation.isPending}>
              {t('mandate.revoke')}
            </Button>
          </Popconfirm>
        </Space>
      ) : mandate.text ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('mandate.intro')}</Typography.Paragraph>
          <blockquote
            className="mandate-text"
            style={{ margin: 0, padding: '12px 16px', borderLeft: '3px solid #d9d9d9', background: '#fafafa' }}
          >
            {mandate.text}
          </blockquote>
          <Button
            type="primary"
            loading={mutation.isPending}
            onClick={() => act('post', t('mandate.acceptedDone'))}
            data-testid="mandate-accept"
          >
            {t('mandate.accept')}
          </Button>
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('mandate.needIban')}</Typography.Text>
      )}
    </Card>
  );
}
