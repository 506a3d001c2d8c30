import { useOne } from '@refinedev/core';
import { Descriptions, Drawer, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../../shared/constants';
import { formatDate } from '../../../../lib/dates';
import type { AdminUser } from '../types';
import { DecisionButtons } from './DecisionButtons';
import type { MemberDecision } from '../../../../../shared/memberMoves';
import { fullName } from '../../../../lib/names';
import { WriteButton } from '../../../user/messages/WriteButton';

/** One member in full, with the decisions taken on them (GET /adm/users/{hash}). */
export function MemberDrawer({
  hash,
  onClose,
  onDecide,
}: {
  hash: string | null;
  onClose: () => void;
  onDecide: (hashes: string[], status: MemberDecision) => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const { result: member, query } = useOne<AdminUser>({
    resource: 'adm/users',
    id: hash ?? '',
    queryOptions: { enabled: !!hash },
  });
  const dash = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
  return (
    <Drawer
      open={!!hash}
      onClose={onClose}
      width={560}
      title={member ? fullName(member) : t('admin.loading')}
      loading={query.isLoading}
    >
      {member && (
        <>
          <DecisionButtons member={member} onDecide={onDecide} />
          {member.status === 'VALIDATED' && (
            <div style={{ marginTop: 12 }}>
              <WriteButton area="admin" target={{ to: member.hash, name: fullName(member) }} size="small" />
            </div>
          )}
          <Descriptions column={1} size="small" bordered style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('admin.users.status')}>{t(`admin.status.${member.status}`)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.users.email')}>
              {member.email} {member.email_confirmed === true && <Tag color="green">{t('admin.users.confirmed')}</Tag>}
              {member.email_confirmed === false && <Tag color="orange">{t('admin.users.unconfirmed')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item
              label={t('admin.users.document')}
            >{`${dash(member.document_type)} ${dash(member.document_number)}`}</Descriptions.Item>
            <Descriptions.Item
              label={t('admin.users.membership')}
            >{`${t(`role.${member.role}`)} · ${t('admin.users.requested')}: ${t(`role.${member.requested_role}`)}`}</Descriptions.Item>
            <Descriptions.Item label={t('admin.users.profileType')}>
              {member.profile_type ? t(`profileType.${member.profile_type}`) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.users.eligibilityBasis')}>
              {member.eligibility_basis ? t(`eligibilityBasis.${member.eligibility_basis}`) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.users.registryCheck')}>
              {member.registry_check ? t(`admin.users.registry.${member.registry_check}`) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.users.graduation')}>{dash(member.graduation_year)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.users.category')}>{dash(member.category?.title)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.users.birthdate')}>{dash(member.birthdate)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.users.phone')}>{dash(member.phone)}</Descriptions.Item>
            <Descriptions.Item
              label={t('admin.users.city')}
            >{`${dash(member.city)} (${dash(member.country_code)})`}</Descriptions.Item>
            <Descriptions.Item
              label={t('admin.users.job')}
            >{`${dash(member.current_job)} · ${dash(member.current_company)}`}</Descriptions.Item>
            <Descriptions.Item label={t('admin.users.language')}>{t(`lang.${member.language}`)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.users.subscriptionEnd')}>
              {formatDate(member.subscription_end, lng)}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.users.createdAt')}>
              {formatDate(member.created_at, lng, 'dateTime')}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('admin.users.history')}
          </Typography.Title>
          {member.history?.length ? (
            <Timeline
              items={member.history.map((entry) => ({
                key: entry.hash,
                children: `${formatDate(entry.created_at, lng, 'dateTime')} · ${t(`admin.action.${entry.action}`, { defaultValue: entry.action })} · ${entry.admin.email ?? ''}${entry.reason ? ` · ${entry.reason}` : ''}`,
              }))}
            />
          ) : (
            <Typography.Text type="secondary">{t('admin.users.noHistory')}</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  );
}
